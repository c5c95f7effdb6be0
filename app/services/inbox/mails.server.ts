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

/** The buyer's page for a quotation, behind the random token in the quotation e-mail. */
export const quotationActionUrl = (token: string) => `${env().publicUrl}/quotations/${token}`;

/** Where a signed-in customer reads their enquiry. */
export const orderUrl = (id: number) => `${env().publicUrl}/orders/${id}`;
