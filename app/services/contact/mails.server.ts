import { singaporeTime } from '~/lib/site';
import type { MailMessage } from '../mail/mailer.server';
import { escapeHtml } from '../mail/html.server';

interface ContactMailInput {
  id: number;
  createdAt: Date;
  name: string;
  email: string;
  phone: string;
  message: string;
  companyEmail: string;
  siteName: string;
  sitePhone: string;
  /** Whether the sender's inbox may get the acknowledgement (mail/acknowledgements.server.ts). */
  acknowledge: boolean;
}

const NOT_YOU =
  'If you did not write to us, someone may have typed your address by mistake: you can ignore this e-mail.';

/**
 * The staff notification (to the company's enquiry address, Reply-To the sender, so answering it
 * answers them) and, unless that inbox had its share this hour, the sender's acknowledgement.
 * Anyone can type any address into the form, so the acknowledgement carries nothing the sender
 * wrote (no name, no message: the shop must not relay a stranger's text to any inbox), only our
 * reference and what to do if the recipient sent nothing, as the enquiry's acknowledgement does.
 */
export function contactMails(m: ContactMailInput): MailMessage[] {
  const when = singaporeTime(m.createdAt);
  const details: [string, string][] = [
    ['Name', m.name],
    ['E-mail', m.email],
    ['Phone', m.phone],
    ['Received', when],
  ];
  const text = `${details.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\nMessage:\n${m.message}\n`;
  const html = `<table cellpadding="4">${details
    .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('')}</table><h3>Message</h3><p style="white-space:pre-line">${escapeHtml(m.message)}</p>`;
  const staff: MailMessage = {
    to: m.companyEmail,
    subject: `Contact message #${m.id} from ${m.name}`,
    text: `A message arrived through the Contact Us form. Reply to this e-mail to answer ${m.name}.\n\n${text}`,
    html: `<p>A message arrived through the Contact Us form. Reply to this e-mail to answer ${escapeHtml(m.name)}.</p>${html}`,
    replyTo: m.email,
  };
  if (!m.acknowledge) return [staff];
  return [
    staff,
    {
      to: m.email,
      subject: `We received your message - ${m.siteName}`,
      text: `Hello,\n\nThank you for contacting ${m.siteName}. We have received your message (reference #${m.id}) and will reply within one working day. If it is urgent, please call us on ${m.sitePhone}.\n\n${NOT_YOU}\n\n${m.siteName}\n`,
      html: `<p>Hello,</p><p>Thank you for contacting ${escapeHtml(m.siteName)}. We have received your message (reference #${m.id}) and will reply within one working day. If it is urgent, please call us on ${escapeHtml(m.sitePhone)}.</p><p>${NOT_YOU}</p><p>${escapeHtml(m.siteName)}</p>`,
      replyTo: m.companyEmail,
    },
  ];
}
