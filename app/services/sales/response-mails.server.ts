import { totalInWords } from '~/lib/money';
import type { QuotationResponseKind } from '../db/schema';
import { escapeHtml } from '../mail/html.server';
import type { MailMessage } from '../mail/mailer.server';
import { siteInfo } from '../site.server';

/** One buyer's answer to one revision, as both e-mails tell it. */
export interface ResponseMailInput {
  kind: QuotationResponseKind;
  number: string;
  reference: string;
  totalCents: number;
  /** Whether the revision was sent GST-registered (else its total has no GST). */
  gstRegistered: boolean;
  /** Who answered: the name given with an acceptance, else the enquiry's contact or account. */
  name: string;
  designation: string | null;
  poNumber: string | null;
  poFile: { fileName: string; size: number } | null;
  /** The decline's reason or the changes asked for. */
  message: string | null;
  customerName: string;
  organisation: string | null;
  /** The buyer's address (null: none known, no buyer mail). */
  buyerEmail: string | null;
  /** The enquiry's page in the back office. */
  staffUrl: string;
  /** Where the buyer reads the quotation again (their My Enquiries page, when signed in). */
  buyerUrl: string | null;
  /** The team's inbox (ENQUIRY_EMAIL). */
  companyEmail: string;
}

const SUBJECT: Record<QuotationResponseKind, (m: ResponseMailInput) => string> = {
  accepted: (m) => `Quotation ${m.number} accepted by ${m.name}`,
  declined: (m) => `Quotation ${m.number} declined`,
  changes_requested: (m) => `Changes asked for quotation ${m.number}`,
};

const kib = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The facts of the answer, one "label: value" per line (both e-mails list them). */
function facts(m: ResponseMailInput): [string, string][] {
  const rows: [string, string | null][] = [
    ['Quotation', m.number],
    ['Total', totalInWords(m.totalCents, m.gstRegistered)],
    ['Enquiry', m.reference],
  ];
  if (m.kind === 'accepted') {
    rows.push(['Accepted by', m.designation ? `${m.name}, ${m.designation}` : m.name]);
    rows.push(['PO number', m.poNumber]);
    rows.push(['PO file', m.poFile ? `${m.poFile.fileName} (${kib(m.poFile.size)})` : null]);
  }
  if (m.kind === 'declined') rows.push(['Reason', m.message ?? 'none given']);
  return rows.filter((r): r is [string, string] => r[1] !== null);
}

const factsText = (m: ResponseMailInput) => facts(m).map(([k, v]) => `${k}: ${v}`);
const factsHtml = (m: ResponseMailInput) =>
  `<table cellpadding="4">${facts(m)
    .map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
    .join('')}</table>`;

/**
 * The team's notice (to ENQUIRY_EMAIL, Reply-To the buyer): what the buyer did, with the link to
 * the enquiry in the back office, where the PO file is downloaded (it stays private: no copy in
 * a mailbox) and the next step is taken: confirming the order, or a new revision.
 */
export function responseStaffMail(m: ResponseMailInput): MailMessage {
  const who = m.organisation ? `${m.customerName} (${m.organisation})` : m.customerName;
  const next: Record<QuotationResponseKind, string> = {
    accepted: 'Check the PO, stock and lead time, then confirm the order on the enquiry page.',
    declined: 'No action is needed; the enquiry page has the reason.',
    changes_requested:
      'The enquiry is back In progress: answer with a new revision of the quotation.',
  };
  const intro: Record<QuotationResponseKind, string> = {
    accepted: `${who} accepted quotation ${m.number}.`,
    declined: `${who} declined quotation ${m.number}.`,
    changes_requested: `${who} asked for changes to quotation ${m.number}.`,
  };
  const message = m.kind === 'changes_requested' && m.message ? m.message : null;
  return {
    to: m.companyEmail,
    subject: SUBJECT[m.kind](m),
    replyTo: m.buyerEmail ?? undefined,
    text: [
      intro[m.kind],
      '',
      ...factsText(m),
      ...(message ? ['', 'What they asked for:', message] : []),
      '',
      next[m.kind],
      m.staffUrl,
    ].join('\n'),
    html: `<p>${escapeHtml(intro[m.kind])}</p>${factsHtml(m)}${
      message
        ? `<h3>What they asked for</h3><p style="white-space:pre-line">${escapeHtml(message)}</p>`
        : ''
    }<p>${escapeHtml(next[m.kind])} <a href="${escapeHtml(m.staffUrl)}">Open the enquiry</a></p>`,
  };
}

/**
 * The buyer's confirmation of what they did (Reply-To the company's address, as every mail to a
 * customer), or null when no address is known.
 */
export function responseBuyerMail(m: ResponseMailInput): MailMessage | null {
  if (!m.buyerEmail) return null;
  const site = siteInfo();
  const intro: Record<QuotationResponseKind, string> = {
    accepted: `Thank you: we have recorded your acceptance of quotation ${m.number}. Our team will check the details and confirm your order with you shortly.`,
    declined: `We have recorded that you declined quotation ${m.number}. Thank you for considering us; if anything changes, simply reply to this e-mail.`,
    changes_requested: `We have received your request for changes to quotation ${m.number}. Our team will send you a revised quotation.`,
  };
  const message = m.kind === 'changes_requested' && m.message ? m.message : null;
  const page = m.buyerUrl ? `Your enquiry and its quotations: ${m.buyerUrl}` : null;
  return {
    to: m.buyerEmail,
    subject: SUBJECT[m.kind](m),
    replyTo: site.email,
    text: [
      `Dear ${m.customerName},`,
      '',
      intro[m.kind],
      '',
      ...factsText(m),
      ...(message ? ['', 'What you asked for:', message] : []),
      ...(page ? ['', page] : []),
      '',
      site.name,
      site.phone,
    ].join('\n'),
    html: `<p>Dear ${escapeHtml(m.customerName)},</p><p>${escapeHtml(intro[m.kind])}</p>${factsHtml(m)}${
      message
        ? `<h3>What you asked for</h3><p style="white-space:pre-line">${escapeHtml(message)}</p>`
        : ''
    }${
      m.buyerUrl
        ? `<p><a href="${escapeHtml(m.buyerUrl)}">Your enquiry and its quotations</a></p>`
        : ''
    }<p>${escapeHtml(site.name)}<br>${escapeHtml(site.phone)}</p>`,
  };
}
