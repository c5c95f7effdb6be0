import { contactRows } from '~/lib/enquiry-contact';
import { ENQUIRY_REPLY_TIME, singaporeTime } from '~/lib/site';
import type { MailMessage } from '../mail/mailer.server';
import { escapeHtml } from '../mail/html.server';

interface MailInput {
  reference: string;
  createdAt: Date;
  contact: { name: string; email?: string; phone?: string };
  organisation?: string;
  poReference?: string;
  /** Where the goods go or the work is done (staff see it; the acknowledgement never does). */
  address?: string;
  message: string;
  promoCode?: string;
  items: { productId: number; name: string; quantity: number }[];
  /** The names of the files attached (staff download them from the inbox, never by e-mail). */
  attachments?: string[];
  publicUrl: string;
  /**
   * The enquiry's confirmation page: a guest's unguessable link (which masks the contact details
   * for whoever opens it), or a customer's page under My Enquiries (which needs their sign-in).
   */
  confirmationUrl: string;
  /** The enquiry in the back office, where staff answer it (an absolute URL). */
  adminUrl: string;
  /** A guest's link is the key to its page; a customer's page needs their sign-in. */
  guest: boolean;
  companyEmail: string;
  siteName: string;
  /** Whether the sender's inbox may get the acknowledgement (mail/acknowledgements.server.ts). */
  acknowledge: boolean;
}

function details(m: MailInput): [string, string][] {
  return [['Reference', m.reference], ...contactRows(m)];
}

const NOT_YOU =
  'If you did not send this enquiry, someone may have typed your address by mistake: you can ignore this e-mail.';

function itemsText(m: MailInput): string {
  return [
    'Items:',
    ...m.items.map((i) => `- ${i.name} × ${i.quantity}  ${m.publicUrl}/products/${i.productId}`),
  ].join('\n');
}

function itemsHtml(m: MailInput): string {
  return `<h3>Items</h3><ul>${m.items
    .map(
      (i) =>
        `<li><a href="${escapeHtml(`${m.publicUrl}/products/${i.productId}`)}">${escapeHtml(i.name)}</a> × ${i.quantity}</li>`,
    )
    .join('')}</ul>`;
}

function summaryText(m: MailInput): string {
  return [
    ...details(m).map(([k, v]) => `${k}: ${v}`),
    '',
    'Items:',
    ...m.items.map((i) => `- ${i.name} × ${i.quantity}  ${m.publicUrl}/products/${i.productId}`),
    '',
    'Message:',
    m.message,
    ...(m.attachments?.length
      ? ['', `Files attached in the inbox: ${m.attachments.join(', ')}`]
      : []),
  ].join('\n');
}

function summaryHtml(m: MailInput): string {
  return `<table cellpadding="4">${details(m)
    .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('')}</table>
<h3>Items</h3><ul>${m.items
    .map(
      (i) =>
        `<li><a href="${escapeHtml(`${m.publicUrl}/products/${i.productId}`)}">${escapeHtml(i.name)}</a> × ${i.quantity}</li>`,
    )
    .join('')}</ul>
<h3>Message</h3><p style="white-space:pre-line">${escapeHtml(m.message)}</p>${
    m.attachments?.length
      ? `<p>Files attached in the inbox: ${escapeHtml(m.attachments.join(', '))}</p>`
      : ''
  }`;
}

/**
 * The company's notification (everything the customer wrote; Reply-To goes to the customer) and,
 * when the customer gave an e-mail and its inbox has not had its share this hour, their
 * acknowledgement. Anyone can type any address into the
 * guest form, so the acknowledgement carries nothing the sender wrote: no name, message,
 * organisation or codes, only our reference and the catalogue's own product names, and says what
 * to do if the recipient sent nothing.
 */
export function enquiryMails(m: MailInput): MailMessage[] {
  const mails: MailMessage[] = [
    {
      to: m.companyEmail,
      subject: `New enquiry ${m.reference} from ${m.contact.name}`,
      text: `A new enquiry arrived on ${singaporeTime(m.createdAt)} (Singapore time).\n\nOpen it in the back office: ${m.adminUrl}\n\n${summaryText(m)}\n`,
      html: `<p>A new enquiry arrived on ${escapeHtml(singaporeTime(m.createdAt))} (Singapore time).</p><p><a href="${escapeHtml(m.adminUrl)}">Open it in the back office</a></p>${summaryHtml(m)}`,
      replyTo: m.contact.email,
    },
  ];
  if (m.contact.email && m.acknowledge) {
    // A guest's link opens the page for whoever has it; a customer's asks them to sign in.
    const note = m.guest ? 'keep this link to yourself' : 'under My Enquiries, once signed in';
    mails.push({
      to: m.contact.email,
      subject: `We received your enquiry ${m.reference}`,
      text: `Hello,\n\nThank you for your enquiry. Our team will reply with a quotation, ${ENQUIRY_REPLY_TIME}. Please quote reference ${m.reference} in any correspondence.\n\n${itemsText(m)}\n\nYour enquiry's page (${note}): ${m.confirmationUrl}\n\n${NOT_YOU}\n\n${m.siteName}\n`,
      html: `<p>Hello,</p><p>Thank you for your enquiry. Our team will reply with a quotation, ${ENQUIRY_REPLY_TIME}. Please quote reference <strong>${escapeHtml(m.reference)}</strong> in any correspondence.</p>${itemsHtml(m)}<p><a href="${escapeHtml(m.confirmationUrl)}">View your enquiry</a> (${note}).</p><p>${NOT_YOU}</p><p>${escapeHtml(m.siteName)}</p>`,
      // A customer who presses Reply writes to the team, not to the no-reply sender.
      replyTo: m.companyEmail,
    });
  }
  return mails;
}
