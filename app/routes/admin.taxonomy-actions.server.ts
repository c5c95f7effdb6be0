// The actions of the back office's sport and category pages, which the two kinds share as they
// share the pages' components: the form read and checked, one domain function called, its answer
// shaped for the page. The rules themselves live in the service (admin-taxonomy.server.ts).
import { formValues } from '~/lib/forms';
import {
  CategoryFormSchema,
  DeleteTaxonomySchema,
  RenameCategorySchema,
  RenameSportSchema,
  SportFormSchema,
} from '~/lib/schemas/taxonomy';
import {
  createTaxonomy,
  deleteTaxonomy,
  renameTaxonomy,
  type TaxonomyKind,
} from '~/services/catalogue/admin-taxonomy.server';
import { UserError } from '~/services/errors.server';
import { formAction, parseInput, readForm, refusalKeeping } from '~/services/forms.server';
import type { SessionUser } from '~/services/permissions.server';

/**
 * The Add Sports and Add Categories pages' action: one name, checked with the kind's schema.
 * Call it after `requireAdmin`; the answer names the entry created.
 */
export async function taxonomyCreateAction(
  admin: SessionUser,
  kind: TaxonomyKind,
  request: Request,
) {
  let typed = '';
  try {
    const values = formValues(await readForm(request));
    typed = String(values.name ?? '');
    const schema = kind === 'sport' ? SportFormSchema : CategoryFormSchema;
    const entry = await createTaxonomy(admin, kind, parseInput(schema, values));
    return { ok: true as const, created: { id: entry.id, name: entry.name } };
  } catch (error) {
    // Without JavaScript the refusal is a new page: its field starts from the refused name.
    return refusalKeeping(error, { name: typed });
  }
}

/**
 * The Sports and Categories lists' one action: `intent=rename` (id, name) or `intent=delete` (id).
 * Call it after `requireAdmin`; the answer is an ActionResult naming the intent and the entry.
 */
export async function taxonomyListAction(admin: SessionUser, kind: TaxonomyKind, request: Request) {
  type Done = { ok: true; intent: 'rename' | 'delete'; id: number; message: string };
  return formAction<Done>(async () => {
    const values = formValues(await readForm(request));
    if (values.intent === 'rename') {
      const schema = kind === 'sport' ? RenameSportSchema : RenameCategorySchema;
      try {
        const input = parseInput(schema, values);
        const entry = await renameTaxonomy(admin, kind, input.id, input);
        return {
          ok: true as const,
          intent: 'rename' as const,
          id: entry.id,
          message: `Renamed to ${entry.name}.`,
        };
      } catch (error) {
        // The row's form without JavaScript shows the refused name again, not the old one (which
        // would read as the name that is taken).
        return refusalKeeping(error, { name: String(values.name ?? '') });
      }
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
