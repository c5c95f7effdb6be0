import * as z from 'zod/mini';
import { charactersOrFewer } from './limits';
import { cleanName } from './name';
import { MAX_PRODUCT_IMAGES } from '~/lib/constants';
import type { ProductStatus } from '~/services/db/schema';

/** A product's statuses in the order the form offers them, with what each means for the shop. */
export const PRODUCT_STATUSES = [
  { value: 'published', label: 'Published', hint: 'In the shop.' },
  { value: 'draft', label: 'Draft', hint: 'Not in the shop yet.' },
  {
    value: 'hidden',
    label: 'Hidden',
    hint: 'Off the shop, its page gone for guests; past enquiries still name it.',
  },
] as const satisfies readonly { value: ProductStatus; label: string; hint: string }[];

/** How the back office names a status (and the trash). */
export const STATUS_LABEL: Record<ProductStatus | 'trashed', string> = {
  published: 'Published',
  draft: 'Draft',
  hidden: 'Hidden',
  trashed: 'In the trash',
};

/** The Add/Edit Product form's messages, word for word as staff have always seen them. */
export const PRODUCT_MESSAGES = {
  name: 'Product name is required.',
  sport: 'Please select a sport.',
  categories: 'Select at least one category.',
  images: 'Upload at least one image.',
  tooManyImages: `A product has at most ${MAX_PRODUCT_IMAGES} images.`,
  /** The later of two edits of one product (no silent overwrite). */
  conflict:
    'This product was changed by someone else since you opened it. Reload the page to see their changes, then make yours again.',
} as const;

/** 10 MiB: react-dropzone's message says 'File is larger than 10485760 bytes'. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** What the picker accepts; the server decides by the file's content, not by this. */
export const IMAGE_TYPES = { 'image/jpeg': [], 'image/png': [], 'image/webp': [] } as const;

export const PRODUCT_NAME_MAX = 200;
export const DESCRIPTION_MAX = 5000;

const id = (message: string) =>
  z.pipe(
    z.string({ error: message }).check(z.regex(/^[1-9]\d{0,9}$/, message)),
    z.transform(Number),
  );

/**
 * The images of a product, in display order (the first is the main image): `new:<n>` is the n-th
 * uploaded file of the request, `existing:<id>` an image the product already has.
 */
const imageSlots = z
  .array(z.string().check(z.regex(/^(new:[0-9]|existing:[1-9]\d{0,9})$/, 'Unknown image.')))
  .check(z.maxLength(MAX_PRODUCT_IMAGES, PRODUCT_MESSAGES.tooManyImages));

const fields = {
  name: z
    .string({ error: PRODUCT_MESSAGES.name })
    .check(
      z.overwrite(cleanName),
      z.minLength(1, PRODUCT_MESSAGES.name),
      z.maxLength(PRODUCT_NAME_MAX, `Keep the name to ${charactersOrFewer(PRODUCT_NAME_MAX)}.`),
    ),
  sportId: id(PRODUCT_MESSAGES.sport),
  categoryIds: z
    .array(id(PRODUCT_MESSAGES.categories))
    .check(z.minLength(1, PRODUCT_MESSAGES.categories), z.maxLength(50)),
  status: z.optional(
    z.enum(
      PRODUCT_STATUSES.map((s) => s.value),
      'Choose Published, Draft or Hidden.',
    ),
  ),
  description: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(
          DESCRIPTION_MAX,
          `Keep the description to ${charactersOrFewer(DESCRIPTION_MAX)}.`,
        ),
      ),
  ),
};

/** Add Product: name, sport, at least one category and at least one image; published unless told. */
export const ProductCreateSchema = z.object({
  ...fields,
  images: imageSlots.check(z.minLength(1, PRODUCT_MESSAGES.images)),
});

/** Edit Product: the same fields, the images as kept, and the revision the form was opened at. */
export const ProductEditSchema = z.object({
  ...fields,
  images: imageSlots,
  revision: id('Reload the page and try again.'),
});

export type ProductCreateInput = z.infer<typeof ProductCreateSchema>;
export type ProductEditInput = z.infer<typeof ProductEditSchema>;

/** Form fields read as lists (checkboxes and the ordered image slots). */
export const PRODUCT_ARRAYS = ['categoryIds', 'images'] as const;

/** The product list's actions on the ticked products (the trash has only its own, restore). */
export const BULK_INTENTS = [
  'bulk-hide',
  'bulk-show',
  'bulk-move',
  'bulk-trash',
  'bulk-restore',
] as const;
export type BulkIntent = (typeof BULK_INTENTS)[number];

/**
 * A bulk action: what to do, the ticked products as `id:revision` (the revision the list showed,
 * checked as a single edit checks its form's), and the category a move goes to.
 */
export const ProductBulkSchema = z.object({
  intent: z.enum(BULK_INTENTS, 'Unknown action. Please reload the page and try again.'),
  ids: z
    .array(
      z.string().check(z.regex(/^[1-9]\d{0,9}:[1-9]\d{0,9}$/, 'Reload the page and try again.')),
    )
    .check(
      z.minLength(1, 'Select at least one product.'),
      z.maxLength(500, 'Select at most 500 products at once.'),
    ),
  categoryId: z.optional(z.string()),
});
