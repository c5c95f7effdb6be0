import { GUEST_NAME } from '~/lib/constants';
import { totalInWords } from '~/lib/money';
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
 * What a reply's box starts with: the greeting and the staff member's signature around an empty
 * middle. Staff see and may change all of it, and the e-mail carries exactly what they send: the
 * mail adds no greeting or signature of its own, so a reply never greets the customer twice.
 */
export function replyTemplate(customerName: string, staffName: string): string {
  const greeting = customerName === GUEST_NAME ? 'Hello,' : `Dear ${customerName},`;
  return [greeting, '', '', '', 'Kind regards,', ...signature(staffName)].join('\n');
}

/** The box sent as it started (only the greeting and the signature): there is nothing to send. */
export function isUnwrittenReply(body: string, customerName: string, staffName: string): boolean {
  const words = (text: string) => text.replace(/\s+/g, ' ').trim();
  return words(body) === words(replyTemplate(customerName, staffName));
}

/**
 * The lines an enquiry reply's e-mail adds under what staff wrote (shown under the reply box, so
 * staff see the whole mail): the reference, and a customer's page where the reply can be read.
 */
export function enquiryReplyFooter(reference: string, orderUrl?: string): string {
  return [
    `Reference: ${reference}`,
    ...(orderUrl ? [`You can also read this reply at ${orderUrl}`] : []),
  ].join('\n');
}

/** The subject of an enquiry reply (also shown above the reply box). */
export const enquiryReplySubject = (reference: string) => `Re: your enquiry ${reference}`;

/** The subject of a contact-message reply (also shown above the reply box). */
export const messageReplySubject = () => `Re: your message to ${siteInfo().name}`;

/**
 * A staff reply to a customer's enquiry: what staff wrote and the footer's lines, nothing else;
 * the reference in the subject and Reply-To the company's address, so the customer's answer
 * reaches the team rather than the no-reply sender. `text` is the mail as sent, which the
 * timeline keeps.
 */
export function enquiryReplyMail(m: {
  to: string;
  reference: string;
  body: string;
  /** A link to /orders/:id when the enquiry belongs to an account. */
  orderUrl?: string;
}): MailMessage & { text: string } {
  const footer = enquiryReplyFooter(m.reference, m.orderUrl);
  return {
    to: m.to,
    subject: enquiryReplySubject(m.reference),
    replyTo: siteInfo().email,
    text: `${m.body}\n\n${footer}`,
    html: `${paragraphs(m.body)}<p>Reference: <strong>${escapeHtml(m.reference)}</strong>${
      m.orderUrl ? `<br><a href="${escapeHtml(m.orderUrl)}">View your enquiry</a>` : ''
    }</p>`,
  };
}

/**
 * The quotation e-mail: the PDF attached, the total in the text, what it replaces, and how to
 * accept: the buyer's own link (to accept, decline or ask for changes without signing in), or a
 * reply with the purchase order; a signed-in customer's enquiry also has its My Enquiries page.
 */
export function quotationMail(m: {
  to: string;
  customerName: string;
  reference: string;
  number: string;
  /** The revision this one replaces, from the second on. */
  replaces: string | null;
  totalCents: number;
  gstRegistered: boolean;
  validUntil: string;
  staffName: string;
  pdf: Buffer;
  /** The buyer's link to act on this revision. */
  actionUrl: string;
  orderUrl?: string;
}): MailMessage {
  const total = totalInWords(m.totalCents, m.gstRegistered);
  const intro = `Thank you for your enquiry ${m.reference}. Please find our quotation ${m.number} attached (total ${total}, valid until ${m.validUntil}).`;
  const replaces = m.replaces
    ? `This revision replaces quotation ${m.replaces}, which can no longer be accepted.`
    : null;
  const online = `Accept it online, decline it or ask for changes: ${m.actionUrl}`;
  const reply = `Or reply to this e-mail with your purchase order, quoting ${m.number}.`;
  const lines = [
    `Dear ${m.customerName},`,
    '',
    intro,
    ...(replaces ? ['', replaces] : []),
    '',
    'How to accept:',
    online,
    reply,
    '',
    'If you have any questions, simply reply to this e-mail.',
    '',
    ...signature(m.staffName),
    ...(m.orderUrl ? ['', `Your enquiry and its quotations: ${m.orderUrl}`] : []),
  ];
  const link = (href: string, text: string) =>
    `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  return {
    to: m.to,
    subject: `Quotation ${m.number} for your enquiry ${m.reference}`,
    replyTo: siteInfo().email,
    text: lines.join('\n'),
    // As the reply's: the signature's lines together, the pages links.
    html: [
      `<p>Dear ${escapeHtml(m.customerName)},</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      replaces ? `<p>${escapeHtml(replaces)}</p>` : '',
      `<p><strong>How to accept:</strong><br>${link(m.actionUrl, `Accept, decline or ask for changes online`)}<br>${escapeHtml(reply)}</p>`,
      '<p>If you have any questions, simply reply to this e-mail.</p>',
      signatureHtml(m.staffName),
      m.orderUrl ? `<p>${link(m.orderUrl, 'Your enquiry and its quotations')}</p>` : '',
    ].join(''),
    attachments: [{ filename: `${m.number}.pdf`, contentType: 'application/pdf', content: m.pdf }],
  };
}

/** A staff reply to a contact-form message: exactly what staff wrote. */
export function messageReplyMail(m: { to: string; body: string }): MailMessage & { text: string } {
  return {
    to: m.to,
    subject: messageReplySubject(),
    replyTo: siteInfo().email,
    text: m.body,
    html: paragraphs(m.body),
  };
}

/** The buyer's page for a quotation, behind the random token in the quotation e-mail. */
export const quotationActionUrl = (token: string) => `${env().publicUrl}/quotations/${token}`;

/** Where a signed-in customer reads their enquiry. */
export const orderUrl = (id: number) => `${env().publicUrl}/orders/${id}`;
