import type { MailMessage } from '../mail/mailer.server';
import { env } from '../env.server';
import { siteInfo } from '../site.server';
import { escapeHtml } from '../mail/html.server';

function signature(staffName: string): string[] {
  const site = siteInfo();
  return [staffName, site.name, site.phone, site.email];
}

/** The signature in an HTML part: its lines together in one paragraph. */
const signatureHtml = (staffName: string) =>
  `<p>${signature(staffName).map(escapeHtml).join('<br>')}</p>`;

function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p style="white-space:pre-line">${escapeHtml(p)}</p>`)
    .join('');
}

/**
 * A staff reply to a customer's enquiry: the reference in the subject and Reply-To the company's
 * address, so the customer's answer reaches the team rather than the no-reply sender.
 */
export function enquiryReplyMail(m: {
  to: string;
  customerName: string;
  reference: string;
  body: string;
  staffName: string;
  /** A link to /orders/:id when the enquiry belongs to an account. */
  orderUrl?: string;
}): MailMessage {
  const footer = m.orderUrl ? `You can also read this reply at ${m.orderUrl}` : '';
  return {
    to: m.to,
    subject: `Re: your enquiry ${m.reference}`,
    replyTo: siteInfo().email,
    text: [
      `Dear ${m.customerName},`,
      '',
      m.body,
      '',
      ...signature(m.staffName),
      '',
      `Reference: ${m.reference}`,
      footer,
    ].join('\n'),
    html: `<p>Dear ${escapeHtml(m.customerName)},</p>${paragraphs(m.body)}${signatureHtml(m.staffName)}<p>Reference: <strong>${escapeHtml(m.reference)}</strong>${
      m.orderUrl ? `<br><a href="${escapeHtml(m.orderUrl)}">View your enquiry</a>` : ''
    }</p>`,
  };
}

/** The quotation e-mail: the PDF attached, the total in the text. */
export function quotationMail(m: {
  to: string;
  customerName: string;
  reference: string;
  number: string;
  total: string;
  validUntil: string;
  staffName: string;
  pdf: Buffer;
  orderUrl?: string;
  /** The revision's own page, where the buyer accepts, declines or asks for changes. */
  answerUrl: string;
}): MailMessage {
  const intro = `Thank you for your enquiry ${m.reference}. Please find our quotation ${m.number} attached (total ${m.total} including GST, valid until ${m.validUntil}).`;
  const next = `To accept it (with your PO), ask for changes or decline it, open ${m.answerUrl} (this link is for you: please keep it to yourself). Questions? Simply reply to this e-mail.`;
  const lines = [
    `Dear ${m.customerName},`,
    '',
    intro,
    '',
    next,
    '',
    ...signature(m.staffName),
    ...(m.orderUrl ? ['', `Your enquiry and its quotations: ${m.orderUrl}`] : []),
  ];
  return {
    to: m.to,
    subject: `Quotation ${m.number} for your enquiry ${m.reference}`,
    replyTo: siteInfo().email,
    text: lines.join('\n'),
    // As the reply's: the signature's lines together, the enquiry's page a link.
    html: `<p>Dear ${escapeHtml(m.customerName)},</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(next)}</p>${signatureHtml(m.staffName)}${
      m.orderUrl
        ? `<p><a href="${escapeHtml(m.orderUrl)}">Your enquiry and its quotations</a></p>`
        : ''
    }`,
    attachments: [{ filename: `${m.number}.pdf`, contentType: 'application/pdf', content: m.pdf }],
  };
}

/** A staff reply to a contact-form message. */
export function messageReplyMail(m: {
  to: string;
  name: string;
  body: string;
  staffName: string;
}): MailMessage {
  return {
    to: m.to,
    subject: `Re: your message to ${siteInfo().name}`,
    replyTo: siteInfo().email,
    text: [`Dear ${m.name},`, '', m.body, '', ...signature(m.staffName)].join('\n'),
    html: `<p>Dear ${escapeHtml(m.name)},</p>${paragraphs(m.body)}${signatureHtml(m.staffName)}`,
  };
}

/** Where a signed-in customer reads their enquiry. */
export const orderUrl = (id: number) => `${env().publicUrl}/orders/${id}`;
