import { FileText, PhoneCall } from 'lucide-react';
import { data, Form, Link, redirect, useActionData } from 'react-router';
import type { Route } from './+types/admin.enquiries.$id';
import { PostResult } from '~/components/admin/inbox/post-result';
import { AdminPageHeader, BackLink } from '~/components/admin/admin-shell';
import { EnquiryTimeline } from '~/components/admin/inbox/enquiry-timeline';
import { StatusBadge, When } from '~/components/admin/inbox/status-badge';
import { StateBadge } from '~/components/orders/quotation-state-badge';
import { card, primaryButton, secondaryButton } from '~/components/admin/inbox/styles';
import { AttachmentField } from '~/components/ui/attachment-field';
import { AttachmentList, replyFileLists } from '~/components/ui/attachment-list';
import { FormError, SelectField, TextAreaField } from '~/components/ui/field';
import { ReplyComposer, type Snippet } from '~/components/admin/inbox/reply-composer';
import { adminMeta } from '~/lib/admin-meta';
import { MAX_ATTACHMENTS } from '~/lib/attachments';
import { busyButton } from '~/lib/busy-button';
import { formValues, type FormSchema } from '~/lib/forms';
import { mailtoHref } from '~/lib/schemas/email';
import { formatCents, totalLabel } from '~/lib/money';
import { quotationState, revisionStatus } from '~/lib/quotation-state';
import {
  ENQUIRY_STATUSES,
  EnquiryNoteSchema,
  EnquiryStatusSchema,
  AssignSchema,
  ReplySchema,
  STATUS_LABELS,
} from '~/lib/schemas/inbox';
import { usePageForm } from '~/lib/use-page-form';
import {
  checkAttachments,
  listAttachments,
  readAttachmentForm,
} from '~/services/attachments/attachments.server';
import { customerKeyOfEnquiry } from '~/services/customers/customers.server';
import { UserError } from '~/services/errors.server';
import { checkTogether, formAction, parseInput } from '~/services/forms.server';
import {
  addEnquiryNote,
  changeEnquiryStatus,
  getEnquiryCase,
  replyToEnquiry,
} from '~/services/inbox/enquiries.server';
import { requireAdmin } from '~/services/permissions.server';
import { insertAnswer } from '~/services/inbox/insert-answer.server';
import { listCannedReplies } from '~/services/inbox/canned-replies.server';
import { assignEnquiry, listStaff, sourceText } from '~/services/inbox/desk.server';
import {
  enquiryReplyFooter,
  enquiryReplySubject,
  orderUrl,
  replyTemplate,
} from '~/services/inbox/mails.server';
import { ConfirmOrderSchema } from '~/lib/schemas/orders';
import { confirmOrder, enquiryOrderState } from '~/services/sales/orders.server';
import { OrderStatusBadge } from '~/components/sales/order-status-badge';
import { idParam } from '~/lib/route-id';

export const meta: Route.MetaFunction = ({ data: d }) =>
  adminMeta(d ? `Enquiry ${d.enquiry.reference}` : 'Enquiry');

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const enquiry = await getEnquiryCase(idParam(params.id));
  if (!enquiry) throw data('Enquiry not found', { status: 404 });
  const sent = new URL(request.url).searchParams.get('sent');
  const [staff, snippets] = await Promise.all([listStaff(), listCannedReplies()]);
  return {
    enquiry,
    cameIn: sourceText(enquiry.source),
    me: admin.id,
    staff,
    snippets: snippets.map(({ id, title, body }) => ({ id, title, body })),
    // The reply's e-mail as it will go: staff see and send all of it.
    mail: {
      subject: enquiryReplySubject(enquiry.reference),
      template: replyTemplate(enquiry.contactName, admin.name),
      footer: enquiryReplyFooter(
        enquiry.reference,
        enquiry.account ? orderUrl(enquiry.id) : undefined,
      ),
    },
    files: await listAttachments(enquiry.id),
    sent: sent && enquiry.quotations.some((q) => q.number === sent) ? sent : null,
    sale: await enquiryOrderState(enquiry.id),
    customerKey: await customerKeyOfEnquiry(enquiry.id),
    // The clock the revisions' states are read by (expiry is computed, not stored).
    now: new Date(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const id = idParam(params.id);
  return formAction(async () => {
    // A reply may carry files (multipart); the other forms are plain ones.
    const { form, files } = await readAttachmentForm(request);
    const values = formValues(form);
    switch (values.intent) {
      case 'status': {
        const { status, from } = parseInput(EnquiryStatusSchema, values);
        const { changed } = await changeEnquiryStatus(admin, id, status, from);
        const label = STATUS_LABELS[status];
        return {
          ok: true as const,
          intent: 'status' as const,
          message: changed ? `Status changed to ${label}.` : `The enquiry is already ${label}.`,
        };
      }
      case 'note': {
        const { body } = parseInput(EnquiryNoteSchema, values);
        await addEnquiryNote(admin, id, body);
        return { ok: true as const, intent: 'note' as const, message: 'Note added.' };
      }
      case 'assign': {
        const { assignee } = parseInput(AssignSchema, values);
        const result = await assignEnquiry(admin, id, assignee || null);
        const name = result.assignee?.name;
        return {
          ok: true as const,
          intent: 'assign' as const,
          message: result.changed
            ? name
              ? `Assigned to ${name}.`
              : 'Nobody is assigned now.'
            : name
              ? `It is already assigned to ${name}.`
              : 'Nobody is assigned.',
        };
      }
      case 'reply': {
        // Without JavaScript, Insert posts the form: the page comes back with the canned reply in.
        if (values.insert) return insertAnswer(values);
        const [{ body }, checked] = await checkTogether(
          () => parseInput(ReplySchema, values),
          () => checkAttachments(files),
        );
        const { to } = await replyToEnquiry(admin, id, body, checked);
        return { ok: true as const, intent: 'reply' as const, message: `Reply sent to ${to}.` };
      }
      case 'confirm-order': {
        // The order's own page is the answer, with and without JavaScript.
        const { quotationId } = parseInput(ConfirmOrderSchema, values);
        const order = await confirmOrder(admin, Number(quotationId));
        throw redirect(`/admin/orders/${order.id}${order.created ? '?confirmed' : ''}`);
      }
      default:
        throw new UserError('This action is not known. Please reload the page.', 400);
    }
  });
}

/**
 * The enquiry's order, or "Confirm order" once the buyer has accepted a revision: a plain form,
 * answered with the order's page.
 */
function SaleAction({ sale }: { sale: Route.ComponentProps['loaderData']['sale'] }) {
  if (sale.order && sale.order.status !== 'cancelled')
    return (
      <Link to={`/admin/orders/${sale.order.id}`} className={secondaryButton}>
        Order {sale.order.number} <OrderStatusBadge status={sale.order.status} />
      </Link>
    );
  if (!sale.accepted) return null;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="confirm-order" />
      <input type="hidden" name="quotationId" value={sale.accepted.id} />
      <button type="submit" className={primaryButton}>
        Confirm order ({sale.accepted.number} accepted)
      </button>
    </Form>
  );
}

/** What the action answers (a success, or the form pattern's failure). */
type Answer =
  | { ok: true; intent: 'status' | 'note' | 'reply' | 'assign'; message: string }
  | { ok: true; intent: 'insert'; message: string; body: string }
  | { ok: false; error?: string; fields?: Record<string, string> };

/** One of the page's forms: every one of them waits while another is at work (usePageForm). */
const useCaseForm = (schema: FormSchema) => usePageForm<Answer>('enquiry', schema);

function StatusForm({ status }: { status: (typeof ENQUIRY_STATUSES)[number] }) {
  const { fetcher, form, busy } = useCaseForm(EnquiryStatusSchema);
  return (
    <fetcher.Form method="post" {...form.props}>
      <FormError message={form.formError} />
      <div className="flex items-end gap-2">
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="from" value={status} />
        <div className="flex-1">
          <SelectField
            id="status"
            label="Status"
            defaultValue={status}
            key={status}
            error={form.errors.status}
          >
            {ENQUIRY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </SelectField>
        </div>
        <button type="submit" {...busyButton(busy)} className={`${secondaryButton} mb-6`}>
          Change
        </button>
      </div>
    </fetcher.Form>
  );
}

function AssignForm({
  assigneeId,
  staff,
  me,
}: {
  assigneeId: string | null;
  staff: Route.ComponentProps['loaderData']['staff'];
  /** The signed-in admin, marked in the list. */
  me: string;
}) {
  const { fetcher, form, busy } = useCaseForm(AssignSchema);
  return (
    <fetcher.Form method="post" {...form.props}>
      <FormError message={form.formError} />
      <div className="flex items-end gap-2">
        <input type="hidden" name="intent" value="assign" />
        <div className="min-w-0 flex-1">
          <SelectField
            id="assignee"
            label="Assigned to"
            defaultValue={assigneeId ?? ''}
            key={assigneeId ?? ''}
            error={form.errors.assignee}
          >
            <option value="">Nobody</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.id === me ? `${s.name} (you)` : s.name}
              </option>
            ))}
          </SelectField>
        </div>
        <button type="submit" {...busyButton(busy)} className={`${secondaryButton} mb-6`}>
          Assign
        </button>
      </div>
    </fetcher.Form>
  );
}

function NoteForm() {
  const { fetcher, ref, form, busy } = useCaseForm(EnquiryNoteSchema);
  return (
    <fetcher.Form method="post" ref={ref} {...form.props}>
      <input type="hidden" name="intent" value="note" />
      <FormError message={form.formError} />
      <TextAreaField
        id="note"
        name="body"
        label="Private note"
        hint="Only staff see notes; the customer never does."
        rows={3}
        error={form.errors.body}
      />
      <button type="submit" {...busyButton(busy)} className={secondaryButton}>
        Add note
      </button>
    </fetcher.Form>
  );
}

function ReplyForm({
  to,
  mail,
  snippets,
  start,
}: {
  to: string;
  mail: Route.ComponentProps['loaderData']['mail'];
  snippets: Snippet[];
  start: string;
}) {
  const { fetcher, ref, form, busy } = useCaseForm(ReplySchema);
  return (
    <fetcher.Form method="post" encType="multipart/form-data" ref={ref} {...form.props}>
      <input type="hidden" name="intent" value="reply" />
      <FormError message={form.formError} />
      <ReplyComposer
        label="Reply to the customer"
        to={to}
        subject={mail.subject}
        start={start}
        footer={mail.footer}
        snippets={snippets}
        error={form.errors.body}
        hint="Sent exactly as written here; their answer comes back to the company address."
      />
      <AttachmentField
        label="Files (optional)"
        hint={`Up to ${MAX_ATTACHMENTS} files (spec sheets, drawings): PDF, JPEG, PNG or WebP, 10 MB each. Attached to the e-mail and kept with the reply.`}
        error={form.errors.files}
      />
      <button type="submit" {...busyButton(busy)} className={primaryButton}>
        Send reply
      </button>
    </fetcher.Form>
  );
}

function Detail({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export default function AdminEnquiry({ loaderData }: Route.ComponentProps) {
  const { enquiry, files, sent, sale, now, staff, snippets, mail, cameIn, me, customerKey } =
    loaderData;
  const fileHref = (fileId: number) => `/admin/enquiries/${enquiry.id}/files/${fileId}`;
  const buyerFiles = files.filter((f) => f.owner !== 'reply');
  // Without JavaScript the forms post natively and the answer comes back as the page's action data.
  const plain = useActionData<typeof action>() as Answer | undefined;
  const pdfHref = (number: string) =>
    `/admin/enquiries/${enquiry.id}/quotations/${encodeURIComponent(number)}.pdf`;
  return (
    <>
      <BackLink to={'/admin/enquiries'}>All enquiries</BackLink>
      <AdminPageHeader
        title={`Enquiry ${enquiry.reference}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusBadge status={enquiry.status} /> Sent <When date={enquiry.createdAt} />
          </span>
        }
        actions={
          <>
            <SaleAction sale={sale} />
            <Link to={`/admin/enquiries/${enquiry.id}/quotation`} className={primaryButton}>
              <FileText aria-hidden className="size-4" />
              {enquiry.quotations.length ? 'Revise quotation' : 'Draw up quotation'}
            </Link>
          </>
        }
      />
      {sent ? (
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
          Quotation {sent} sent
          {enquiry.replyTo
            ? ` to ${enquiry.replyTo}.`
            : '. The customer has no e-mail address: download the PDF and pass it on.'}
        </p>
      ) : null}
      <PostResult result={plain} />

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <section aria-labelledby="items-heading" className={card}>
            <h2 id="items-heading" className="text-lg font-bold text-slate-900">
              Items
            </h2>
            <ul className="mt-2 divide-y divide-slate-100">
              {enquiry.items.map((item) => (
                <li key={item.id} className="flex justify-between gap-3 py-2 text-sm">
                  {item.productId ? (
                    <Link
                      to={`/products/${item.productId}`}
                      className="font-medium text-brand-800 hover:underline"
                    >
                      {item.name}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-900">
                      {item.name}{' '}
                      <span className="font-normal text-slate-600">
                        (no longer in the catalogue)
                      </span>
                    </span>
                  )}
                  <span className="shrink-0 font-semibold">× {item.quantity}</span>
                </li>
              ))}
            </ul>
            <h3 className="mt-4 text-sm font-semibold text-slate-900">Message</h3>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{enquiry.message}</p>
            {buyerFiles.length ? (
              <>
                <h3 className="mt-4 text-sm font-semibold text-slate-900">
                  Files from the customer ({buyerFiles.length})
                </h3>
                <AttachmentList
                  files={buyerFiles}
                  href={fileHref}
                  label="Files from the customer"
                />
              </>
            ) : null}
          </section>

          <section aria-labelledby="timeline-heading" className={card}>
            <h2 id="timeline-heading" className="mb-4 text-lg font-bold text-slate-900">
              Timeline
            </h2>
            <EnquiryTimeline
              events={enquiry.timeline}
              quotationHref={pdfHref}
              attachmentHref={fileHref}
              replyFiles={replyFileLists(files, fileHref)}
            />
          </section>

          <section aria-labelledby="reply-heading" className={card}>
            <h2 id="reply-heading" className="mb-3 text-lg font-bold text-slate-900">
              Reply
            </h2>
            {enquiry.replyTo ? (
              <ReplyForm
                to={enquiry.replyTo}
                mail={mail}
                snippets={snippets}
                start={plain?.ok && plain.intent === 'insert' ? plain.body : mail.template}
              />
            ) : (
              <p className="flex gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
                <PhoneCall aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>
                  This customer left no e-mail address, so a reply cannot be e-mailed. Please phone
                  them{enquiry.contactPhone ? ` on ${enquiry.contactPhone}` : ''} and keep a note of
                  the call below.
                </span>
              </p>
            )}
            <div className="mt-6 border-t border-slate-100 pt-4">
              <NoteForm />
            </div>
          </section>
        </div>

        <aside className="space-y-6">
          <div className={card}>
            {enquiry.waitingForUs ? (
              <p className="mb-3 inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                Waiting for us
              </p>
            ) : null}
            <StatusForm status={enquiry.status} />
            <AssignForm assigneeId={enquiry.assigneeId} staff={staff} me={me} />
          </div>
          <section aria-labelledby="contact-heading" className={card}>
            <h2 id="contact-heading" className="text-lg font-bold text-slate-900">
              Contact
            </h2>
            <dl className="mt-2">
              <Detail term="Name">{enquiry.contactName}</Detail>
              <Detail term="E-mail">
                {enquiry.contactEmail ? (
                  <a href={mailtoHref(enquiry.contactEmail)} className="text-brand-700 underline">
                    {enquiry.contactEmail}
                  </a>
                ) : (
                  '—'
                )}
              </Detail>
              <Detail term="Phone">
                {enquiry.contactPhone ? (
                  <a
                    href={`tel:${enquiry.contactPhone.replace(/[^\d+]/g, '')}`}
                    className="text-brand-700 underline"
                  >
                    {enquiry.contactPhone}
                  </a>
                ) : (
                  '—'
                )}
              </Detail>
              <Detail term="Organisation">{enquiry.organisation ?? '—'}</Detail>
              <Detail term="Delivery / site address">
                <span className="whitespace-pre-line">{enquiry.address ?? '—'}</span>
              </Detail>
              <Detail term="PO / GeBIZ ref.">{enquiry.poReference ?? '—'}</Detail>
              <Detail term="Promo code">{enquiry.promoCode ?? '—'}</Detail>
              <Detail term="Sent as">
                {enquiry.account ? `Account (${enquiry.account.email})` : 'Guest'}
              </Detail>
              <Detail term="Came in">
                {cameIn}
                {enquiry.contactMessageId ? (
                  <>
                    {' '}
                    (
                    <Link
                      to={`/admin/messages/${enquiry.contactMessageId}`}
                      className="text-brand-700 underline"
                    >
                      the message
                    </Link>
                    )
                  </>
                ) : null}
              </Detail>
              <Detail term="Privacy notice">
                {enquiry.privacyNoticeVersion
                  ? `Version of ${enquiry.privacyNoticeVersion}`
                  : 'Not recorded'}
              </Detail>
            </dl>
            {customerKey ? (
              <Link
                to={`/admin/customers/${customerKey}`}
                className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline"
              >
                All from this customer
              </Link>
            ) : null}
          </section>
          <section aria-labelledby="quotations-heading" className={card}>
            <h2 id="quotations-heading" className="text-lg font-bold text-slate-900">
              Quotations
            </h2>
            {enquiry.quotations.length ? (
              <ul className="mt-2 divide-y divide-slate-100">
                {enquiry.quotations.map((q, i) => (
                  <li key={q.id} className="py-2 text-sm">
                    <span className="flex flex-wrap items-center justify-between gap-2">
                      <a
                        href={pdfHref(q.number)}
                        className="font-semibold text-brand-700 hover:underline"
                      >
                        {q.number}
                      </a>
                      <StateBadge
                        state={
                          quotationState(
                            revisionStatus(q.status, i === enquiry.quotations.length - 1),
                            q.validUntil,
                            new Date(now),
                          ).state
                        }
                      />
                    </span>
                    <p className="text-slate-600">
                      {formatCents(q.totalCents)} {totalLabel(q.gstRegistered)} ·{' '}
                      <When date={q.createdAt} withTime={false} /> · {q.actorName}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm text-slate-600">None sent yet.</p>
            )}
          </section>
        </aside>
      </div>
    </>
  );
}
