import { CheckCircle2, List } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { AdminPageHeader } from '~/components/admin/admin-shell';
import { Field, FormError } from '~/components/ui/field';
import { busyButton } from '~/lib/busy-button';
import type { ActionResult } from '~/lib/forms';
import { useForm } from '~/lib/use-form';
import type { TaxonomyCopy } from './labels';

export type CreateResult = ActionResult<{ created: { id: number; name: string } }>;

/**
 * Add Sports / Add Categories: one name field and SUBMIT. The form stays on the page so
 * several can be added in a row; a success says so (also without JavaScript) and links to the
 * new entry in the shop and to the list.
 */
export function CreateTaxonomyForm({
  copy,
  result,
}: {
  copy: TaxonomyCopy;
  result: CreateResult | undefined;
}) {
  const busy = useNavigation().state === 'submitting';
  const form = useForm(copy.createSchema, result);
  const created = result?.ok ? result.created : null;
  // A fresh form after each success (the field starts empty for the next one); a refusal keeps
  // what was typed.
  const [formKey, setFormKey] = useState(0);
  const [seen, setSeen] = useState(result);
  if (result !== seen) {
    setSeen(result);
    if (result?.ok) setFormKey((k) => k + 1);
  }
  // The fresh form's field takes the focus (the pressed SUBMIT went with the old form), so the
  // next name can be typed at once.
  useEffect(() => {
    if (formKey > 0) document.getElementById('name')?.focus();
  }, [formKey]);
  return (
    <>
      <AdminPageHeader
        title={copy.createTitle}
        description={`A new ${copy.one} appears in the shop's menus and filters straight away.`}
        actions={
          <Link
            to={copy.listHref}
            className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
          >
            <List aria-hidden className="size-4" /> All {copy.many}
          </Link>
        }
      />
      <div className="max-w-xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div role="status" aria-live="polite">
          {created ? (
            <p className="mb-4 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
              <CheckCircle2 aria-hidden className="size-4 shrink-0" />
              <span>
                <strong>{created.name}</strong> created.
              </span>
              <Link to={copy.shopHref(created.id)} className="font-semibold underline">
                See it in the shop
              </Link>
            </p>
          ) : null}
        </div>
        <Form method="post" {...form.props} key={formKey} className="space-y-2">
          <FormError message={form.formError} />
          <Field
            id="name"
            label={copy.fieldLabel}
            defaultValue={result && !result.ok ? result.typed?.name : undefined}
            autoComplete="off"
            error={form.errors.name}
            required
          />
          <button
            type="submit"
            {...busyButton(busy)}
            className="rounded-md bg-brand-600 px-6 py-2.5 font-bold tracking-wide text-white hover:bg-brand-700 disabled:opacity-60 aria-disabled:opacity-60"
          >
            Submit
          </button>
        </Form>
      </div>
    </>
  );
}
