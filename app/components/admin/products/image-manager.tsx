import { ArrowDown, ArrowUp, ImagePlus, RefreshCw, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { MAX_PRODUCT_IMAGES } from '~/lib/constants';
import { useFocusAfterChange } from '~/lib/use-focus-after-change';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '~/lib/schemas/product';
import { CropDialog } from './crop-dialog';

/** An image of the form: one the product has (by id) or a file chosen here. */
export type ImageSlot =
  { kind: 'existing'; id: number; src: string } | { kind: 'new'; file: File; src: string };

/** The form's `images` values, in order: `existing:<id>` or `new:<n>` (the n-th file sent). */
export function slotTokens(slots: ImageSlot[]): string[] {
  let n = 0;
  return slots.map((s) => (s.kind === 'existing' ? `existing:${s.id}` : `new:${n++}`));
}

/** The files to send with the form, in the order the `new:<n>` tokens name them. */
export function slotFiles(slots: ImageSlot[]): File[] {
  return slots.flatMap((s) => (s.kind === 'new' ? [s.file] : []));
}

const iconButton =
  'inline-flex h-9 w-full items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:opacity-40 aria-disabled:opacity-40';

/**
 * The product's images: a drop area (drag and drop or click; JPEG, PNG or WebP; one at a time; at
 * most three), each chosen file going through 'Crop Image' first, and the list in display order
 * with buttons to move, replace and remove each (the first is the main image in the shop).
 */
export function ImageManager({
  slots,
  onChange,
  error,
}: {
  slots: ImageSlot[];
  onChange: (slots: ImageSlot[]) => void;
  error?: string;
}) {
  const id = useId();
  const [pending, setPending] = useState<{ file: File; src: string; at: number | null } | null>(
    null,
  );
  const [rejections, setRejections] = useState<readonly FileRejection[]>([]);
  const replaceAt = useRef<number | null>(null);
  const full = slots.length >= MAX_PRODUCT_IMAGES;

  // Object URLs of chosen files are released when their image leaves the form.
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const live = new Set(slots.filter((s) => s.kind === 'new').map((s) => s.src));
    if (pending) live.add(pending.src);
    for (const url of urls.current)
      if (!live.has(url)) {
        URL.revokeObjectURL(url);
        urls.current.delete(url);
      }
  }, [slots, pending]);
  // …and all of them when the form goes away.
  useEffect(() => {
    const created = urls.current;
    return () => {
      for (const url of created) URL.revokeObjectURL(url);
      created.clear();
    };
  }, []);

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: IMAGE_TYPES,
    maxSize: MAX_IMAGE_BYTES,
    multiple: false,
    maxFiles: 1,
    // Once three images exist further drops are ignored (three at most); Replace still opens the picker.
    noDrag: full,
    noClick: full,
    // The root is not a control of its own: keyboard and screen-reader users get a real button.
    noKeyboard: true,
    // The product's own wording of the limit in bytes, where react-dropzone would say '10 MB'.
    getErrorMessage: (error) =>
      error.code === 'file-too-large'
        ? `File is larger than ${MAX_IMAGE_BYTES} bytes`
        : error.message,
    onDrop(accepted, rejected) {
      setRejections(rejected);
      const file = accepted[0];
      const at = replaceAt.current;
      replaceAt.current = null;
      // One at a time: a drop of several adds none of them (the message says why).
      const several = rejected.some((r) => r.errors.some((e) => e.code === 'too-many-files'));
      if (!file || several || (full && at === null)) return;
      const src = URL.createObjectURL(file);
      urls.current.add(src);
      setPending({ file, src, at });
    },
    onFileDialogCancel() {
      replaceAt.current = null;
    },
  });

  // Where the focus goes as the crop dialog closes. Its opener may be gone by then: the picker
  // once the third image is in, a Replace with the preview it replaced (or nothing had the focus:
  // the drop area was clicked). So: the added or replaced image's Replace, or the picker while
  // there is room for more.
  const afterCrop = useRef<string | null>(null);
  const finishCrop = (file: File | null) => {
    const current = pending;
    setPending(null);
    if (!current) return;
    const replace = (i: number) => `${id}-replace-${i}`;
    afterCrop.current = current.at === null ? `${id}-choose` : replace(current.at);
    if (!file) return;
    const src = file === current.file ? current.src : URL.createObjectURL(file);
    urls.current.add(src);
    const slot: ImageSlot = { kind: 'new', file, src };
    const next =
      current.at === null ? [...slots, slot] : slots.map((s, i) => (i === current.at ? slot : s));
    if (next.length >= MAX_PRODUCT_IMAGES && current.at === null)
      afterCrop.current = replace(next.length - 1);
    onChange(next);
  };
  const focusAfterCrop = () => {
    const target = afterCrop.current;
    afterCrop.current = null;
    return target ? document.getElementById(target) : null;
  };

  // What a move or a removal did, said to screen readers; and where the focus goes after a
  // removal (its button goes with the image): the next image's Remove, else the picker.
  const [said, say] = useState('');
  const focusAfterChange = useFocusAfterChange(slots);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= slots.length) return;
    const next = [...slots];
    const [slot] = next.splice(from, 1);
    next.splice(to, 0, slot!);
    onChange(next);
    say(`Image moved to position ${to + 1}${to === 0 ? ', the main image' : ''}.`);
  };
  const remove = (at: number) => {
    const rest = slots.filter((_, j) => j !== at);
    focusAfterChange(
      rest.length ? `${id}-remove-${Math.min(at, rest.length - 1)}` : `${id}-choose`,
    );
    onChange(rest);
    say(`Image ${at + 1} removed.`);
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-error`}>
      <p id={`${id}-label`} className="block text-sm font-medium text-slate-800">
        Images{' '}
        <span className="font-normal text-slate-600">
          ({slots.length} of {MAX_PRODUCT_IMAGES}; the first is the main image)
        </span>
      </p>
      {slots.length ? (
        <ol className="mt-2 grid gap-2 sm:grid-cols-3">
          {slots.map((slot, i) => (
            <li
              key={slot.kind === 'existing' ? `existing-${slot.id}` : slot.src}
              className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2 sm:flex-col sm:items-stretch"
            >
              <img
                src={slot.src}
                alt={`Preview ${i + 1} of ${slots.length}`}
                className="size-20 shrink-0 rounded object-cover sm:aspect-square sm:size-auto sm:w-full"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <span className="text-sm font-medium text-slate-700">
                  {i === 0 ? 'Main image' : `Image ${i + 1}`}
                </span>
                <div className="grid max-w-48 grid-cols-4 gap-1 noscript:hidden">
                  {/* aria-disabled at the ends, not disabled: the button moves with its image,
                      and a disabled one would drop the keyboard's focus. */}
                  <button
                    type="button"
                    className={iconButton}
                    aria-disabled={i === 0 || undefined}
                    onClick={() => move(i, i - 1)}
                    aria-label={`Move image ${i + 1} up`}
                  >
                    <ArrowUp aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-disabled={i === slots.length - 1 || undefined}
                    onClick={() => move(i, i + 1)}
                    aria-label={`Move image ${i + 1} down`}
                  >
                    <ArrowDown aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    id={`${id}-replace-${i}`}
                    className={iconButton}
                    onClick={() => {
                      replaceAt.current = i;
                      open();
                    }}
                    aria-label={`Replace image ${i + 1}`}
                  >
                    <RefreshCw aria-hidden className="size-4" />
                  </button>
                  <button
                    type="button"
                    id={`${id}-remove-${i}`}
                    className={`${iconButton} text-red-700`}
                    onClick={() => remove(i)}
                    aria-label={`Remove image ${i + 1}`}
                  >
                    <Trash2 aria-hidden className="size-4" />
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      <p className="mt-2 hidden rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-700 noscript:block">
        Adding, replacing or reordering images needs JavaScript. The other fields can be saved
        without it.
      </p>
      <div
        {...getRootProps({
          'data-testid': 'image-dropzone',
          className: `mt-2 flex noscript:hidden flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-6 text-center text-sm ${
            full
              ? 'border-slate-200 bg-slate-50 text-slate-600'
              : isDragActive
                ? 'border-brand-600 bg-brand-50 text-brand-800'
                : `cursor-pointer bg-white text-slate-700 hover:border-brand-600 ${error ? 'border-red-600' : 'border-slate-300'}`
          }`,
        })}
      >
        {/* The file input is driven by the button below; screen readers meet only the button. */}
        <input {...getInputProps({ 'aria-hidden': true })} />
        <ImagePlus aria-hidden className="size-6" />
        {full ? (
          <span>{MAX_PRODUCT_IMAGES} images: remove or replace one to change them.</span>
        ) : (
          <>
            <span className="font-semibold">
              {isDragActive ? 'Drop the image here' : 'Drag and drop an image here, or'}
            </span>
            <button
              type="button"
              id={`${id}-choose`}
              // The images' stand-in for the focus when they are refused (use-form.ts).
              data-error-for="images"
              aria-describedby={`${id}-error`}
              onClick={(event) => {
                // The drop area opens the picker on click too: open it once.
                event.stopPropagation();
                open();
              }}
              className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-50"
            >
              Choose an image
            </button>
            <span className="text-xs text-slate-600">
              JPEG, PNG or WebP, up to 10 MB, one at a time
            </span>
          </>
        )}
      </div>
      {rejections.length ? (
        <ul role="alert" className="mt-2 space-y-1 text-sm text-red-700">
          {rejections.flatMap((r) =>
            r.errors.map((e) => (
              <li key={`${r.file.name}-${e.code}`}>
                {r.file.name}: {e.message}
              </li>
            )),
          )}
        </ul>
      ) : null}
      <p role="status" className="sr-only">
        {said}
      </p>
      <p id={`${id}-error`} className="mt-1 min-h-5 text-sm text-red-700">
        {error}
      </p>
      {slotTokens(slots).map((token) => (
        <input key={token} type="hidden" name="images" value={token} />
      ))}
      {pending ? (
        <CropDialog
          file={pending.file}
          src={pending.src}
          onDone={finishCrop}
          returnFocus={focusAfterCrop}
        />
      ) : null}
    </div>
  );
}
