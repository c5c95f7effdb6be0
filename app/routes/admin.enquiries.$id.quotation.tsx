import { Plus, Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { data, Form, redirect, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/admin.enquiries.$id.quotation';
import { AdminPageHeader, BackLink } from '~/components/admin/admin-shell';
import { card, primaryButton, secondaryButton } from '~/components/admin/inbox/styles';
import { Field, FormError, TextAreaField } from '~/components/ui/field';
import { adminMeta } from '~/lib/admin-meta';
import { busyButton } from '~/lib/busy-button';
import { formValues } from '~/lib/forms';
import { centsToInput, formatCents, formatRate, parseCents, quotationTotals } from '~/lib/money';
import { MAX_EXTRA_LINES, quotationFormSchema, readQuotationDraft } from '~/lib/schemas/inbox';
import { useFocusAfterChange } from '~/lib/use-focus-after-change';
import { useForm } from '~/lib/use-form';
import { env } from '~/services/env.server';
import { formAction, parseInput, readForm, refusalKeeping } from '~/services/forms.server';
import { getEnquiryCase } from '~/services/inbox/enquiries.server';
import {
  QuotationSentMeanwhile,
  quotationLinesOf,
  quotationTerms,
  sendQuotation,
} from '~/services/inbox/quotations.server';
import { requireAdmin } from '~/services/permissions.server';

export const meta: Route.MetaFunction = ({ data: d }) =>
  adminMeta(d ? `Quotation for ${d.enquiry.reference}` : 'Quotation');

const idOf = (param: string) => (/^\d{1,9}$/.test(param) ? Number(param) : 0);

/** Extra rows a page starts with: enough for delivery and installation without JavaScript. */
const START_EXTRAS = 3;
const DEFAULT_TERMS =
  'Prices in Singapore dollars. Delivery within 4–6 weeks of a confirmed order. Payment within 30 days of invoice.';

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const enquiry = await getEnquiryCase(idOf(params.id));
  if (!enquiry) throw data('Enquiry not found', { status: 404 });
  // A revision starts from the latest quotation: its prices, notes, extras, validity and terms.
  const latest = enquiry.quotations.at(-1);
  const start: Record<string, string> = { validityDays: '30', terms: DEFAULT_TERMS };
  let startExtras = START_EXTRAS;
  if (latest) {
    const lines = await quotationLinesOf(latest.id);
    const itemLines = lines.filter((l) => l.kind === 'item');
    const extraLines = lines.filter((l) => l.kind === 'extra');
    enquiry.items.forEach((item, i) => {
      const line = itemLines[i];
      if (!line || line.description !== item.name) return;
      start[`price-${item.id}`] = centsToInput(line.unitPriceCents);
      if (line.note) start[`note-${item.id}`] = line.note;
    });
    extraLines.forEach((line, n) => {
      start[`extra-${n}-description`] = line.description;
      start[`extra-${n}-quantity`] = String(line.quantity);
      start[`extra-${n}-price`] = centsToInput(line.unitPriceCents);
    });
    startExtras = Math.min(MAX_EXTRA_LINES, Math.max(START_EXTRAS, extraLines.length + 1));
    start.validityDays = String(latest.validityDays);
    start.terms = (await quotationTerms(latest.id)) ?? DEFAULT_TERMS;
  }
  return {
    start,
    startExtras,
    enquiry: {
      id: enquiry.id,
      reference: enquiry.reference,
      contactName: enquiry.contactName,
      replyTo: enquiry.replyTo,
      items: enquiry.items,
    },
    /** The latest quotation's sequence (0: none yet): the send is refused if one came since. */
    after: enquiry.quotations.at(-1)?.sequence ?? 0,
    gstRateBasisPoints: env().gstRateBasisPoints,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = idOf(params.id);
  return formAction(async () => {
    const form = await readForm(request);
    const enquiry = await getEnquiryCase(id);
    if (!enquiry) throw data('Enquiry not found', { status: 404 });
    const extras = Math.min(MAX_EXTRA_LINES, Math.max(0, Number(form.get('extras')) || 0));
    const after = String(form.get('after') ?? '');
    const itemIds = enquiry.items.map((i) => i.id);
    let sent: Awaited<ReturnType<typeof sendQuotation>>;
    try {
      const values = parseInput(quotationFormSchema(itemIds, extras), formValues(form));
      sent = await sendQuotation(
        admin,
        id,
        readQuotationDraft(values, itemIds, extras),
        /^\d{1,6}$/.test(after) ? Number(after) : undefined,
      );
    } catch (error) {
      // Sending it again after reading the one sent meanwhile is a choice made knowing it.
      if (error instanceof QuotationSentMeanwhile) form.set('after', String(error.sequence));
      // The refused page without JavaScript is a new one: it starts from what was typed (every
      // price, note and line), not from the last quotation.
      return refusalKeeping(error, form);
    }
    throw redirect(`/admin/enquiries/${id}?sent=${encodeURIComponent(sent.number)}`);
  });
}

export default function AdminQuotation({ loaderData }: Route.ComponentProps) {
  const { enquiry, gstRateBasisPoints } = loaderData;
  const result = useActionData<typeof action>();
  // After a refused post, the fields start from what was sent.
  const typed = (result && !result.ok && 'typed' in result ? result.typed : null) as Record<
    string,
    string
  > | null;
  const start: Record<string, string> = typed ?? loaderData.start;
  // A refusal because another quotation was sent meanwhile brings that one's sequence.
  const after = Number(typed?.after ?? loaderData.after) || 0;
  const startExtras = typed
    ? Math.min(MAX_EXTRA_LINES, Math.max(0, Number(typed.extras) || 0))
    : loaderData.startExtras;
  const busy = useNavigation().state === 'submitting';
  const [extras, setExtras] = useState(startExtras);
  // Add a line puts the focus in the line it added: where the typing goes next, and the button
  // goes away at the last line.
  const focusAfterChange = useFocusAfterChange(extras);
  const itemIds = useMemo(() => enquiry.items.map((i) => i.id), [enquiry.items]);
  const schema = useMemo(() => quotationFormSchema(itemIds, extras), [itemIds, extras]);
  const form = useForm(schema, result);
  // The preview reads the form as the server will (same parsing, same integer arithmetic).
  const [values, setValues] = useState<Record<string, unknown>>(start);
  const draft = readQuotationDraft(values, itemIds, extras);
  const totals = quotationTotals(
    [
      ...enquiry.items.map((item, i) => ({
        quantity: item.quantity,
        unitPriceCents: draft.items[i]!.unitPriceCents,
      })),
      ...draft.extras,
    ],
    gstRateBasisPoints,
  );
  const lineTotal = (n: number) => formatCents(totals.lineTotals[n] ?? 0);

  return (
    <>
      <BackLink to={`/admin/enquiries/${enquiry.id}`}>Enquiry {enquiry.reference}</BackLink>
      <AdminPageHeader
        title={`Quotation Q-${enquiry.reference}-${after + 1}`}
        description={`For ${enquiry.contactName}. Prices in SGD before GST; GST at ${formatRate(gstRateBasisPoints)} is added on the subtotal.`}
      />
      <Form
        method="post"
        {...form.props}
        onChange={(event) => setValues(formValues(new FormData(event.currentTarget)))}
        className="space-y-6"
      >
        <input type="hidden" name="extras" value={extras} />
        <input type="hidden" name="after" value={after} />
        <FormError message={form.formError} />
        <section aria-labelledby="lines-heading" className={card}>
          <h2 id="lines-heading" className="text-lg font-bold text-slate-900">
            Enquired items
          </h2>
          <ul className="mt-3 space-y-4">
            {enquiry.items.map((item, i) => (
              <li
                key={item.id}
                className="grid gap-x-4 border-b border-slate-100 pb-3 sm:grid-cols-[1fr_9rem_1fr_7rem] sm:items-start"
              >
                <p className="pt-7 text-sm font-medium text-slate-900 max-sm:pt-0">
                  {item.name} <span className="text-slate-600">× {item.quantity}</span>
                </p>
                <Field
                  id={`price-${item.id}`}
                  defaultValue={start[`price-${item.id}`]}
                  label={
                    <>
                      Unit price (S$)<span className="sr-only"> for {item.name}</span>
                    </>
                  }
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  error={form.errors[`price-${item.id}`]}
                />
                <Field
                  id={`note-${item.id}`}
                  defaultValue={start[`note-${item.id}`]}
                  label={
                    <>
                      Note (optional)<span className="sr-only"> for {item.name}</span>
                    </>
                  }
                  autoComplete="off"
                  error={form.errors[`note-${item.id}`]}
                />
                <p className="pt-7 text-right text-sm font-semibold text-slate-900 max-sm:pt-0">
                  {lineTotal(i)}
                </p>
              </li>
            ))}
          </ul>

          <h2 className="mt-6 text-lg font-bold text-slate-900">Extra lines</h2>
          <p className="text-sm text-slate-600">
            Delivery, installation and the like. Rows left blank are not included.
          </p>
          <ul className="mt-3 space-y-3">
            {Array.from({ length: extras }, (_, n) => (
              <li
                key={n}
                className="grid gap-x-4 border-b border-slate-100 pb-3 sm:grid-cols-[1fr_5rem_9rem_7rem] sm:items-start"
              >
                <Field
                  id={`extra-${n}-description`}
                  defaultValue={start[`extra-${n}-description`]}
                  label={
                    <>
                      Extra line {n + 1}
                      <span className="sr-only"> description</span>
                    </>
                  }
                  placeholder={n === 0 ? 'e.g. Delivery' : n === 1 ? 'e.g. Installation' : ''}
                  autoComplete="off"
                  error={form.errors[`extra-${n}-description`]}
                />
                <Field
                  id={`extra-${n}-quantity`}
                  label={
                    <>
                      Qty<span className="sr-only"> of extra line {n + 1}</span>
                    </>
                  }
                  inputMode="numeric"
                  defaultValue={start[`extra-${n}-quantity`] ?? '1'}
                  error={form.errors[`extra-${n}-quantity`]}
                />
                <Field
                  id={`extra-${n}-price`}
                  defaultValue={start[`extra-${n}-price`]}
                  label={
                    <>
                      Unit price (S$)<span className="sr-only"> of extra line {n + 1}</span>
                    </>
                  }
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  error={form.errors[`extra-${n}-price`]}
                />
                <p className="pt-7 text-right text-sm font-semibold text-slate-900 max-sm:pt-0">
                  {extraTotal(values, n)}
                </p>
              </li>
            ))}
          </ul>
          {extras < MAX_EXTRA_LINES ? (
            <button
              type="button"
              onClick={() => {
                focusAfterChange(`extra-${extras}-description`);
                setExtras(extras + 1);
              }}
              className={`${secondaryButton} mt-3`}
            >
              <Plus aria-hidden className="size-4" /> Add a line
            </button>
          ) : null}

          <dl className="mt-6 ml-auto max-w-xs space-y-1 text-sm" aria-label="Totals">
            <div className="flex justify-between">
              <dt className="text-slate-600">Subtotal</dt>
              <dd data-testid="subtotal">{formatCents(totals.subtotalCents)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-slate-600">GST {formatRate(gstRateBasisPoints)}</dt>
              <dd data-testid="gst">{formatCents(totals.gstCents)}</dd>
            </div>
            <div className="flex justify-between border-t border-slate-300 pt-1 text-base font-bold">
              <dt>Total (SGD)</dt>
              <dd data-testid="total">{formatCents(totals.totalCents)}</dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="terms-heading" className={card}>
          <h2 id="terms-heading" className="mb-3 text-lg font-bold text-slate-900">
            Validity and terms
          </h2>
          <div className="max-w-[12rem]">
            <Field
              id="validityDays"
              label="Valid for (days)"
              inputMode="numeric"
              defaultValue={start.validityDays}
              error={form.errors.validityDays}
            />
          </div>
          <TextAreaField
            id="terms"
            label="Terms"
            rows={4}
            defaultValue={start.terms}
            error={form.errors.terms}
          />
        </section>

        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" {...busyButton(busy)} className={primaryButton}>
            <Send aria-hidden className="size-4" /> Send quotation
          </button>
          <p className="text-sm text-slate-600">
            {enquiry.replyTo
              ? `The PDF is e-mailed to ${enquiry.replyTo} and the enquiry moves to Quoted.`
              : 'No e-mail address: the PDF is kept here for you to pass on; the enquiry moves to Quoted.'}
          </p>
        </div>
      </Form>
    </>
  );
}

/** An extra row's amount as the server will compute it, or a dash while it is blank. */
function extraTotal(values: Record<string, unknown>, n: number): string {
  const text = (f: string) => String(values[`extra-${n}-${f}`] ?? '').trim();
  if (!text('description') && !text('price')) return '—';
  const quantity = Number(text('quantity') || '1') || 0;
  return formatCents(quantity * (parseCents(text('price')) ?? 0));
}
