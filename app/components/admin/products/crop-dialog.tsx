import { useEffect, useRef, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { Modal } from '~/components/ui/dialog';

/** The chosen part of an image as a JPEG file (canvas → Blob), named after the original. */
async function cropToJpeg(src: string, area: Area, name: string): Promise<File> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(area.width);
  canvas.height = Math.round(area.height);
  const context = canvas.getContext('2d')!;
  // A JPEG has no transparency: what was transparent is white (a canvas would make it black).
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(
    image,
    area.x,
    area.y,
    area.width,
    area.height,
    0,
    0,
    canvas.width,
    canvas.height,
  );
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', 0.92),
  );
  if (!blob) throw new Error('The browser could not crop this image.');
  return new File([blob], `${name.replace(/\.[^.]*$/, '') || 'image'}-cropped.jpg`, {
    type: 'image/jpeg',
  });
}

/**
 * 'Crop Image': a square crop with zoom 1 to 3 over a 300 px high preview. 'Don't crop'
 * keeps the original, 'Cancel' adds nothing, 'Confirm Crop' gives the cropped JPEG. A file the
 * browser cannot show as an image (a text file named .jpg: the type is read from the name) is
 * said so at once, with Cancel only, rather than added to be refused by the server on SUBMIT.
 */
export function CropDialog({
  file,
  src,
  onDone,
  returnFocus,
}: {
  file: File;
  src: string;
  /** The file to add (original or cropped), or null when cancelled. */
  onDone: (file: File | null) => void;
  /** Where the focus goes when the dialog has closed (see Modal). */
  returnFocus?: () => HTMLElement | null;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // 'Don't crop' waits until the image has shown, so an unreadable file is never offered.
  const [preview, setPreview] = useState<'loading' | 'shown' | 'unreadable'>('loading');
  const cancel = useRef<HTMLButtonElement>(null);
  // The zoom slider had the focus and goes with the cropper: Cancel, the one way on, takes it.
  useEffect(() => {
    if (preview === 'unreadable') cancel.current?.focus();
  }, [preview]);
  // Cancel, Don't crop and Esc stay usable while a crop is made; once the dialog is closed (or
  // gone), a crop that arrives late is dropped instead of adding an image nobody asked for.
  const closed = useRef(false);
  useEffect(() => {
    closed.current = false; // mounted again (StrictMode's check in development)
    return () => {
      closed.current = true;
    };
  }, []);
  const finish = (result: File | null) => {
    if (closed.current) return;
    closed.current = true;
    onDone(result);
  };

  const confirm = async () => {
    if (!area) return;
    setBusy(true);
    try {
      finish(await cropToJpeg(src, area, file.name));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      wide
      onOpenChange={(open) => (open ? null : finish(null))}
      title="Crop Image"
      description="Drag the image, or focus it and use the arrow keys, to place the square; zoom with the slider or the mouse wheel."
      initialFocus="crop-zoom"
      returnFocus={returnFocus}
    >
      {preview === 'unreadable' ? (
        <p
          id="crop-unreadable"
          role="alert"
          className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {file.name} cannot be read as an image. Choose a JPEG, PNG or WebP image.
        </p>
      ) : (
        <>
          <div className="on-dark relative mt-4 h-[300px] overflow-hidden rounded-md bg-slate-900">
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              minZoom={1}
              maxZoom={3}
              aspect={1}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
              onMediaLoaded={() => setPreview('shown')}
              mediaProps={{ onError: () => setPreview('unreadable') }}
              // The crop area is focusable (arrow keys move the image): give it a name.
              cropperProps={{ role: 'group', 'aria-label': 'Crop area: arrow keys move the image' }}
            />
          </div>
          <label htmlFor="crop-zoom" className="mt-4 block text-sm font-medium text-slate-800">
            Zoom
          </label>
          <input
            id="crop-zoom"
            type="range"
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            onChange={(e) => setZoom(Number(e.target.value))}
            className="mt-1 w-full accent-brand-600"
          />
        </>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button
          ref={cancel}
          type="button"
          onClick={() => finish(null)}
          aria-describedby={preview === 'unreadable' ? 'crop-unreadable' : undefined}
          className="rounded-md px-4 py-2 font-semibold text-slate-700 hover:bg-slate-100"
        >
          Cancel
        </button>
        {preview === 'unreadable' ? null : (
          <>
            <button
              type="button"
              disabled={preview !== 'shown'}
              onClick={() => finish(file)}
              className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60"
            >
              Don&apos;t crop
            </button>
            <button
              type="button"
              disabled={!area || busy}
              onClick={() => void confirm()}
              className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            >
              Confirm Crop
            </button>
          </>
        )}
      </div>
    </Modal>
  );
}
