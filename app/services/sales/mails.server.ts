import { totalInWords } from '~/lib/money';
import type { OrderStatus } from '../db/schema';
import { escapeHtml } from '../mail/html.server';
import type { MailMessage } from '../mail/mailer.server';
import { siteInfo } from '../site.server';

/** Who gets the mail and where they can read their enquiry (signed-in buyers only). */
export interface Buyer {
  to: string;
  name: string;
  /** /orders/:id for an enquiry that belongs to an account; a guest's link is not kept. */
  orderUrl?: string;
}

/**
 * A mail to the buyer about their order: paragraphs of plain text, the company's signature, a
 * link to their enquiry when they have an account, and Reply-To the company, so an answer
 * reaches the team.
 */
function buyerMail(
  buyer: Buyer,
  subject: string,
  paragraphs: string[],
  attachment?: { filename: string; content: Buffer },
): MailMessage {
  const site = siteInfo();
  const signature = [site.name, site.phone, site.email];
  const link = buyer.orderUrl ? `Your enquiry, order and invoices: ${buyer.orderUrl}` : null;
  return {
    to: buyer.to,
    subject,
    replyTo: site.email,
    text: [
      `Dear ${buyer.name},`,
      '',
      ...paragraphs.flatMap((p) => [p, '']),
      ...signature,
      ...(link ? ['', link] : []),
    ].join('\n'),
    html: `<p>Dear ${escapeHtml(buyer.name)},</p>${paragraphs
      .map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`)
      .join('')}<p>${signature.map(escapeHtml).join('<br>')}</p>${
      buyer.orderUrl
        ? `<p><a href="${escapeHtml(buyer.orderUrl)}">Your enquiry, order and invoices</a></p>`
        : ''
    }`,
    attachments: attachment
      ? [
          {
            filename: attachment.filename,
            contentType: 'application/pdf',
            content: attachment.content,
          },
        ]
      : undefined,
  };
}

/** The order is confirmed: what was accepted, the order's number and what happens next. */
export function orderConfirmedMail(
  buyer: Buyer,
  m: {
    orderNumber: string;
    quotationNumber: string;
    poNumber: string | null;
    totalCents: number;
    gstRegistered: boolean;
  },
): MailMessage {
  return buyerMail(buyer, `Order ${m.orderNumber} confirmed`, [
    `Thank you for accepting our quotation ${m.quotationNumber}. We have confirmed your order ${m.orderNumber}${
      m.poNumber ? ` (your PO ${m.poNumber})` : ''
    }, total ${totalInWords(m.totalCents, m.gstRegistered)}.`,
    'We will write again with the delivery or installation date. Please quote the order number in any message about it.',
  ]);
}

/** What the buyer is told when an order moves on (the invoice has a mail of its own). */
export function orderStatusMail(
  buyer: Buyer,
  m: {
    orderNumber: string;
    status: Exclude<OrderStatus, 'confirmed' | 'invoiced'>;
    scheduledFor?: string | null;
    note?: string | null;
    invoiceNumber?: string | null;
  },
): MailMessage {
  switch (m.status) {
    case 'scheduled':
      return buyerMail(buyer, `Order ${m.orderNumber}: scheduled for ${m.scheduledFor}`, [
        `Your order ${m.orderNumber} is scheduled for delivery or installation on ${m.scheduledFor}.`,
        'If that day does not suit you, simply reply to this e-mail.',
      ]);
    case 'delivered':
      return buyerMail(buyer, `Order ${m.orderNumber} delivered`, [
        `Your order ${m.orderNumber} has been delivered or installed. Our invoice follows separately.`,
      ]);
    case 'paid':
      return buyerMail(buyer, `Payment received for order ${m.orderNumber}`, [
        `We have received your payment${m.invoiceNumber ? ` for invoice ${m.invoiceNumber}` : ''} (order ${m.orderNumber}). Thank you for your business.`,
      ]);
    case 'cancelled':
      return buyerMail(buyer, `Order ${m.orderNumber} cancelled`, [
        `Your order ${m.orderNumber} has been cancelled.`,
        ...(m.note ? [`Reason: ${m.note}`] : []),
        'If this is not what you expected, please reply to this e-mail.',
      ]);
  }
}

/** A tax invoice or credit note, its PDF attached. */
export function documentMail(
  buyer: Buyer,
  m: {
    title: string;
    number: string;
    orderNumber: string;
    total: string;
    pdf: Buffer;
    /** A credit note's invoice. */
    invoiceNumber?: string;
  },
): MailMessage {
  const what = m.invoiceNumber
    ? `our ${m.title.toLowerCase()} ${m.number} for invoice ${m.invoiceNumber} (order ${m.orderNumber}), ${m.total} credited`
    : `our ${m.title.toLowerCase()} ${m.number} for order ${m.orderNumber}, ${m.total}`;
  return buyerMail(
    buyer,
    `${m.title} ${m.number} for order ${m.orderNumber}`,
    [
      `Please find attached ${what}.`,
      m.invoiceNumber
        ? 'Please keep it with the invoice for your records.'
        : `Please quote ${m.number} with your payment.`,
    ],
    { filename: `${m.number}.pdf`, content: m.pdf },
  );
}

/**
 * The reminder before a quotation expires. Its link cannot be sent again (only the token's hash
 * is kept), so the mail says where else to accept: the quotation e-mail, My Enquiries, or a reply.
 */
export function quotationReminderMail(
  buyer: Buyer,
  m: {
    quotationNumber: string;
    reference: string;
    validUntil: string;
    totalCents: number;
    gstRegistered: boolean;
  },
): MailMessage {
  return buyerMail(buyer, `Quotation ${m.quotationNumber} expires on ${m.validUntil}`, [
    `Our quotation ${m.quotationNumber} for your enquiry ${m.reference} (${totalInWords(m.totalCents, m.gstRegistered)}) is valid until ${m.validUntil}.`,
    `To accept it, use the link in our quotation e-mail${
      buyer.orderUrl ? ', or sign in to My Enquiries' : ''
    }, or simply reply to this e-mail. After that date we will gladly send you a new quotation.`,
  ]);
}
