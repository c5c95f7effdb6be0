import { formatCents, formatDiscount, type Discount } from '~/lib/money';
import { CompanyDocument, MINUS, STYLE, type Supplier } from '../documents/layout.server';

/** Everything printed on a quotation. */
export interface QuotationDocument {
  company: Supplier;
  number: string;
  /** The revision: the n of Q-<reference>-<n>. */
  revision: number;
  /** The revision this one replaces (n − 1), from the second on. */
  replaces: string | null;
  reference: string;
  date: string;
  validUntil: string;
  validityDays: number;
  attention: { name: string; organisation: string | null; address: string | null };
  contact: { email: string | null; phone: string | null };
  buyerReference: string | null;
  gebizReference: string | null;
  /** The enquiry's promo code, when staff applied it. */
  promoCode: string | null;
  lines: {
    description: string;
    note: string | null;
    quantity: number;
    unitPriceCents: number;
    discount: Discount | null;
    discountCents: number;
    lineTotalCents: number;
  }[];
  subtotalCents: number;
  discount: Discount | null;
  discountCents: number;
  /** subtotal − discount: the amount before GST. */
  netCents: number;
  gstRateBasisPoints: number;
  gstCents: number;
  totalCents: number;
  terms: string;
  preparedBy: string;
  /** A preview: marked DRAFT on every page, for staff only. */
  draft?: boolean;
}

/**
 * Renders a quotation as an A4 PDF in the embedded Noto fonts (documents/fonts.server.ts), so
 * names in Chinese, Tamil and Malay print as written. A long list of lines continues on further
 * pages under the table's header; every page says the quotation's number and its page. The bytes
 * are stored with the quotation as sent (with their SHA-256), so a later change to the company
 * details or the layout never alters a quotation already issued.
 */
export async function renderQuotationPdf(q: QuotationDocument): Promise<Buffer> {
  const page = new CompanyDocument(q.number, q.company, {
    Title: `${q.draft ? 'Draft quotation' : 'Quotation'} ${q.number}`,
    Subject: q.reference,
  });
  const { ts, left, width } = page;
  page.letterhead(q.draft ? 'DRAFT QUOTATION' : 'QUOTATION', [
    ['Quotation no.', q.number],
    ['Revision', String(q.revision)],
    ...(q.replaces ? [['Replaces', q.replaces] as [string, string]] : []),
    ['Date', q.date],
    ['Valid until', `${q.validUntil} (${q.validityDays} days)`],
    ['Enquiry', q.reference],
  ]);

  // Who it is for, and the buyer's own references.
  const half = (width - 24) / 2;
  const attY = page.party(
    'ATTENTION TO',
    q.attention.name,
    [q.attention.organisation, q.attention.address, q.contact.email, q.contact.phone],
    left,
    half,
  );
  const refX = left + half + 24;
  let refY = page.y;
  const references = [
    ['Your reference / PO', q.buyerReference],
    ['GeBIZ quotation no.', q.gebizReference],
    ['Promo code applied', q.promoCode],
  ].filter((r): r is [string, string] => Boolean(r[1]));
  if (references.length) {
    refY = ts.text('YOUR REFERENCES', refX, refY, STYLE.label, { width: half });
    refY = page.pairs(references, refX, refY + 2, half, 100);
  }
  page.y = Math.max(attY, refY) + 18;

  page.lineTable(
    q.lines.map((line) => ({
      ...line,
      discount: line.discount
        ? line.discount.kind === 'percent'
          ? `${formatDiscount(line.discount)}\n${MINUS}${formatCents(line.discountCents)}`
          : `${MINUS}${formatCents(line.discountCents)}`
        : '',
    })),
  );
  page.totals({
    ...q,
    discount: q.discount
      ? { label: `Discount (${formatDiscount(q.discount)})`, cents: q.discountCents }
      : null,
  });

  if (q.terms) page.section('TERMS', q.terms);
  page.section(
    'HOW TO ACCEPT',
    `Accept online from the link in our e-mail, or reply with your purchase order quoting ${q.number}.`,
  );
  page.flow(`Prepared by ${q.preparedBy}, ${q.company.name}.`, STYLE.muted);
  return page.finish(`${q.number} · Revision ${q.revision}`, q.draft ? 'DRAFT' : undefined);
}
