import * as z from 'zod/mini';
import { charactersOrFewer } from './limits';
import { cleanName } from './name';
import { MAX_PRODUCT_IMAGES } from '~/lib/constants';
import type { ProductSpecification, ProductStatus } from '~/services/db/schema';

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
export const MODEL_CODE_MAX = 60;
export const SPEC_NAME_MAX = 60;
export const SPEC_VALUE_MAX = 200;
export const SPEC_UNIT_MAX = 20;
export const SPECS_MAX = 30;

export const SPEC_MESSAGES = {
  modelCode: `Keep the model code to ${charactersOrFewer(MODEL_CODE_MAX)}.`,
  oneLine: 'Keep it to one line, without tabs or control characters.',
  /** Two products never share a model code (ignoring case). */
  modelCodeTaken: (name: string) => `Another product already has this model code: ${name}.`,
  name: `Keep each specification's name to ${charactersOrFewer(SPEC_NAME_MAX)}.`,
  value: `Keep each specification's value to ${charactersOrFewer(SPEC_VALUE_MAX)}.`,
  unit: `Keep each unit to ${charactersOrFewer(SPEC_UNIT_MAX)}.`,
  unnamed: 'Each specification needs a name and a value.',
  duplicate: (name: string) => `The specification "${name}" is listed twice.`,
  tooMany: `A product has at most ${SPECS_MAX} specifications.`,
} as const;

/** Control characters (line breaks, tabs…): a one-line value never holds them. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A one-line text of at most `max` characters, trimmed; '' when left empty. */
const line = (max: number, message: string) =>
  z.string().check(
    z.trim(),
    z.maxLength(max, message),
    z.refine((v) => !CONTROL.test(v), SPEC_MESSAGES.oneLine),
  );

/**
 * The specification rows as typed, in order: rows left wholly empty are dropped. A row needs a
 * name and a value; null when a row lacks one (the form says so).
 */
export function specificationsOf(rows: {
  specName?: string[];
  specValue?: string[];
  specUnit?: string[];
}): ProductSpecification[] | null {
  const names = rows.specName ?? [];
  const values = rows.specValue ?? [];
  const units = rows.specUnit ?? [];
  const out: ProductSpecification[] = [];
  for (let i = 0; i < Math.max(names.length, values.length, units.length); i++) {
    const name = (names[i] ?? '').trim();
    const value = (values[i] ?? '').trim();
    const unit = (units[i] ?? '').trim();
    if (!name && !value && !unit) continue;
    if (!name || !value) return null;
    out.push(unit ? { name, value, unit } : { name, value });
  }
  return out;
}

/**
 * A refused plain post's fields to start the new page from: the text fields as they are, the
 * specification rows as JSON under `specifications` (joined with commas they could not be told
 * apart).
 */
export function typedProductFields(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== 'string' || name.startsWith('spec')) continue;
    out[name] = name in out ? `${out[name]},${value}` : value;
  }
  const all = (name: string) => form.getAll(name).map(String);
  const rows = all('specName').map((name, i) => ({
    name,
    value: all('specValue')[i] ?? '',
    unit: all('specUnit')[i] ?? '',
  }));
  out.specifications = JSON.stringify(rows.filter((r) => r.name || r.value || r.unit));
  return out;
}

/** The first problem with a list of specifications as a whole, or null. */
export function specificationsProblem(specs: ProductSpecification[] | null): string | null {
  if (!specs) return SPEC_MESSAGES.unnamed;
  if (specs.length > SPECS_MAX) return SPEC_MESSAGES.tooMany;
  const seen = new Set<string>();
  for (const s of specs) {
    const key = s.name.toLowerCase();
    if (seen.has(key)) return SPEC_MESSAGES.duplicate(s.name);
    seen.add(key);
  }
  return null;
}

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
  modelCode: z.optional(line(MODEL_CODE_MAX, SPEC_MESSAGES.modelCode)),
  specName: z.optional(z.array(line(SPEC_NAME_MAX, SPEC_MESSAGES.name)).check(z.maxLength(200))),
  specValue: z.optional(z.array(line(SPEC_VALUE_MAX, SPEC_MESSAGES.value)).check(z.maxLength(200))),
  specUnit: z.optional(z.array(line(SPEC_UNIT_MAX, SPEC_MESSAGES.unit)).check(z.maxLength(200))),
};

/** The rows as a whole: every row named and valued, no name twice, at most SPECS_MAX. */
type SpecRows = Parameters<typeof specificationsOf>[0];
const specsTogether = z.refine<SpecRows>(
  (v) => specificationsProblem(specificationsOf(v)) === null,
  {
    // The message names the rule broken: the first one, as specificationsProblem finds it.
    error: (issue) =>
      specificationsProblem(specificationsOf(issue.input as SpecRows)) ?? SPEC_MESSAGES.unnamed,
    path: ['specifications'],
  },
);

/** Add Product: name, sport, at least one category and at least one image; published unless told. */
export const ProductCreateSchema = z
  .object({
    ...fields,
    images: imageSlots.check(z.minLength(1, PRODUCT_MESSAGES.images)),
  })
  .check(specsTogether);

/** Edit Product: the same fields, the images as kept, and the revision the form was opened at. */
export const ProductEditSchema = z
  .object({
    ...fields,
    images: imageSlots,
    revision: id('Reload the page and try again.'),
  })
  .check(specsTogether);

export type ProductCreateInput = z.infer<typeof ProductCreateSchema>;
export type ProductEditInput = z.infer<typeof ProductEditSchema>;

/** Form fields read as lists (checkboxes and the ordered image slots). */
export const PRODUCT_ARRAYS = [
  'categoryIds',
  'images',
  'specName',
  'specValue',
  'specUnit',
] as const;

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
