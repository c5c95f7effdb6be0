import { Download, FileText, Receipt } from 'lucide-react';
import { data, Link, useActionData } from 'react-router';
import type { Route } from './+types/admin.orders.$id';
import { AdminPageHeader, BackLink } from '~/components/admin/admin-shell';
import { EnquiryTimeline } from '~/components/admin/inbox/enquiry-timeline';
import { PostResult } from '~/components/admin/inbox/post-result';
import { When } from '~/components/admin/inbox/status-badge';
import { card, primaryButton, secondaryButton } from '~/components/admin/inbox/styles';
import { PricedLines, QuotationTotals } from '~/components/orders/quotation-figures';
import { OrderStatusBadge } from '~/components/sales/order-status-badge';
import { Field, FormError, TextAreaField } from '~/components/ui/field';
import { adminMeta } from '~/lib/admin-meta';
import { busyButton } from '~/lib/busy-button';
import { formValues, type FormSchema } from '~/lib/forms';
import { formatCents, parseCents } from '~/lib/money';
import { AWAITING_INVOICE, ORDER_STATUS_LABELS } from '~/lib/orders';
import { CreditNoteSchema, IssueInvoiceSchema, OrderStatusSchema } from '~/lib/schemas/orders';
import { usePageForm } from '~/lib/use-page-form';
import { UserError } from '~/services/errors.server';
import { formAction, parseInput, readForm } from '~/services/forms.server';
import { requireAdmin } from '~/services/permissions.server';
import { issueCreditNote, issueInvoice } from '~/services/sales/invoices.server';
import { changeOrderStatus, getOrder, singaporeDay } from '~/services/sales/orders.server';
import { idParam } from '~/lib/route-id';

export const meta: Route.MetaFunction = ({ data: d }) =>
  adminMeta(d ? `Order ${d.order.number}` : 'Order');

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const order = await getOrder(idParam(params.id));
  if (!order) throw data('Order not found', { status: 404 });
  const confirmed = new URL(request.url).searchParams.get('confirmed');
  return { order, today: singaporeDay(new Date()), confirmed: confirmed !== null };
}

const DONE: Record<'scheduled' | 'delivered' | 'cancelled' | 'paid', string> = {
  scheduled: 'Scheduled',
  delivered: 'Marked delivered / installed',
  cancelled: 'Order cancelled',
  paid: 'Marked paid',
};

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  return formAction(async () => {
    const values = formValues(await readForm(request));
    switch (values.intent) {
      case 'status': {
        const input = parseInput(OrderStatusSchema, values);
        const { changed } = await changeOrderStatus(admin, id, input);
        return {
          ok: true as const,
          message: changed
            ? `${DONE[input.status]}. The buyer is told by e-mail.`
            : `The order is already ${ORDER_STATUS_LABELS[input.status]}.`,
        };
      }
      case 'invoice': {
        const { from } = parseInput(IssueInvoiceSchema, values);
        const { number } = await issueInvoice(admin, id, from);
        return { ok: true as const, message: `Invoice ${number} issued.` };
      }
      case 'credit-note': {
        const input = parseInput(CreditNoteSchema, values);
        const { number } = await issueCreditNote(admin, Number(input.invoiceId), {
          reason: input.reason,
          amountCents: input.amount ? (parseCents(input.amount) ?? undefined) : undefined,
        });
        return { ok: true as const, message: `Credit note ${number} issued.` };
      }
      default:
        throw new UserError('This action is not known. Please reload the page.', 400);
    }
  });
}

type Answer =
  { ok: true; message: string } | { ok: false; error?: string; fields?: Record<string, string> };

/** One of the page's forms: every one of them waits while another is at work (usePageForm). */
const useOrderForm = (schema: FormSchema) => usePageForm<Answer>('order', schema);

function StatusButton({
  status,
  from,
  label,
  primary,
}: {
  status: 'delivered' | 'paid';
  from: string;
  label: string;
  primary?: boolean;
}) {
  const { fetcher, form, busy } = useOrderForm(OrderStatusSchema);
  return (
    <fetcher.Form method="post" {...form.props}>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value={status} />
      <input type="hidden" name="from" value={from} />
      <FormError message={form.formError ?? form.errors.from} />
      <button
        type="submit"
        {...busyButton(busy)}
        className={`${primary ? primaryButton : secondaryButton} w-full`}
      >
        {label}
      </button>
    </fetcher.Form>
  );
}

function ScheduleForm({
  from,
  today,
  current,
}: {
  from: string;
  today: string;
  current: string | null;
}) {
  const { fetcher, form, busy } = useOrderForm(OrderStatusSchema);
  return (
    <fetcher.Form method="post" {...form.props}>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value="scheduled" />
      <input type="hidden" name="from" value={from} />
      <FormError message={form.formError ?? form.errors.from} />
      <Field
        id="scheduledFor"
        type="date"
        label={current ? 'Move to another day' : 'Delivery or installation day'}
        min={today}
        defaultValue={current ?? ''}
        key={current ?? ''}
        required
        error={form.errors.scheduledFor}
      />
      <button type="submit" {...busyButton(busy)} className={`${secondaryButton} w-full`}>
        {current ? 'Reschedule' : 'Schedule'}
      </button>
    </fetcher.Form>
  );
}

/** A company not GST-registered when it quoted issues an Invoice, not a tax invoice. */
function InvoiceButton({ from, registered }: { from: string; registered: boolean }) {
  const { fetcher, form, busy } = useOrderForm(IssueInvoiceSchema);
  return (
    <fetcher.Form method="post" {...form.props}>
      <input type="hidden" name="intent" value="invoice" />
      <input type="hidden" name="from" value={from} />
      <FormError message={form.formError} />
      <button type="submit" {...busyButton(busy)} className={`${primaryButton} w-full`}>
        <Receipt aria-hidden className="size-4" />{' '}
        {registered ? 'Issue tax invoice' : 'Issue invoice'}
      </button>
      <p className="mt-1 text-xs text-slate-600">
        Numbered and e-mailed to the buyer at once. An issued invoice never changes: a mistake is
        corrected with a credit note.
      </p>
    </fetcher.Form>
  );
}

function CancelForm({ from }: { from: string }) {
  const { fetcher, ref, form, busy } = useOrderForm(OrderStatusSchema);
  return (
    <details className="rounded-md border border-slate-200 p-3">
      <summary className="cursor-pointer text-sm font-semibold text-red-800">
        Cancel this order…
      </summary>
      <fetcher.Form method="post" ref={ref} {...form.props} className="mt-3">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="status" value="cancelled" />
        <input type="hidden" name="from" value={from} />
        <FormError message={form.formError ?? form.errors.from} />
        <TextAreaField
          id="cancel-note"
          name="note"
          label="Reason (optional, told to the buyer)"
          rows={2}
          maxLength={500}
          error={form.errors.note}
        />
        <button
          type="submit"
          {...busyButton(busy)}
          className="inline-flex w-full items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 aria-disabled:opacity-60"
        >
          Cancel order
        </button>
      </fetcher.Form>
    </details>
  );
}

function CreditNoteForm({ invoice }: { invoice: { id: number; number: string } }) {
  const { fetcher, ref, form, busy } = useOrderForm(CreditNoteSchema);
  const key = `cn-${invoice.id}`;
  return (
    <details className="mt-2 rounded-md border border-slate-200 p-3">
      <summary className="cursor-pointer text-sm font-semibold text-brand-800">
        Issue a credit note for {invoice.number}…
      </summary>
      <fetcher.Form method="post" ref={ref} {...form.props} className="mt-3">
        <input type="hidden" name="intent" value="credit-note" />
        <input type="hidden" name="invoiceId" value={invoice.id} />
        <FormError message={form.formError ?? form.errors.invoiceId} />
        <TextAreaField
          id={`${key}-reason`}
          name="reason"
          label="Reason"
          rows={2}
          maxLength={500}
          required
          error={form.errors.reason}
        />
        <Field
          id={`${key}-amount`}
          name="amount"
          inputMode="decimal"
          label="Amount before GST, S$"
          hint="Leave empty to credit all that is left of the invoice; GST is added at the invoice's rate."
          error={form.errors.amount}
        />
        <button type="submit" {...busyButton(busy)} className={secondaryButton}>
          Issue credit note
        </button>
      </fetcher.Form>
    </details>
  );
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order, today, confirmed } = loaderData;
  const plain = useActionData<typeof action>() as Answer | undefined;
  const q = order.quotation;
  const registered = q.gstRegNo !== null;
  const docHref = (number: string) =>
    `/admin/orders/${order.id}/documents/${encodeURIComponent(number)}.pdf`;
  const quotationHref = `/admin/enquiries/${order.enquiry.id}/quotations/${encodeURIComponent(q.number)}.pdf`;
  const awaiting = (AWAITING_INVOICE as readonly string[]).includes(order.status);
  return (
    <>
      <BackLink to="/admin/orders">All orders</BackLink>
      <AdminPageHeader
        title={`Order ${order.number}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <OrderStatusBadge status={order.status} />
            <span>
              Confirmed <When date={order.createdAt} /> by {order.actorName}
            </span>
          </span>
        }
        actions={
          <Link to={`/admin/enquiries/${order.enquiry.id}`} className={secondaryButton}>
            Enquiry {order.enquiry.reference}
          </Link>
        }
      />
      {/* Said once, right after confirming: not over the later steps of the same page. */}
      {confirmed && order.status === 'confirmed' ? (
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
          Order {order.number} confirmed
          {order.enquiry.replyTo
            ? `; the buyer is told at ${order.enquiry.replyTo}.`
            : '. The buyer left no e-mail address: please tell them by phone.'}
        </p>
      ) : null}
      <PostResult result={plain} />

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <section aria-labelledby="lines-heading" className={card}>
            <h2 id="lines-heading" className="text-lg font-bold text-slate-900">
              What was ordered
            </h2>
            <div className="mt-3">
              <PricedLines lines={order.lines} caption={`Lines of order ${order.number}`} />
            </div>
            <QuotationTotals sums={q} registered={registered} />
          </section>

          <section aria-labelledby="documents-heading" className={card}>
            <h2 id="documents-heading" className="text-lg font-bold text-slate-900">
              Invoices and credit notes
            </h2>
            {order.documents.length ? (
              <ul className="mt-2 divide-y divide-slate-100">
                {order.documents.map((d) => (
                  <li key={d.id} className="py-3 text-sm">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <div>
                        <p className="font-semibold text-slate-900">
                          {d.kind === 'invoice'
                            ? registered
                              ? 'Tax invoice'
                              : 'Invoice'
                            : 'Credit note'}{' '}
                          {d.number}
                        </p>
                        <p className="text-slate-600">
                          {formatCents(d.totalCents)} · <When date={d.issuedAt} withTime={false} />
                          {d.credits ? ` · for ${d.credits}` : ''}
                          {d.kind === 'invoice' && d.openCents < d.totalCents
                            ? ` · ${formatCents(d.openCents)} not credited`
                            : ''}
                        </p>
                      </div>
                      <a href={docHref(d.number)} className={secondaryButton}>
                        <Download aria-hidden className="size-4" /> {d.number}.pdf
                      </a>
                    </div>
                    {d.kind === 'invoice' && d.openCents > 0 ? (
                      <CreditNoteForm invoice={d} />
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-600">No invoice issued yet.</p>
            )}
          </section>

          <section aria-labelledby="timeline-heading" className={card}>
            <h2 id="timeline-heading" className="mb-4 text-lg font-bold text-slate-900">
              Timeline
            </h2>
            <EnquiryTimeline
              events={order.timeline}
              quotationHref={(number) =>
                `/admin/enquiries/${order.enquiry.id}/quotations/${encodeURIComponent(number)}.pdf`
              }
              attachmentHref={(id) => `/admin/enquiries/${order.enquiry.id}/files/${id}`}
            />
          </section>
        </div>

        {/* On a phone the next step comes first, before the lines. */}
        <aside className="order-first space-y-6 lg:order-none">
          <section aria-labelledby="actions-heading" className={`${card} space-y-3`}>
            <h2 id="actions-heading" className="text-lg font-bold text-slate-900">
              Next step
            </h2>
            {order.status === 'confirmed' || order.status === 'scheduled' ? (
              <>
                <ScheduleForm from={order.status} today={today} current={order.scheduledFor} />
                <StatusButton
                  status="delivered"
                  from={order.status}
                  label="Mark delivered / installed"
                />
              </>
            ) : null}
            {awaiting ? <InvoiceButton from={order.status} registered={registered} /> : null}
            {order.status === 'invoiced' ? (
              <StatusButton status="paid" from="invoiced" label="Mark paid" primary />
            ) : null}
            {awaiting ? <CancelForm from={order.status} /> : null}
            {order.status === 'paid' ? (
              <p className="text-sm text-slate-700">Paid: nothing more to do.</p>
            ) : null}
            {order.status === 'cancelled' ? (
              <p className="text-sm text-slate-700">This order was cancelled.</p>
            ) : null}
          </section>
          <section aria-labelledby="details-heading" className={card}>
            <h2 id="details-heading" className="text-lg font-bold text-slate-900">
              Details
            </h2>
            <dl className="mt-2 space-y-2 text-sm">
              <div>
                <dt className="text-slate-600">Customer</dt>
                <dd className="text-slate-900">
                  {q.attentionName ?? order.enquiry.contactName}
                  {(q.attentionOrganisation ?? order.enquiry.organisation) ? (
                    <span className="block">
                      {q.attentionOrganisation ?? order.enquiry.organisation}
                    </span>
                  ) : null}
                  {q.attentionAddress ? (
                    <span className="block whitespace-pre-line">{q.attentionAddress}</span>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">E-mail</dt>
                <dd className="break-words text-slate-900">{order.enquiry.replyTo ?? '—'}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Buyer&apos;s PO</dt>
                <dd className="text-slate-900">{order.poNumber ?? '—'}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Delivery / installation</dt>
                <dd className="text-slate-900">
                  {order.scheduledFor ? (
                    <When date={`${order.scheduledFor}T00:00:00+08:00`} withTime={false} />
                  ) : (
                    'Not scheduled'
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">Quotation accepted</dt>
                <dd>
                  <a
                    href={quotationHref}
                    className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
                  >
                    <FileText aria-hidden className="size-4" /> {q.number}.pdf
                  </a>
                </dd>
              </div>
            </dl>
          </section>
        </aside>
      </div>
    </>
  );
}
