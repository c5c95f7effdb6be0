import { data, redirect } from 'react-router';
import type { Route } from './+types/orders.$id';
import { useSite } from '~/components/company/use-site';
import { AnsweredNotice, answeredKind } from '~/components/orders/answered-notice';
import { EnquiryConfirmation } from '~/components/orders/enquiry-confirmation';
import { EnquiryFiles } from '~/components/orders/enquiry-files';
import { replyFileLists } from '~/components/ui/attachment-list';
import { EnquiryUpdates } from '~/components/orders/enquiry-updates';
import { CustomerOrders } from '~/components/sales/customer-orders';
import { QuotationAnswerForms, unclaimedFailure } from '~/components/orders/quotation-answer-forms';
import { QuotationRevision, RevisionStateNote } from '~/components/orders/quotation-revision';
import { callServerAction } from '~/lib/client-action';
import { pageTitle } from '~/lib/meta';
import { answerQuotation } from '~/lib/quotation-answer.server';
import { quotationState, type QuotationState } from '~/lib/quotation-state';
import { listAttachments } from '~/services/attachments/attachments.server';
import { confirmationView, getEnquiry } from '~/services/enquiries/enquiries.server';
import { UserError } from '~/services/errors.server';
import { formAction, refusalKeeping } from '~/services/forms.server';
import { customerEnquiryActivity } from '~/services/inbox/customer.server';
import { requireUser } from '~/services/permissions.server';
import { customerOrders } from '~/services/sales/orders.server';
import { getLatestQuotationForOwner, readResponseForm } from '~/services/sales/responses.server';
import { idParam } from '~/lib/route-id';

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  { title: pageTitle(d?.enquiry.reference ?? 'Enquiry', matches) },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  const found = id ? await getEnquiry(user.id, id) : null;
  // Someone else's enquiry is indistinguishable from a missing one.
  if (!found) throw data('Enquiry not found', { status: 404 });
  const search = new URL(request.url).searchParams;
  return {
    enquiry: confirmationView(found, false),
    justSent: search.has('sent'),
    files: await listAttachments(found.id),
    ...(await customerEnquiryActivity(found)),
    orders: await customerOrders(found.id),
    latest: await getLatestQuotationForOwner(user.id, found.id),
    now: new Date(),
    answered: answeredKind(search.get('answered')),
  };
}

/**
 * The owner's answer to the latest revision (the forms name it), through the same service as the
 * e-mailed link, with the ownership checked again there.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  // Before a byte of the body is read: only the owner's own enquiry takes an upload.
  if (!id || !(await getEnquiry(user.id, id))) throw data('Enquiry not found', { status: 404 });
  return formAction(async () => {
    const { form, poFile } = await readResponseForm(request);
    let kind: string;
    try {
      const quotationId = idParam(String(form.get('quotationId') ?? ''));
      const outcome = await answerQuotation(
        form,
        poFile,
        { by: 'owner', user, enquiryId: id, quotationId },
        { clientAddress: context.clientAddress },
      );
      kind = outcome.kind;
    } catch (error) {
      if (error instanceof UserError && error.status === 404)
        throw data('Quotation not found', { status: 404 });
      return refusalKeeping(error, form);
    }
    throw redirect(`/orders/${id}?answered=${kind}`);
  });
}

/** With JavaScript: a lost connection or a 5xx keeps the forms and what was typed on screen. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return callServerAction(serverAction);
}

/** Where the enquiry stands after the buyer's answer to its latest revision. */
const NEXT_STEPS: Partial<Record<QuotationState, (number: string) => string>> = {
  accepted: (n) =>
    `You accepted quotation ${n}. Our team checks the details and confirms the order with you.`,
  changes_requested: (n) =>
    `You asked for changes to quotation ${n}. Our team will send you a revised quotation.`,
  declined: (n) => `You declined quotation ${n}. For anything new, send us another enquiry.`,
};

/**
 * A customer's enquiry: its confirmation (where the cart sends them after sending), the latest
 * quotation with their answers to it while it is open, then what staff have done.
 */
export default function Enquiry({ loaderData, actionData }: Route.ComponentProps) {
  const { enquiry, justSent, timeline, quotations, orders, latest, now, answered, files } =
    loaderData;
  const fileHref = (fileId: number) => `/orders/${enquiry.id}/files/${fileId}`;
  const site = useSite();
  const pdfHref = (number: string) =>
    `/orders/${enquiry.id}/quotations/${encodeURIComponent(number)}.pdf`;
  const state = latest ? quotationState(latest.status, latest.validUntil, new Date(now)) : null;
  const refusal = state?.canRespond
    ? unclaimedFailure(actionData)
    : actionData && !actionData.ok
      ? (actionData.error ?? Object.values(actionData.fields ?? {})[0])
      : undefined;
  return (
    <EnquiryConfirmation
      enquiry={enquiry}
      justSent={justSent}
      back={{ to: '/orders', label: 'My Enquiries' }}
      nextSteps={latest && state ? NEXT_STEPS[state.state]?.(latest.number) : undefined}
      files={<EnquiryFiles files={files} href={fileHref} withReplies={false} />}
    >
      <CustomerOrders
        orders={orders}
        href={(number) => `/orders/${enquiry.id}/invoices/${encodeURIComponent(number)}.pdf`}
      />
      {latest && state ? (
        <section aria-labelledby="latest-quotation" className="mt-8 print:hidden">
          <h2 id="latest-quotation" className="text-xl font-bold text-slate-900">
            Latest quotation
          </h2>
          <AnsweredNotice answered={answered} state={state.state} number={latest.number} />
          {refusal ? (
            <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {refusal}
            </p>
          ) : null}
          <RevisionStateNote quotation={latest} state={state.state} phone={site.phone} />
          <QuotationRevision quotation={latest} pdfHref={pdfHref} now={now} level={3} />
          {state.canRespond ? (
            <QuotationAnswerForms
              // After an answer the forms start afresh (closed, empty); a refusal keeps them as typed.
              key={String(latest.lastAnsweredAt)}
              number={latest.number}
              totalCents={latest.totalCents}
              gstRegistered={latest.gstRegNo !== null}
              organisation={latest.attention.organisation}
              quotationId={latest.id}
              result={actionData}
              level={3}
            />
          ) : null}
        </section>
      ) : null}
      <div className="print:hidden">
        <EnquiryUpdates
          enquiryId={enquiry.id}
          timeline={timeline}
          quotations={quotations}
          now={now}
          replyFiles={replyFileLists(files, fileHref)}
        />
      </div>
    </EnquiryConfirmation>
  );
}
