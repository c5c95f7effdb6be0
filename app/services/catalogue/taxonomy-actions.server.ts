import { formValues } from '~/lib/forms';
import {
  CategoryFormSchema,
  DeleteTaxonomySchema,
  RenameCategorySchema,
  RenameSportSchema,
  SportFormSchema,
} from '~/lib/schemas/taxonomy';
import { UserError } from '../errors.server';
import { formAction, parseInput, readForm } from '../forms.server';
import type { SessionUser } from '../permissions.server';
import {
  createTaxonomy,
  deleteTaxonomy,
  renameTaxonomy,
  type TaxonomyKind,
} from './admin-taxonomy.server';

/**
 * The Add Sports and Add Categories pages' action: one name, checked with the kind's schema.
 * Call it after `requireAdmin`; the answer names the entry created.
 */
export async function taxonomyCreateAction(
  admin: SessionUser,
  kind: TaxonomyKind,
  request: Request,
) {
  return formAction(async () => {
    const schema = kind === 'sport' ? SportFormSchema : CategoryFormSchema;
    const input = parseInput(schema, formValues(await readForm(request)));
    const entry = await createTaxonomy(admin, kind, input);
    return { ok: true as const, created: { id: entry.id, name: entry.name } };
  });
}

/**
 * The Sports and Categories lists' one action: `intent=rename` (id, name) or `intent=delete` (id).
 * Call it after `requireAdmin`; the answer is an ActionResult naming the intent and the entry.
 */
export async function taxonomyListAction(admin: SessionUser, kind: TaxonomyKind, request: Request) {
  return formAction(async () => {
    const values = formValues(await readForm(request));
    if (values.intent === 'rename') {
      const schema = kind === 'sport' ? RenameSportSchema : RenameCategorySchema;
      const input = parseInput(schema, values);
      const entry = await renameTaxonomy(admin, kind, input.id, input);
      return {
        ok: true as const,
        intent: 'rename' as const,
        id: entry.id,
        message: `Renamed to ${entry.name}.`,
      };
    }
    if (values.intent === 'delete') {
      const { id } = parseInput(DeleteTaxonomySchema, values);
      const entry = await deleteTaxonomy(admin, kind, id);
      return {
        ok: true as const,
        intent: 'delete' as const,
        id,
        message: `${entry.name} deleted.`,
      };
    }
    throw new UserError('Unknown action. Please reload the page and try again.', 400);
  });
}
