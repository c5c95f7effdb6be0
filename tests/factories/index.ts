import { createHash, randomUUID } from 'node:crypto';
import { db } from '~/services/db/client.server';
import { and, eq, inArray, max } from 'drizzle-orm';
import {
  categories,
  enquiries,
  enquiryItems,
  products,
  productsCategories,
  quotationLines,
  quotationResponses,
  quotations,
  sports,
  user,
  type ProductSpecification,
  type ProductStatus,
  type QuotationStatus,
} from '~/services/db/schema';
import { auth } from '~/services/auth.server';
import { newAccessToken } from '~/services/enquiries/access-token.server';
import { renderQuotationPdf, type QuotationDocument } from '~/services/inbox/pdf.server';
import type { InvoiceDocument } from '~/services/sales/invoice-pdf.server';

let n = 0;
const next = () => ++n;

export async function createSport(overrides: { name?: string } = {}) {
  const i = next();
  const name = overrides.name ?? `Sport ${i}`;
  const [row] = await db()
    .insert(sports)
    .values({ name, slug: `sport-${i}-${Date.now()}` })
    .returning({ id: sports.id, name: sports.name });
  return row!;
}

export async function createCategory(overrides: { name?: string } = {}) {
  const i = next();
  const name = overrides.name ?? `Category ${i}`;
  const [row] = await db()
    .insert(categories)
    .values({ name, slug: `category-${i}-${Date.now()}` })
    .returning({ id: categories.id, name: categories.name });
  return row!;
}

export async function createProduct(
  overrides: {
    name?: string;
    description?: string;
    sportId?: number;
    categoryIds?: number[];
    createdAt?: Date;
    status?: ProductStatus;
    /** In the trash since then. */
    deletedAt?: Date;
    modelCode?: string;
    specifications?: ProductSpecification[];
  } = {},
) {
  const i = next();
  const sportId = overrides.sportId ?? (await createSport()).id;
  const [row] = await db()
    .insert(products)
    .values({
      name: overrides.name ?? `Product ${i}`,
      slug: `product-${i}-${Date.now()}`,
      description: overrides.description ?? null,
      sportId,
      createdAt: overrides.createdAt,
      status: overrides.status,
      deletedAt: overrides.deletedAt,
      modelCode: overrides.modelCode,
      specifications: overrides.specifications,
    })
    .returning({ id: products.id, name: products.name });
  if (overrides.categoryIds?.length) {
    await db()
      .insert(productsCategories)
      .values(overrides.categoryIds.map((categoryId) => ({ productId: row!.id, categoryId })));
  }
  return row!;
}

/** Signs up a customer through Better Auth; returns its id, e-mail and session cookie header. */
export async function createCustomer(
  overrides: { email?: string; password?: string; name?: string; phone?: string } = {},
) {
  const email = overrides.email ?? `customer${next()}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  await auth().api.signUpEmail({
    body: { email, password, name: overrides.name ?? 'Test Customer' },
  });
  const [row] = await db()
    .update(user)
    .set({ phone: overrides.phone ?? null })
    .where(eq(user.email, email))
    .returning({ id: user.id });
  return { id: row!.id, email, password, cookie: await signIn(email, password) };
}

/** Signs in through Better Auth's HTTP endpoint (as a browser would) and returns the Cookie header. */
export async function signIn(email: string, password: string): Promise<string> {
  const response = await auth().handler(
    new Request('http://localhost:3000/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ email, password }),
    }),
  );
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookieHeader(response.headers);
}

/** The Cookie header a browser would send after these Set-Cookie headers (deleted ones left out). */
export function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The company as its documents print it (its GST registration is each document's own). */
const COMPANY = {
  name: 'Fieldhouse Sports Engineering',
  address: '21 Sports Hub Way, #03-12, Singapore 397630',
  uen: '202612345K',
  email: 'sales@fieldhouse.example',
  phone: '+65 6123 4567',
};

/**
 * A quotation as its PDF prints it: revision 2 for a school, GST-registered, two lines with a
 * discount each and 5% off the whole (totals worked out to the cent in the comment below).
 */
export const quotationDocument = (over: Partial<QuotationDocument> = {}): QuotationDocument => ({
  company: { ...COMPANY, gstRegNo: 'M2-1234567-8' },
  number: 'Q-FH-2026-ABC123-2',
  revision: 2,
  replaces: 'Q-FH-2026-ABC123-1',
  reference: 'FH-2026-ABC123',
  date: '26 Nov 2026',
  validUntil: '26 Dec 2026',
  validityDays: 30,
  attention: {
    name: 'Mdm Siti',
    organisation: 'Bedok Green Primary School',
    address: '1 Bedok North Drive\nSingapore 469660',
  },
  contact: { email: 'buyer@school.example', phone: '+65 6444 5555' },
  buyerReference: 'PO-2026-0042',
  gebizReference: 'MOESCHETQ26000123',
  promoCode: 'SCHOOL10',
  lines: [
    {
      description: 'Aluminium Goalposts (pair)',
      note: 'Includes ground anchors',
      quantity: 2,
      unitPriceCents: 125_050,
      discount: { kind: 'percent', value: 1000 },
      discountCents: 25_010,
      lineTotalCents: 225_090,
    },
    {
      description: 'Installation on site',
      note: null,
      quantity: 1,
      unitPriceCents: 15_000,
      discount: { kind: 'amount', value: 5_000 },
      discountCents: 5_000,
      lineTotalCents: 10_000,
    },
  ],
  // 2250.90 + 100.00 = 2350.90; less 5% (117.545 → 117.55) = 2233.35; GST 9% = 201.0015 → 201.00.
  subtotalCents: 235_090,
  discount: { kind: 'percent', value: 500 },
  discountCents: 11_755,
  netCents: 223_335,
  gstRateBasisPoints: 900,
  gstCents: 20_100,
  totalCents: 243_435,
  terms: 'Payment within 30 days of invoice.',
  preparedBy: 'Staff Lim',
  ...over,
});

/**
 * What a tax invoice prints: the default quotation's lines and totals (QUOTATION_LINES: S$2,700.05
 * before GST, GST 9% S$243.00, total S$2,943.05).
 */
export const invoiceDocument = (over: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  kind: 'invoice',
  company: COMPANY,
  gstRegNo: 'M90312345X',
  number: 'INV-2040-00001',
  date: '9 Mar 2040',
  customer: {
    name: 'Mdm Tan Siew Ling',
    organisation: 'Bedok Green Primary School',
    address: '1 Bedok North Ave 2\nSingapore 469661',
  },
  orderNumber: 'SO-FH-2026-ABC123',
  quotationNumber: 'Q-FH-2026-ABC123-1',
  poNumber: 'PO-2026-0042',
  lines: [
    {
      description: 'Aluminium Goalposts (pair)',
      quantity: 2,
      unitPriceCents: 123_455,
      discountCents: 24_691,
      lineTotalCents: 222_219,
    },
    {
      description: 'Installation',
      quantity: 1,
      unitPriceCents: 48_000,
      discountCents: 0,
      lineTotalCents: 48_000,
    },
  ],
  subtotalCents: 270_219,
  discountCents: 214,
  gstRateBasisPoints: 900,
  gstCents: 24_300,
  totalCents: 294_305,
  ...over,
});

// ---------- the sale after the quotation ----------

/** An enquiry as the shop stores one (a guest's unless `userId` is given). */
export async function createEnquiry(overrides: Partial<typeof enquiries.$inferInsert> = {}) {
  const [row] = await db()
    .insert(enquiries)
    .values({
      reference: `FH-2026-${randomUUID().slice(0, 6).toUpperCase()}`,
      contactName: 'Mdm Tan Siew Ling',
      contactEmail: `buyer${next()}@school.example`,
      contactPhone: '+65 6123 4567',
      organisation: 'Bedok Green Primary School',
      address: '1 Bedok North Ave 2, Singapore 469661',
      message: 'Please quote.',
      status: 'quoted',
      ...overrides,
    })
    .returning({
      id: enquiries.id,
      reference: enquiries.reference,
      contactEmail: enquiries.contactEmail,
    });
  return row!;
}

/**
 * The lines of the default quotation: a catalogue item with a 10% discount and a free line.
 * 2 × S$1,234.55 = S$2,469.10 − S$246.91 = S$2,222.19, plus S$480.00: subtotal S$2,702.19; less
 * S$2.14 on the whole quotation: S$2,700.05 before GST; GST 9% S$243.0045 → S$243.00; total
 * S$2,943.05.
 */
export const QUOTATION_LINES = [
  {
    kind: 'item' as const,
    description: 'Aluminium Goalposts (pair)',
    quantity: 2,
    unitPriceCents: 123455,
    discountKind: 'percent' as const,
    discountValue: 1000,
    discountCents: 24691,
    lineTotalCents: 222219,
  },
  {
    kind: 'extra' as const,
    description: 'Installation',
    quantity: 1,
    unitPriceCents: 48000,
    discountKind: null,
    discountValue: null,
    discountCents: 0,
    lineTotalCents: 48000,
  },
];

/**
 * A quotation as sending one stores it (status `sent` unless given), for an enquiry made here
 * unless `enquiryId` is given. Totals follow QUOTATION_LINES; `validUntil` 30 days on.
 */
export async function createQuotation(
  overrides: {
    enquiryId?: number;
    enquiry?: Partial<typeof enquiries.$inferInsert>;
    status?: (typeof quotations.$inferInsert)['status'];
    validUntil?: Date;
    gstRegNo?: string | null;
    sequence?: number;
    createdAt?: Date;
    /** Who the quotation is addressed to (attention_name, _organisation, _address). */
    attention?: { name: string; organisation: string | null; address: string | null };
  } = {},
) {
  const enquiry = overrides.enquiryId
    ? (
        await db()
          .select({
            id: enquiries.id,
            reference: enquiries.reference,
            contactEmail: enquiries.contactEmail,
          })
          .from(enquiries)
          .where(eq(enquiries.id, overrides.enquiryId))
      )[0]!
    : await createEnquiry(overrides.enquiry);
  const sequence = overrides.sequence ?? 1;
  const pdf = Buffer.from(`%PDF-1.4 quotation ${enquiry.reference}-${sequence}`);
  const [row] = await db()
    .insert(quotations)
    .values({
      enquiryId: enquiry.id,
      sequence,
      number: `Q-${enquiry.reference}-${sequence}`,
      status: overrides.status ?? 'sent',
      validityDays: 30,
      validUntil: overrides.validUntil ?? new Date(Date.now() + 30 * 86_400_000),
      terms: 'Payment 30 days from invoice.',
      attentionName: overrides.attention?.name ?? 'Mdm Tan Siew Ling',
      attentionOrganisation:
        overrides.attention === undefined
          ? 'Bedok Green Primary School'
          : overrides.attention.organisation,
      attentionAddress:
        overrides.attention === undefined
          ? '1 Bedok North Ave 2, Singapore 469661'
          : overrides.attention.address,
      gstRegNo: overrides.gstRegNo === undefined ? 'M90312345X' : overrides.gstRegNo,
      gstRateBasisPoints: overrides.gstRegNo === null ? 0 : 900,
      subtotalCents: 270219,
      discountKind: 'amount',
      discountValue: 214,
      discountCents: 214,
      gstCents: overrides.gstRegNo === null ? 0 : 24300,
      totalCents: overrides.gstRegNo === null ? 270005 : 294305,
      pdf,
      pdfSha256: createHash('sha256').update(pdf).digest('hex'),
      actorName: 'Staff Lim',
      createdAt: overrides.createdAt,
    })
    .returning({
      id: quotations.id,
      number: quotations.number,
      pdfSha256: quotations.pdfSha256,
    });
  await db()
    .insert(quotationLines)
    .values(QUOTATION_LINES.map((line, position) => ({ quotationId: row!.id, position, ...line })));
  return {
    ...row!,
    enquiryId: enquiry.id,
    reference: enquiry.reference,
    contactEmail: enquiry.contactEmail,
  };
}

/** A quotation the buyer accepted (with a PO number), as the buyer's answer records it. */
export async function createAcceptedQuotation(
  overrides: Parameters<typeof createQuotation>[0] & { poNumber?: string | null } = {},
) {
  const quotation = await createQuotation({ ...overrides, status: 'accepted' });
  await db()
    .insert(quotationResponses)
    .values({
      quotationId: quotation.id,
      kind: 'accepted',
      name: 'Mdm Tan Siew Ling',
      designation: 'HOD Physical Education',
      poNumber: overrides.poNumber === undefined ? 'PO-2026-0042' : overrides.poNumber,
      clientAddress: '203.0.113.7',
      pdfSha256: quotation.pdfSha256,
    });
  return quotation;
}

// ---------- a buyer's answers (revisions with their links) ----------

/**
 * An enquiry with one item, as the shop stores one (contact e-mail given unless told otherwise;
 * `userId` makes it a signed-in customer's).
 */
export async function createEnquiryWithItem(
  overrides: Partial<typeof enquiries.$inferInsert> & { quantity?: number } = {},
) {
  const { quantity = 2, ...values } = overrides;
  const product = await createProduct({ name: `Goalpost ${next()}` });
  const [row] = await db()
    .insert(enquiries)
    .values({
      reference: `FH-2026-${randomUUID().slice(0, 6).toUpperCase()}`,
      contactName: 'Mdm Tan',
      contactEmail: 'buyer@school.example',
      contactPhone: '+65 6123 4567',
      organisation: 'Bedok Primary School',
      message: 'Please quote.',
      ...values,
    })
    .returning({
      id: enquiries.id,
      reference: enquiries.reference,
      contactEmail: enquiries.contactEmail,
    });
  await db()
    .insert(enquiryItems)
    .values({ enquiryId: row!.id, productId: product.id, productName: product.name, quantity });
  return row!;
}

/**
 * A quotation revision as a send stores one: lines, the rendered PDF and its SHA-256, valid
 * until `validUntil` (30 days ahead by default), and the buyer's link (the token is returned,
 * only its hash stored). The next revision of `enquiryId` when given (earlier open ones are
 * superseded, as a send does), else revision 1 of a new enquiry. The one place tests depend on
 * how a quotation is issued, so a change to sending touches only this.
 */
export async function createSentRevision(
  overrides: {
    enquiryId?: number;
    enquiry?: Partial<typeof enquiries.$inferInsert>;
    status?: QuotationStatus;
    validUntil?: Date;
    unitPriceCents?: number;
    quantity?: number;
    /** null: sent while the company was not GST-registered (no GST added). */
    gstRegNo?: string | null;
  } = {},
) {
  const enquiry = overrides.enquiryId
    ? (
        await db()
          .select({ id: enquiries.id, reference: enquiries.reference })
          .from(enquiries)
          .where(eq(enquiries.id, overrides.enquiryId))
      )[0]!
    : await createEnquiryWithItem(overrides.enquiry);
  const [last] = await db()
    .select({ n: max(quotations.sequence) })
    .from(quotations)
    .where(eq(quotations.enquiryId, enquiry.id));
  const sequence = (last?.n ?? 0) + 1;
  const number = `Q-${enquiry.reference}-${sequence}`;
  const now = new Date();
  const validUntil = overrides.validUntil ?? new Date(now.getTime() + 30 * 86_400_000);
  const quantity = overrides.quantity ?? 2;
  const unitPriceCents = overrides.unitPriceCents ?? 125_050;
  const subtotalCents = quantity * unitPriceCents;
  const gstRegNo = overrides.gstRegNo === undefined ? 'M90000000A' : overrides.gstRegNo;
  const rate = gstRegNo === null ? 0 : 900;
  const gstCents = Math.floor((subtotalCents * rate + 5_000) / 10_000);
  const line = {
    kind: 'item' as const,
    description: 'Aluminium Goalposts',
    note: null,
    quantity,
    unitPriceCents,
    lineTotalCents: subtotalCents,
  };
  const pdf = await renderQuotationPdf(
    quotationDocument({
      company: { ...COMPANY, gstRegNo },
      number,
      revision: sequence,
      replaces: sequence > 1 ? `Q-${enquiry.reference}-${sequence - 1}` : null,
      reference: enquiry.reference,
      lines: [{ ...line, discount: null, discountCents: 0 }],
      subtotalCents,
      discount: null,
      discountCents: 0,
      netCents: subtotalCents,
      gstRateBasisPoints: rate,
      gstCents,
      totalCents: subtotalCents + gstCents,
    }),
  );
  const link = newAccessToken();
  const [row] = await db().transaction(async (tx) => {
    await tx
      .update(quotations)
      .set({ status: 'superseded' })
      .where(
        and(
          eq(quotations.enquiryId, enquiry.id),
          inArray(quotations.status, ['sent', 'changes_requested']),
        ),
      );
    await tx.update(enquiries).set({ status: 'quoted' }).where(eq(enquiries.id, enquiry.id));
    const inserted = await tx
      .insert(quotations)
      .values({
        enquiryId: enquiry.id,
        sequence,
        number,
        status: overrides.status ?? 'sent',
        validityDays: 30,
        validUntil,
        terms: 'Payment within 30 days.',
        gstRegNo,
        gstRateBasisPoints: rate,
        subtotalCents,
        gstCents,
        totalCents: subtotalCents + gstCents,
        pdf,
        pdfSha256: createHash('sha256').update(pdf).digest('hex'),
        actionTokenHash: link.hash,
        actorName: 'Staff Lim',
      })
      .returning({
        id: quotations.id,
        pdfSha256: quotations.pdfSha256,
        totalCents: quotations.totalCents,
      });
    await tx.insert(quotationLines).values({ quotationId: inserted[0]!.id, position: 0, ...line });
    return inserted;
  });
  return {
    ...row!,
    enquiryId: enquiry.id,
    reference: enquiry.reference,
    number,
    sequence,
    token: link.token,
  };
}

/**
 * A camera photo as a phone sends it: a landscape 300×200 JPEG whose EXIF says "rotate 90°",
 * with the camera's make and a GPS position.
 */
export async function createGpsPhoto(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#00f' } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: 'PhoneCo' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 17/1 0/1' },
      },
    })
    .toBuffer();
}
