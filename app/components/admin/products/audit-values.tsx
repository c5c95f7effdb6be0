import { STATUS_LABEL } from '~/lib/schemas/product';

/** A recorded image: its thumbnail's URL, or null when no file of it was kept. */
interface Thumb {
  src: string | null;
}

const isThumbs = (value: unknown): value is Thumb[] =>
  Array.isArray(value) &&
  value.every((v) => typeof v === 'object' && v !== null && 'src' in (v as object));

/**
 * A product's images as one side of a recorded change: small thumbnails in their order (the
 * first is the main image), or a grey square for an image recorded before thumbnails were kept.
 */
export function AuditImages({ images, label }: { images: unknown; label: string }) {
  if (!isThumbs(images) || images.length === 0)
    return <span className="text-slate-600">(none)</span>;
  return (
    <ul aria-label={label} className="inline-flex flex-wrap gap-1 align-middle">
      {images.map((image, i) =>
        image.src ? (
          <li key={i}>
            <img
              src={image.src}
              alt={`${i + 1} of ${images.length}`}
              width={40}
              height={40}
              loading="lazy"
              className="size-10 rounded border border-slate-200 object-cover"
            />
          </li>
        ) : (
          <li
            key={i}
            className="flex size-10 items-center justify-center rounded border border-slate-200 bg-slate-100 text-center text-[10px] leading-tight text-slate-700"
          >
            Image {i + 1}
          </li>
        ),
      )}
    </ul>
  );
}

/** A recorded status as staff call it ('Hidden', not 'hidden'). */
export function statusText(value: unknown): string | null {
  return typeof value === 'string' && value in STATUS_LABEL
    ? STATUS_LABEL[value as keyof typeof STATUS_LABEL]
    : null;
}
