import { data } from 'react-router';
import type { Route } from './+types/orders.$id';
import { EnquiryConfirmation } from '~/components/orders/enquiry-confirmation';
import { EnquiryFiles } from '~/components/orders/enquiry-files';
import { AttachmentList } from '~/components/ui/attachment-list';
import { EnquiryUpdates } from '~/components/orders/enquiry-updates';
import { pageTitle } from '~/lib/meta';
import { listAttachments } from '~/services/attachments/attachments.server';
import { confirmationView, getEnquiry } from '~/services/enquiries/enquiries.server';
import { customerEnquiryActivity } from '~/services/inbox/customer.server';
import { requireUser } from '~/services/permissions.server';

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  { title: pageTitle(d?.enquiry.reference ?? 'Enquiry', matches) },
  { name: 'robots', content: 'noindex' },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  const found = id ? await getEnquiry(user.id, id) : null;
  // Someone else's enquiry is indistinguishable from a missing one.
  if (!found) throw data('Enquiry not found', { status: 404 });
  return {
    enquiry: confirmationView(found, false),
    justSent: new URL(request.url).searchParams.has('sent'),
    files: await listAttachments(found.id),
    ...(await customerEnquiryActivity(found)),
  };
}

/** A customer's enquiry: its confirmation (where the cart sends them after sending), then what staff have done. */
export default function Enquiry({ loaderData }: Route.ComponentProps) {
  const { enquiry, justSent, timeline, quotations, files } = loaderData;
  const fileHref = (fileId: number) => `/orders/${enquiry.id}/files/${fileId}`;
  return (
    <EnquiryConfirmation
      enquiry={enquiry}
      justSent={justSent}
      back={{ to: '/orders', label: 'My Orders' }}
      files={<EnquiryFiles files={files} href={fileHref} withReplies={false} />}
    >
      <div className="print:hidden">
        <EnquiryUpdates
          enquiryId={enquiry.id}
          timeline={timeline}
          quotations={quotations}
          replyFiles={(eventId) => (
            <AttachmentList
              files={files.filter((f) => f.owner === 'reply' && f.eventId === eventId)}
              href={fileHref}
              label="Files sent with this reply"
            />
          )}
        />
      </div>
    </EnquiryConfirmation>
  );
}
