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
