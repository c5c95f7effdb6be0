import { Eye, Plus, Save, Send, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { data, Form, redirect, useActionData, useNavigation, useSubmit } from 'react-router';
import type { Route } from './+types/admin.enquiries.$id.quotation';
import { AdminPageHeader, BackLink } from '~/components/admin/admin-shell';
import { When } from '~/components/admin/inbox/status-badge';
import { card, primaryButton, secondaryButton } from '~/components/admin/inbox/styles';
import { Field, FormError, SelectField, TextAreaField } from '~/components/ui/field';
import { adminMeta } from '~/lib/admin-meta';
import { busyButton } from '~/lib/busy-button';
import { callServerAction } from '~/lib/client-action';
import { formValues } from '~/lib/forms';
import { formatCents, formatRate, priceLines, totalLabel, valueBand } from '~/lib/money';
import {
  extraLineIndexes,
  inputLines,
  MAX_EXTRA_LINES,
  quotationFormSchema,
  readQuotationInput,
} from '~/lib/schemas/inbox';
import { toast } from '~/lib/toast';
import { useFocusAfterChange } from '~/lib/use-focus-after-change';
import { useForm } from '~/lib/use-form';
import { useHydrated } from '~/lib/use-hydrated';
import { useOnResult } from '~/lib/use-on-result';
import { formAction, parseInput, readForm, refusalKeeping } from '~/services/forms.server';
import { getEnquiryCase } from '~/services/inbox/enquiries.server';
import {
  discardQuotationDraft,
  gstSetting,
  QuotationSentMeanwhile,
  quotationStart,
  saveQuotationDraft,
  sendQuotation,
} from '~/services/inbox/quotations.server';
import { requireAdmin } from '~/services/permissions.server';
import { idParam } from '~/lib/route-id';

export const meta: Route.MetaFunction = ({ data: d }) =>
  adminMeta(d ? `Quotation for ${d.enquiry.reference}` : 'Quotation');

const extrasOf = (value: unknown) => Math.min(MAX_EXTRA_LINES, Math.max(0, Number(value) || 0));

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const id = idParam(params.id);
  const [enquiry, start] = await Promise.all([getEnquiryCase(id), quotationStart(id)]);
  if (!enquiry || !start) throw data('Enquiry not found', { status: 404 });
  const url = new URL(request.url);
  const latest = enquiry.quotations.at(-1);
  return {
    start: start.fields,
    from: start.from,
    draft: start.draft,
    /** Changes when a discarded draft must give the form its starting values back. */
    generation: url.searchParams.get('fresh') ?? '',
    saved: url.searchParams.has('saved'),
    enquiry: {
      id: enquiry.id,
      reference: enquiry.reference,
      contactName: enquiry.contactName,
      replyTo: enquiry.replyTo,
      promoCode: enquiry.promoCode,
      items: enquiry.items,
    },
    /** The latest quotation's sequence (0: none yet): the send is refused if one came since. */
    after: latest?.sequence ?? 0,
    gst: gstSetting(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  return formAction(async () => {
    const form = await readForm(request);
    const enquiry = await getEnquiryCase(id);
    if (!enquiry) throw data('Enquiry not found', { status: 404 });
    const editor = `/admin/enquiries/${id}/quotation`;
    const intent = form.get('intent');
    if (intent === 'draft') {
      await saveQuotationDraft(admin, id, formValues(form) as Record<string, string>);
      // Without JavaScript the answer is the editor again, starting from the draft.
      if (form.get('js') !== '1') throw redirect(`${editor}?saved`);
      return {
        ok: true as const,
        intent: 'draft' as const,
        message: 'Draft saved. No quotation number was used.',
      };
    }
    if (intent === 'discard') {
      await discardQuotationDraft(id);
      throw redirect(`${editor}?fresh=${Date.now()}`);
    }
    const extras = extrasOf(form.get('extras'));
    const after = String(form.get('after') ?? '');
    const itemIds = enquiry.items.map((i) => i.id);
    let sent: Awaited<ReturnType<typeof sendQuotation>>;
    try {
      const schema = quotationFormSchema(itemIds, extras, gstSetting().basisPoints);
      const values = parseInput(schema, formValues(form));
      sent = await sendQuotation(
        admin,
        id,
        readQuotationInput(values, itemIds, extras),
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

/**
 * A send that gets no answer (the connection dropped, a server error) stays on this page with
 * everything typed and says so, instead of the error page replacing the editor.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return callServerAction(serverAction);
}

export default function AdminQuotation({ loaderData }: Route.ComponentProps) {
  // A discarded draft gives the editor its starting values back: a new form, not the typed one.
  return <QuotationEditor key={loaderData.generation} loaderData={loaderData} />;
}

function QuotationEditor({ loaderData }: { loaderData: Route.ComponentProps['loaderData'] }) {
  const { enquiry, gst, from, draft } = loaderData;
  const result = useActionData<typeof action>();
  const hydrated = useHydrated();
  // After a refused post, the fields start from what was sent.
  const typed = (result && !result.ok && 'typed' in result ? result.typed : null) as Record<
    string,
    string
  > | null;
  const start: Record<string, string> = typed ?? loaderData.start;
  // A refusal because another quotation was sent meanwhile brings that one's sequence.
  const after = Number(typed?.after ?? loaderData.after) || 0;
  const number = `Q-${enquiry.reference}-${after + 1}`;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;

  // Free lines are rows with keys of their own, so removing one keeps what is typed in the
  // others (the fields are renamed to their new positions, their values stay).
  // The rows the form started with take their values from where it started; rows added later,
  // whatever answer came meanwhile, start blank.
  const [initial] = useState(() => ({ fields: start, rows: extrasOf(start.extras) }));
  const startRows = initial.rows;
  const [lines, setLines] = useState(() => ({
    rows: Array.from({ length: startRows }, (_, i) => i),
    next: startRows,
  }));
  const rows = lines.rows;
  const setRows = (next: number[]) => setLines({ rows: next, next: lines.next });
  const addRow = () => setLines({ rows: [...rows, lines.next], next: lines.next + 1 });
  /** A row's starting value: rows that were there from the start have their typed values. */
  const rowStart = (key: number, field: string) =>
    key < startRows ? initial.fields[`extra-${key}-${field}`] : undefined;
  const extras = rows.length;
  const focusAfterChange = useFocusAfterChange(rows);
  const itemIds = useMemo(() => enquiry.items.map((i) => i.id), [enquiry.items]);
  const schema = useMemo(
    () => quotationFormSchema(itemIds, extras, gst.basisPoints),
    [itemIds, extras, gst.basisPoints],
  );
  const form = useForm(schema, result);
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);

  // The totals read the form as the server will (same parsing, same integer arithmetic).
  const [values, setValues] = useState<Record<string, unknown>>(start);
  const readValues = () => {
    if (formRef.current) setValues(formValues(new FormData(formRef.current)));
  };
  // A removed row changes the totals without a change event.
  useEffect(readValues, [rows]);
  const input = readQuotationInput(values, itemIds, extras);
  const pricing = priceLines(inputLines(input), input.discount, gst.basisPoints);
  const lineTotal = (n: number) => formatCents(pricing.lines[n]?.totalCents ?? 0);
  const extraLines = extraLineIndexes(values, extras);

  useOnResult(result, (r) => {
    if (r.ok && r.message) toast.success(r.message);
  });
  // Without JavaScript a saved draft comes back as this page with ?saved.
  const notice = loaderData.saved ? 'Draft saved. No quotation number was used.' : null;

  return (
    <>
      <BackLink to={`/admin/enquiries/${enquiry.id}`}>Enquiry {enquiry.reference}</BackLink>
      <AdminPageHeader
        title={`Quotation ${number}`}
        description={
          <>
            For {enquiry.contactName}. Prices in SGD before GST;{' '}
            {gst.regNo
              ? `GST at ${formatRate(gst.basisPoints)} is added on the amount after discounts.`
              : 'no GST is added: the company is not GST-registered (SITE_GST_REG_NO is not set).'}
            {after > 0 ? ` This revision replaces Q-${enquiry.reference}-${after}.` : ''}
          </>
        }
      />
      {notice ? (
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
          {notice}
        </p>
      ) : null}
      {from === 'draft' && draft ? (
        <div className="mb-4 flex flex-wrap items-center gap-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <span>
            Started from the draft {draft.actorName} saved <When date={draft.updatedAt} />.
          </span>
          <Form method="post" className="inline">
            <input type="hidden" name="intent" value="discard" />
            <button type="submit" className="font-semibold underline">
              Discard the draft
            </button>
          </Form>
        </div>
      ) : null}
      <form
        ref={formRef}
        method="post"
        action={`/admin/enquiries/${enquiry.id}/quotation`}
        noValidate
        onBlur={form.props.onBlur}
        onChange={readValues}
        onSubmit={(event) => {
          const submitter = (event.nativeEvent as SubmitEvent)
            .submitter as HTMLButtonElement | null;
          const intent = submitter?.value ?? 'send';
          // A draft is kept as typed; a preview and a send are checked first.
          if (intent !== 'draft') {
            form.props.onSubmit?.(event);
            if (event.defaultPrevented) return;
          }
          // The preview opens in a new tab as an ordinary post, as it does without JavaScript.
          if (intent === 'preview') return;
          event.preventDefault();
          void submit(submitter ?? event.currentTarget);
        }}
        className="space-y-6"
      >
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <input type="hidden" name="extras" value={extras} />
        <input type="hidden" name="after" value={after} />
        <FormError message={form.formError ?? form.errors.form} />

        <section aria-labelledby="attention-heading" className={card}>
          <h2 id="attention-heading" className="mb-3 text-lg font-bold text-slate-900">
            Attention to and references
          </h2>
          <div className="grid gap-x-4 sm:grid-cols-2">
            <Field
              id="attentionName"
              label="Attention to (name)"
              defaultValue={start.attentionName}
              autoComplete="off"
              error={form.errors.attentionName}
            />
            <Field
              id="attentionOrganisation"
              label="Organisation (optional)"
              defaultValue={start.attentionOrganisation}
              autoComplete="off"
              error={form.errors.attentionOrganisation}
            />
            <div className="sm:col-span-2">
              <TextAreaField
                id="attentionAddress"
                label="Address (optional)"
                rows={2}
                defaultValue={start.attentionAddress}
                error={form.errors.attentionAddress}
              />
            </div>
            <Field
              id="buyerReference"
              label="Buyer's reference / PO (optional)"
              defaultValue={start.buyerReference}
              autoComplete="off"
              error={form.errors.buyerReference}
            />
            <Field
              id="gebizReference"
              label="GeBIZ quotation no. (optional)"
              defaultValue={start.gebizReference}
              autoComplete="off"
              error={form.errors.gebizReference}
            />
          </div>
        </section>

        <section aria-labelledby="lines-heading" className={card}>
          <h2 id="lines-heading" className="text-lg font-bold text-slate-900">
            Enquired items
          </h2>
          <ul className="mt-3 space-y-4">
            {enquiry.items.map((item, i) => (
              <li key={item.id} className="border-b border-slate-100 pb-3">
                <p className="text-sm font-semibold text-slate-900">
                  {item.name}
                  {item.productId ? null : (
                    <span className="font-normal text-slate-600">
                      {' '}
                      (no longer in the catalogue)
                    </span>
                  )}
                </p>
                <LineFields
                  name={(f) => `${f}-${item.id}`}
                  defaults={(f) => start[`${f}-${item.id}`]}
                  of={`for ${item.name}`}
                  errors={form.errors}
                  amount={lineTotal(i)}
                />
              </li>
            ))}
          </ul>

          <h2 className="mt-6 text-lg font-bold text-slate-900">Extra lines</h2>
          <p className="text-sm text-slate-600">
            Delivery, installation and the like. Rows left blank are not included.
          </p>
          <ul className="mt-3 space-y-3">
            {rows.map((key, n) => (
              <li key={key} className="border-b border-slate-100 pb-3">
                <div className="grid gap-x-4 sm:grid-cols-[1fr_auto] sm:items-start">
                  <Field
                    id={`extra-${n}-description`}
                    defaultValue={rowStart(key, 'description')}
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
                  {hydrated ? (
                    <button
                      type="button"
                      onClick={() => {
                        // The focus goes to the line that takes this one's place, or to Add a line.
                        focusAfterChange(
                          n + 1 < rows.length ? `extra-${n}-description` : 'add-line',
                        );
                        setRows(rows.filter((k) => k !== key));
                      }}
                      className={`${secondaryButton} sm:mt-6`}
                    >
                      <Trash2 aria-hidden className="size-4" />
                      Remove<span className="sr-only"> extra line {n + 1}</span>
                    </button>
                  ) : null}
                </div>
                <LineFields
                  name={(f) => `extra-${n}-${f}`}
                  defaults={(f) => rowStart(key, f) ?? (f === 'quantity' ? '1' : undefined)}
                  of={`of extra line ${n + 1}`}
                  errors={form.errors}
                  amount={
                    extraLines[n] === null ? '—' : lineTotal(enquiry.items.length + extraLines[n]!)
                  }
                />
              </li>
            ))}
          </ul>
          {extras < MAX_EXTRA_LINES ? (
            <button
              id="add-line"
              type="button"
              onClick={() => {
                focusAfterChange(`extra-${extras}-description`);
                addRow();
              }}
              className={`${secondaryButton} mt-3`}
            >
              <Plus aria-hidden className="size-4" /> Add a line
            </button>
          ) : null}

          <div className="mt-6 grid gap-4 sm:grid-cols-[1fr_20rem]">
            <div className="space-y-3">
              <div className="max-w-xs">
                <DiscountFields
                  name="discount"
                  kindName="discountKind"
                  of="on the whole quotation"
                  defaults={(f) => start[f]}
                  error={form.errors.discount}
                />
              </div>
              {enquiry.promoCode ? (
                <div className="rounded-md bg-brand-50 px-3 py-2 text-sm text-slate-900">
                  <p>
                    The customer entered promo code{' '}
                    <strong className="font-semibold">{enquiry.promoCode}</strong>.
                  </p>
                  <label className="mt-1 flex items-center gap-2">
                    <input
                      type="checkbox"
                      name="promoApplied"
                      defaultChecked={Boolean(start.promoApplied)}
                      className="size-4"
                    />
                    Applied in this quotation (printed on it)
                  </label>
                </div>
              ) : null}
            </div>
            <div>
              <dl className="space-y-1 text-sm" aria-label="Totals">
                <Total term="Subtotal" testId="subtotal" cents={pricing.subtotalCents} />
                {pricing.discountCents ? (
                  <Total term="Discount" testId="discount" cents={-pricing.discountCents} />
                ) : null}
                <Total term="Amount before GST" testId="net" cents={pricing.netCents} />
                {gst.regNo ? (
                  <Total
                    term={`GST ${formatRate(gst.basisPoints)}`}
                    testId="gst"
                    cents={pricing.gstCents}
                  />
                ) : null}
                <div className="flex justify-between border-t border-slate-300 pt-1 text-base font-bold">
                  <dt>Total {totalLabel(gst.regNo !== null)}</dt>
                  <dd data-testid="total">{formatCents(pricing.totalCents)}</dd>
                </div>
              </dl>
              <p className="mt-2 text-sm text-slate-700" data-testid="value-band">
                Value band: <strong>{valueBand(pricing.netCents)}</strong>
                <span className="block text-xs text-slate-600">
                  From the amount before GST: up to S$6,000 a small-value purchase, up to S$90,000 a
                  GeBIZ invitation to quote, above that a tender. A hint only.
                </span>
              </p>
            </div>
          </div>
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
          <button
            type="submit"
            name="intent"
            value="send"
            {...busyButton(Boolean(busy))}
            className={primaryButton}
          >
            <Send aria-hidden className="size-4" /> Send quotation
          </button>
          <button
            type="submit"
            name="intent"
            value="preview"
            formAction={`/admin/enquiries/${enquiry.id}/quotation/preview`}
            formTarget="_blank"
            className={secondaryButton}
          >
            <Eye aria-hidden className="size-4" /> Preview PDF
            <span className="sr-only"> (opens in a new tab)</span>
          </button>
          <button
            type="submit"
            name="intent"
            value="draft"
            {...busyButton(Boolean(busy))}
            className={secondaryButton}
          >
            <Save aria-hidden className="size-4" /> Save draft
          </button>
        </div>
        <p className="text-sm text-slate-600">
          {enquiry.replyTo
            ? `Send e-mails the PDF to ${enquiry.replyTo} with a link to accept it online, and the enquiry moves to Quoted.`
            : 'No e-mail address: the PDF is kept here for you to pass on; the enquiry moves to Quoted.'}{' '}
          A draft and a preview use no quotation number.
        </p>
      </form>
    </>
  );
}

type LineField = 'quantity' | 'price' | 'note' | 'discount' | 'discountKind';

/** A line's quantity, unit price, discount, note and amount (an enquired item's or a free line's). */
function LineFields({
  name,
  defaults,
  of,
  errors,
  amount,
}: {
  name: (field: LineField) => string;
  defaults: (field: LineField) => string | undefined;
  /** What the fields are of, for screen readers ('for Goal Net', 'of extra line 2'). */
  of: string;
  errors: Partial<Record<string, string>>;
  amount: string;
}) {
  const sr = <span className="sr-only"> {of}</span>;
  return (
    <div className="mt-2 grid grid-cols-2 gap-x-3 sm:grid-cols-[4.5rem_8rem_15rem_minmax(0,1fr)_7rem] sm:items-start">
      <Field
        id={name('quantity')}
        label={<>Qty{sr}</>}
        inputMode="numeric"
        defaultValue={defaults('quantity')}
        error={errors[name('quantity')]}
      />
      <Field
        id={name('price')}
        label={<>Unit price (S$){sr}</>}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        defaultValue={defaults('price')}
        error={errors[name('price')]}
      />
      <DiscountFields
        name={name('discount')}
        kindName={name('discountKind')}
        of={of}
        defaults={defaults}
        error={errors[name('discount')]}
      />
      <div className="col-span-2 sm:col-span-1">
        <Field
          id={name('note')}
          label={<>Note (optional){sr}</>}
          autoComplete="off"
          defaultValue={defaults('note')}
          error={errors[name('note')]}
        />
      </div>
      <p className="col-span-2 text-right text-sm font-semibold text-slate-900 sm:col-span-1 sm:pt-7">
        <span className="sr-only">Amount {of}: </span>
        {amount}
      </p>
    </div>
  );
}

/**
 * A discount: an amount or a percentage, and which of the two (its label says 'Discount' and
 * 'Type' on screen, with what they are of for screen readers).
 */
function DiscountFields({
  name,
  kindName,
  of,
  defaults,
  error,
}: {
  name: string;
  kindName: string;
  of: string;
  defaults: (field: 'discount' | 'discountKind') => string | undefined;
  error?: string;
}) {
  return (
    <div className="col-span-2 grid grid-cols-[minmax(0,1fr)_5rem] gap-x-2 sm:col-span-1">
      <Field
        id={name}
        label={
          <>
            Discount (optional)<span className="sr-only"> {of}</span>
          </>
        }
        inputMode="decimal"
        autoComplete="off"
        defaultValue={defaults('discount')}
        error={error}
      />
      <SelectField
        id={kindName}
        label={
          <>
            <span aria-hidden>Type</span>
            <span className="sr-only">Discount type {of}</span>
          </>
        }
        defaultValue={defaults('discountKind') ?? 'percent'}
      >
        <option value="percent">%</option>
        <option value="amount">S$</option>
      </SelectField>
    </div>
  );
}

/** A row of the totals. */
function Total({ term, testId, cents }: { term: string; testId: string; cents: number }) {
  return (
    <div className="flex justify-between">
      <dt className="text-slate-600">{term}</dt>
      <dd data-testid={testId}>
        {cents < 0 ? `\u2212${formatCents(-cents)}` : formatCents(cents)}
      </dd>
    </div>
  );
}
