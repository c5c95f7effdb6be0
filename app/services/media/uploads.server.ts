import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  parseFormData,
} from '@remix-run/form-data-parser';
import sharp, { type Metadata } from 'sharp';
import { MAX_PRODUCT_IMAGES } from '~/lib/constants';
import { MAX_IMAGE_BYTES, PRODUCT_MESSAGES } from '~/lib/schemas/product';
import { UserError } from '../errors.server';
import { storage, storeImage, type StoredImage } from './storage.server';

/**
 * Decoded size limit. sharp's default (268 MP) lets a small PNG expand to gigabytes of pixels
 * (a decompression bomb); 40 MP is more than any product photo needs (a 7000×5700 camera image).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Room for the text fields and multipart headers next to the largest allowed files. */
const FORM_MARGIN = 1024 * 1024;
const MAX_BODY_BYTES = MAX_PRODUCT_IMAGES * MAX_IMAGE_BYTES + FORM_MARGIN;

export const UPLOAD_MESSAGES = {
  bodyTooLarge: `The upload is too large: at most ${MAX_PRODUCT_IMAGES} images of 10 MB each.`,
  fileTooLarge: 'Each image must be 10 MB or smaller.',
  unreadable: 'The form could not be read. Please reload the page and try again.',
  notImage: (label: string) => `${label} is not a JPEG, PNG or WebP image.`,
  damaged: (label: string) => `${label} could not be read: the file is damaged or incomplete.`,
  tooManyPixels: (label: string) =>
    `${label} has too many pixels (at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels).`,
} as const;

/** A product form as the server received it: the text fields and the image files in order. */
export interface ProductUpload {
  form: FormData;
  files: File[];
}

/**
 * Reads a product form (multipart/form-data) as a stream. A declared body beyond three full
 * images is refused before a byte is read, a file beyond 10 MB as soon as its 10 MB are passed
 * (413, nothing buffered past the limit), and more than three files with a 400. Only the `file`
 * field may carry files.
 */
export async function readProductUpload(request: Request): Promise<ProductUpload> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw new UserError(UPLOAD_MESSAGES.bodyTooLarge, 413);
  const files: File[] = [];
  try {
    const form = await parseFormData(
      request,
      {
        maxFileSize: MAX_IMAGE_BYTES,
        maxFiles: MAX_PRODUCT_IMAGES,
        maxTotalSize: MAX_BODY_BYTES,
        maxParts: 100,
      },
      (file) => {
        if (file.fieldName === 'file') files.push(file);
        return null;
      },
    );
    return { form, files };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError)
      throw new UserError(UPLOAD_MESSAGES.fileTooLarge, 413);
    if (error instanceof MaxTotalSizeExceededError)
      throw new UserError(UPLOAD_MESSAGES.bodyTooLarge, 413);
    if (error instanceof MaxFilesExceededError)
      throw new UserError(PRODUCT_MESSAGES.tooManyImages, 400, 'images');
    if (error instanceof MaxPartsExceededError || error instanceof FormDataParseError)
      throw new UserError(UPLOAD_MESSAGES.unreadable, 400);
    throw error;
  }
}

/** What is wrong with an uploaded image, found by `imageProblem`. */
export type ImageProblem = 'notImage' | 'tooManyPixels' | 'damaged';

/**
 * Whether a file is an image of one of `formats` (sharp's names: 'jpeg', 'png', 'webp') by its
 * content (its name and declared type are ignored) that decodes completely within the pixel
 * limit: null when it is, else what is wrong. With `decode: false` only the header is read, for
 * a caller that decodes the file next anyway (storeImage throws ImageDecodeError if it is damaged).
 */
export async function imageProblem(
  data: Buffer,
  formats: readonly string[],
  { decode = true }: { decode?: boolean } = {},
): Promise<ImageProblem | null> {
  let meta: Metadata;
  try {
    // Only the header is read here, so no pixel limit yet: the size check below names the problem.
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    return 'notImage';
  }
  if (!formats.includes(meta.format)) return 'notImage';
  // The header alone says how big the decoded image would be: refuse before decoding it.
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_IMAGE_PIXELS)
    return 'tooManyPixels';
  if (!decode) return null;
  try {
    // A full decode: a truncated or corrupt file fails here rather than half-stored.
    await sharp(data, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .resize(8, 8)
      .raw()
      .toBuffer();
  } catch {
    return 'damaged';
  }
  return null;
}

/**
 * Checks that a file is a JPEG, PNG or WebP image by its content and that it decodes completely
 * within the pixel limit. Refusals are 4xx UserErrors about `field` (the product form's `images`)
 * that name the file by `label`.
 */
export async function checkImage(data: Buffer, label: string, field = 'images'): Promise<void> {
  switch (await imageProblem(data, ['jpeg', 'png', 'webp'])) {
    case 'notImage':
      throw new UserError(UPLOAD_MESSAGES.notImage(label), 415, field);
    case 'tooManyPixels':
      throw new UserError(UPLOAD_MESSAGES.tooManyPixels(label), 413, field);
    case 'damaged':
      throw new UserError(UPLOAD_MESSAGES.damaged(label), 422, field);
  }
}

/** "Image 2 (photo.png)": how messages name an uploaded file. */
export function uploadLabel(file: File, index: number): string {
  const name = file.name && file.name !== 'blob' ? ` (${file.name.slice(0, 80)})` : '';
  return `Image ${index + 1}${name}`;
}

/**
 * Checks every file first (so a bad third file stores nothing), then stores each with its
 * variants. Keys this call created are pushed to `written` as they are made, so the caller can
 * remove them if its transaction fails.
 */
export async function storeUploads(files: File[], written: string[]): Promise<StoredImage[]> {
  const buffers = await Promise.all(files.map(async (f) => Buffer.from(await f.arrayBuffer())));
  for (const [i, data] of buffers.entries()) await checkImage(data, uploadLabel(files[i]!, i));
  const stored: StoredImage[] = [];
  for (const data of buffers)
    stored.push(await storeImage(data, { limitInputPixels: MAX_IMAGE_PIXELS, written }));
  return stored;
}

/** Removes stored files (after a failed transaction, or once no product uses them). */
export async function removeFiles(keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage().delete(key)));
}
