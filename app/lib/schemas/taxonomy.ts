import * as z from 'zod/mini';
import { cleanName } from './name';

/** The longest sport or category name: it has to fit the navbar's dropdowns and the filters. */
export const TAXONOMY_NAME_MAX = 60;

const name = (required: string) =>
  z
    .string(required)
    .check(
      z.overwrite(cleanName),
      z.minLength(1, required),
      z.maxLength(TAXONOMY_NAME_MAX, `Keep the name under ${TAXONOMY_NAME_MAX + 1} characters.`),
    );

/** Add Sports: one field, the sport's name. */
export const SportFormSchema = z.object({ name: name('Sport name is required.') });

/** Add Categories: one field, the category's name. */
export const CategoryFormSchema = z.object({ name: name('Category name is required.') });

/** A rename from the Sports or Categories list: the same rule as creating one. */
export const RenameSportSchema = z.object({
  id: z.coerce.number().check(z.int(), z.positive()),
  name: name('Sport name is required.'),
});
export const RenameCategorySchema = z.object({
  id: z.coerce.number().check(z.int(), z.positive()),
  name: name('Category name is required.'),
});

/** A delete from the Sports or Categories list. */
export const DeleteTaxonomySchema = z.object({
  id: z.coerce.number().check(z.int(), z.positive()),
});

/**
 * Why a sport or category cannot be deleted: the products using it (`used`, of which `trashed`
 * are in the trash, which still hold their sport and categories until they are deleted for good).
 * The list says it before asking to confirm, and the server when it refuses.
 */
export function taxonomyInUse(kind: 'sport' | 'category', used: number, trashed = 0): string {
  const them = used === 1 ? 'it' : 'them';
  const products = `${used} ${used === 1 ? 'product' : 'products'}`;
  if (trashed > 0 && trashed === used)
    return `This ${kind} is used by ${products} in the trash (kept there for 30 days). Restore and move ${them} to another ${kind} first.`;
  const where = trashed > 0 ? `, ${trashed} of them in the trash` : '';
  return `This ${kind} is used by ${products}${where}. Move ${them} to another ${kind} first.`;
}
