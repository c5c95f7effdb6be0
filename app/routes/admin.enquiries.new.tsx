import { Plus } from 'lucide-react';
import { randomUUID } from 'node:crypto';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, redirect, useActionData, useFetcher, useNavigation } from 'react-router';
import type { Route } from './+types/admin.enquiries.new';
import { AdminPageHeader, BackLink } from '~/components/admin/admin-shell';
import { card, primaryButton, secondaryButton } from '~/components/admin/inbox/styles';
import { Field, FormError, SelectField, TextAreaField } from '~/components/ui/field';
import { adminMeta } from '~/lib/admin-meta';
import { busyButton } from '~/lib/busy-button';
import { formValues } from '~/lib/forms';
import {
  MANUAL_SOURCES,
  MAX_MANUAL_LINES,
  SOURCE_LABELS,
  START_LINES,
  manualEnquirySchema,
  readManualEnquiry,
} from '~/lib/schemas/desk';
import { ENQUIRY_LIMITS } from '~/lib/schemas/enquiry';
import { useFocusAfterChange } from '~/lib/use-focus-after-change';
import { useForm } from '~/lib/use-form';
import { useHydrated } from '~/lib/use-hydrated';
import { formAction, parseInput, readForm, refusalKeeping } from '~/services/forms.server';
import {
  createEnquiryByHand,
  enquiryOfMessage,
  findCatalogueProducts,
  productPick,
} from '~/services/inbox/desk.server';
import { readMessage } from '~/services/inbox/messages.server';
import { requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = () => adminMeta('New enquiry');

const linesOf = (value: unknown) =>
  Math.min(MAX_MANUAL_LINES, Math.max(1, Number(value) || START_LINES));

/**
 * The form, started from a contact message when `?message=` names one (its sender and words), or
 * `?find=` answered with the catalogue products whose names contain it (the product fields'
 * suggestions).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const find = url.searchParams.get('find');
  if (find !== null)
    return { suggestions: (await findCatalogueProducts(find.slice(0, 100))).map(productPick) };
  const messageId = Number(url.searchParams.get('message'));
  const message =
    Number.isInteger(messageId) && messageId > 0 && messageId < 2 ** 31
      ? await readMessage(messageId)
      : null;
  if (message) {
    // Already an enquiry: that one.
    const made = await enquiryOfMessage(message.id);
    if (made) throw redirect(`/admin/enquiries/${made.id}`);
  }
  return {
    suggestions: [] as string[],
    // One key per form shown: a double submit makes one enquiry.
    idempotencyKey: randomUUID(),
    message: message
      ? {
          id: message.id,
          name: message.name,
          email: message.email,
          phone: message.phone,
          text: message.message,
        }
      : null,
  };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return formAction(async () => {
    const form = await readForm(request);
    const lines = linesOf(form.get('lines'));
    let created: Awaited<ReturnType<typeof createEnquiryByHand>>;
    try {
      const values = parseInput(manualEnquirySchema(lines), formValues(form));
      created = await createEnquiryByHand(admin, readManualEnquiry(values, lines));
    } catch (error) {
      // The refused page without JavaScript starts from what was typed.
      return refusalKeeping(error, form);
    }
    throw redirect(`/admin/enquiries/${created.id}?entered`);
  });
}

export default function NewEnquiry({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const typed = (result && !result.ok && 'typed' in result ? result.typed : null) as Record<
    string,
    string
  > | null;
  const from = 'message' in loaderData ? loaderData.message : null;
  const key = 'idempotencyKey' in loaderData ? loaderData.idempotencyKey : '';
  const start: Record<string, string> = typed ?? {
    name: from?.name ?? '',
    email: from?.email ?? '',
    phone: from?.phone ?? '',
    message: from?.text ?? '',
  };
  const startLines = linesOf(start.lines);
  const [lines, setLines] = useState(startLines);
  const focusAfterChange = useFocusAfterChange(lines);
  const schema = useMemo(() => manualEnquirySchema(lines), [lines]);
  const form = useForm(schema, result);
  const hydrated = useHydrated();
  const busy = useNavigation().state === 'submitting';
  const suggestions = useProductSuggestions();

  return (
    <>
      <BackLink to={from ? `/admin/messages/${from.id}` : '/admin/enquiries'}>
        {from ? 'The message' : 'All enquiries'}
      </BackLink>
      <AdminPageHeader
        title="New enquiry"
        description={
          from
            ? `From ${from.name}'s contact message: it stays in the enquiry's timeline, and the message is marked handled.`
            : 'An enquiry that came by phone, e-mail or in person: it is quoted like one from the shop.'
        }
      />
      <Form method="post" {...form.props} className="space-y-6">
        <FormError message={form.formError} />
        <input type="hidden" name="idempotencyKey" value={typed?.idempotencyKey ?? key} />
        <input type="hidden" name="lines" value={lines} />
        {from ? <input type="hidden" name="fromMessage" value={from.id} /> : null}
        <section aria-labelledby="customer-heading" className={card}>
          <h2 id="customer-heading" className="mb-3 text-lg font-bold text-slate-900">
            Customer
          </h2>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field
              id="name"
              label="Name"
              defaultValue={start.name}
              maxLength={ENQUIRY_LIMITS.name}
              autoComplete="off"
              error={form.errors.name}
              required
            />
            <Field
              id="organisation"
              label="Organisation (optional)"
              defaultValue={start.organisation}
              maxLength={ENQUIRY_LIMITS.organisation}
              autoComplete="off"
              error={form.errors.organisation}
            />
            <Field
              id="email"
              type="email"
              label="E-mail"
              hint="An e-mail address or a phone number, or both."
              defaultValue={start.email}
              maxLength={ENQUIRY_LIMITS.email}
              autoComplete="off"
              error={form.errors.email}
            />
            <Field
              id="phone"
              type="tel"
              label="Phone"
              hint="Quotations and replies are e-mailed; without an address, phone them."
              defaultValue={start.phone}
              maxLength={ENQUIRY_LIMITS.phone}
              autoComplete="off"
              error={form.errors.phone}
            />
            {from ? (
              <p className="text-sm text-slate-700 sm:col-span-2">
                Came in through the contact form.
              </p>
            ) : (
              <SelectField
                id="source"
                label="Came in by"
                defaultValue={start.source ?? ''}
                error={form.errors.source}
                required
              >
                <option value="">Choose…</option>
                {MANUAL_SOURCES.map((s) => (
                  <option key={s} value={s}>
                    {SOURCE_LABELS[s]}
                  </option>
                ))}
              </SelectField>
            )}
          </div>
        </section>

        <section aria-labelledby="items-heading" className={card}>
          <h2 id="items-heading" className="text-lg font-bold text-slate-900">
            Items
          </h2>
          <p id="items-hint" className="mb-3 text-sm text-slate-600">
            Type part of a product&apos;s name and pick it from the suggestions, or type its number
            (such as #12). Leave rows you do not need empty.
          </p>
          <datalist id="product-options">
            {suggestions.options.map((o) => (
              <option key={o} value={o} />
            ))}
          </datalist>
          <ol className="space-y-1">
            {Array.from({ length: lines }, (_, n) => (
              <li key={n} className="grid grid-cols-[minmax(0,1fr)_5.5rem] items-start gap-x-3">
                <Field
                  id={`product-${n}`}
                  label={`Product ${n + 1}`}
                  list="product-options"
                  autoComplete="off"
                  defaultValue={start[`product-${n}`]}
                  onChange={(e) => suggestions.find(e.target.value)}
                  error={form.errors[`product-${n}`]}
                />
                <Field
                  id={`quantity-${n}`}
                  label={
                    <span>
                      Qty<span className="sr-only"> of product {n + 1}</span>
                    </span>
                  }
                  inputMode="numeric"
                  defaultValue={start[`quantity-${n}`] ?? '1'}
                  error={form.errors[`quantity-${n}`]}
                />
              </li>
            ))}
          </ol>
          {hydrated && lines < MAX_MANUAL_LINES ? (
            <button
              type="button"
              onClick={() => {
                focusAfterChange(`product-${lines}`);
                setLines(lines + 1);
              }}
              className={secondaryButton}
            >
              <Plus aria-hidden className="size-4" /> Add a product
            </button>
          ) : null}
        </section>

        <div className={card}>
          <TextAreaField
            id="message"
            label="What they asked for"
            hint="Kept as the enquiry's message; the customer sees it with their enquiry."
            rows={5}
            maxLength={ENQUIRY_LIMITS.message}
            defaultValue={start.message}
            error={form.errors.message}
          />
        </div>
        <button type="submit" {...busyButton(busy)} className={primaryButton}>
          Create enquiry
        </button>
      </Form>
    </>
  );
}

/** The product fields' suggestions: the catalogue's names containing what was typed. */
function useProductSuggestions() {
  const fetcher = useFetcher<{ suggestions: string[] }>();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [options, setOptions] = useState<string[]>([]);
  const { load } = fetcher;
  useEffect(() => {
    if (fetcher.data) setOptions(fetcher.data.suggestions);
  }, [fetcher.data]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    options,
    find(text: string) {
      clearTimeout(timer.current);
      const q = text.trim();
      // A picked suggestion ends with its number: nothing more to look up.
      if (q.length < 2 || /\(#\d+\)$/.test(q)) return;
      timer.current = setTimeout(
        () => void load(`/admin/enquiries/new?find=${encodeURIComponent(q)}`),
        200,
      );
    },
  };
}
