import { useEffect } from 'react';
import { data } from 'react-router';
import type { Route } from './+types/enquiries.$token';
import { EnquiryConfirmation } from '~/components/orders/enquiry-confirmation';
import { EnquiryFiles } from '~/components/orders/enquiry-files';
import { EnquiryUpdates } from '~/components/orders/enquiry-updates';
import { replyFileLists } from '~/components/ui/attachment-list';
import { CustomerOrders } from '~/components/sales/customer-orders';
import { writeLocalCart } from '~/lib/cart-storage';
import { pageTitle } from '~/lib/meta';
import { listAttachments } from '~/services/attachments/attachments.server';
import { isSender } from '~/services/enquiries/access-token.server';
import { confirmationView, getEnquiryByToken } from '~/services/enquiries/enquiries.server';
import { guestEnquiryActivity } from '~/services/inbox/customer.server';
import { customerOrders } from '~/services/sales/orders.server';

export const meta: Route.MetaFunction = ({ data: d, matches }) => [
  { title: pageTitle(d ? `Enquiry ${d.enquiry.reference}` : 'Enquiry', matches) },
  { name: 'robots', content: 'noindex, nofollow' },
  // The header says so for a page loaded whole; this also covers arriving by client-side
  // navigation (the redirect after sending), whose document kept the cart's policy, so the
  // page's own later requests would carry the link in their Referer.
  { name: 'referrer', content: 'no-referrer' },
];

/**
 * A guest's enquiry, reached only through the unguessable link in the acknowledgement e-mail (or
 * the redirect right after sending). A wrong or missing token is a plain 404, the same as a page
 * that does not exist, so the page says nothing about which enquiries exist. Whoever holds the
 * link sees our reference, the items and masked contact details; the browser that sent it sees
 * everything (access-token.server.ts says why and how). The link is the key, so it must not leak
 * or linger: server/headers.ts answers every /enquiries/ request (404s and client-side `.data`
 * requests too) with `Referrer-Policy: no-referrer`, `Cache-Control: private, no-store` and
 * `X-Robots-Tag: noindex`.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await getEnquiryByToken(params.token);
  if (!found) throw data('Not found', { status: 404 });
  const sender = isSender(request, found.tokenHash);
  const files = await listAttachments(found.enquiry.id);
  return {
    enquiry: confirmationView(found.enquiry, !sender),
    // Only the browser that sent it: `?sent` on a shared link must not empty a stranger's cart
    // or thank them for an enquiry they never sent.
    justSent: sender && new URL(request.url).searchParams.has('sent'),
    // Whoever holds the link may download the files (the link is the key to them, as to this
    // page); their names are all the page shows of them.
    files,
    // The replies and quotations, so a guest finds a quotation again without its e-mail.
    ...(await guestEnquiryActivity(found.enquiry, !sender)),
    now: new Date(),
    // The order and its invoices: the link is the key to them as to the enquiry.
    orders: await customerOrders(found.enquiry.id),
  };
}

export default function GuestEnquiry({ loaderData, params }: Route.ComponentProps) {
  const { justSent, files, timeline, quotations, now } = loaderData;
  const fileHref = (fileId: number) => `/enquiries/${params.token}/files/${fileId}`;
  // Arriving from the cart: the guest's local cart was what this enquiry sent (the server
  // already emptied the cookie cart of a guest without JavaScript).
  // The address then loses its `?sent`, so a reload (or returning later through history) does
  // not empty a cart the guest has filled again since.
  useEffect(() => {
    if (!justSent) return;
    writeLocalCart([]);
    const url = new URL(window.location.href);
    url.searchParams.delete('sent');
    window.history.replaceState(window.history.state, '', url);
  }, [justSent]);
  return (
    <EnquiryConfirmation
      enquiry={loaderData.enquiry}
      justSent={loaderData.justSent}
      files={<EnquiryFiles files={files} href={fileHref} withReplies={false} />}
    >
      <CustomerOrders
        orders={loaderData.orders}
        href={(number) => `/enquiries/${params.token}/invoices/${encodeURIComponent(number)}.pdf`}
      />
      <div className="print:hidden">
        <EnquiryUpdates
          enquiryId={loaderData.enquiry.id}
          timeline={timeline}
          quotations={quotations}
          now={now}
          replyFiles={replyFileLists(files, fileHref)}
          quotationHref={(number) =>
            `/enquiries/${params.token}/quotations/${encodeURIComponent(number)}.pdf`
          }
        />
      </div>
    </EnquiryConfirmation>
  );
}
