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
  quotations,
  sports,
  user,
  type QuotationStatus,
} from '~/services/db/schema';
import { auth } from '~/services/auth.server';
import { newAccessToken } from '~/services/enquiries/access-token.server';
import { renderQuotationPdf } from '~/services/inbox/pdf.server';

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

/**
 * An enquiry with one item, as the shop stores one (contact e-mail given unless told otherwise;
 * `userId` makes it a signed-in customer's).
 */
export async function createEnquiry(
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
export async function createQuotation(
  overrides: {
    enquiryId?: number;
    enquiry?: Partial<typeof enquiries.$inferInsert>;
    status?: QuotationStatus;
    validUntil?: Date;
    unitPriceCents?: number;
    quantity?: number;
  } = {},
) {
  const enquiry = overrides.enquiryId
    ? (
        await db()
          .select({ id: enquiries.id, reference: enquiries.reference })
          .from(enquiries)
          .where(eq(enquiries.id, overrides.enquiryId))
      )[0]!
    : await createEnquiry(overrides.enquiry);
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
  const gstCents = Math.floor((subtotalCents * 900 + 5_000) / 10_000);
  const line = {
    kind: 'item' as const,
    description: 'Aluminium Goalposts',
    note: null,
    quantity,
    unitPriceCents,
    lineTotalCents: subtotalCents,
  };
  const pdf = await renderQuotationPdf({
    company: {
      name: 'Fieldhouse',
      address: '1 Test Way',
      uen: '202600000A',
      email: 'sales@fieldhouse.example',
      phone: '+65 6000 0000',
    },
    number,
    reference: enquiry.reference,
    date: '1 Dec 2026',
    validUntil: '31 Dec 2026',
    validityDays: 30,
    customer: { name: 'Mdm Tan', organisation: null, email: null, phone: null, poReference: null },
    lines: [line],
    subtotalCents,
    gstRateBasisPoints: 900,
    gstCents,
    totalCents: subtotalCents + gstCents,
    terms: 'Payment within 30 days.',
    preparedBy: 'Staff Lim',
  });
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
        gstRegNo: 'M90000000A',
        gstRateBasisPoints: 900,
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
