// Quotations from the staff side: the form's rules, pricing, drafts, previews, sending revisions
// (superseding, the buyer's link, the PDF's hash) and two staff sending at once. Runs on PGlite
// and, with TEST_DB=postgres, on PostgreSQL.
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createProduct } from '../../../tests/factories';
import { formatCents } from '~/lib/money';
import { quotationFormSchema, readQuotationInput, type QuotationInput } from '~/lib/schemas/inbox';
import { db } from '../db/client.server';
import {
  enquiries,
  enquiryItems,
  pendingMail,
  quotationDrafts,
  quotationLines,
  quotations,
  user,
} from '../db/schema';
import { hashAccessToken } from '../enquiries/access-token.server';
import { parseEnv } from '../env.server';
import { UserError } from '../errors.server';
import { getEnquiryCase } from './enquiries.server';
import {
  discardQuotationDraft,
  getQuotationPdf,
  previewQuotation,
  priceQuotation,
  QuotationSentMeanwhile,
  quotationStart,
  saveQuotationDraft,
  sendQuotation,
  validUntilOf,
} from './quotations.server';

const REGISTERED = { regNo: 'M2-1234567-8', basisPoints: 900 };

let staff: { id: string; name: string };
let owner: { id: string };
let goal: { id: number; name: string };
let net: { id: number; name: string };

beforeAll(async () => {
  goal = await createProduct({ name: 'Aluminium Goalposts' });
  net = await createProduct({ name: 'Goal Net 100%_nylon' });
  const { email } = await createCustomer({ name: 'Staff Lim' });
  const [u] = await db()
    .select({ id: user.id, name: user.name })
    .from(user)
    .where(eq(user.email, email));
  staff = u!;
  owner = { id: (await createCustomer({ name: 'Owner' })).id };
});

/** An enquiry as the shop stores one: goalposts × 2 and nets × 3 unless told otherwise. */
async function enquiry(over: Partial<typeof enquiries.$inferInsert> = {}) {
  const [row] = await db()
    .insert(enquiries)
    .values({
      reference: `FH-2026-${randomUUID().slice(0, 6).toUpperCase()}`,
      contactName: 'Mdm Tan',
      contactEmail: `buyer-${randomUUID().slice(0, 8)}@school.example`,
      contactPhone: '+65 6123 4567',
      organisation: 'Bedok Green Primary School',
      address: '1 Bedok North Drive, Singapore 469660',
      poReference: 'PO-778',
      promoCode: 'SCHOOL10',
      message: 'Please quote.',
      ...over,
    })
    .returning({
      id: enquiries.id,
      reference: enquiries.reference,
      email: enquiries.contactEmail,
    });
  await db()
    .insert(enquiryItems)
    .values(
      [goal, net].map((p, i) => ({
        enquiryId: row!.id,
        productId: p.id,
        productName: p.name,
        quantity: i + 2,
      })),
    );
  return row!;
}

/** The editor's fields for an enquiry: its starting fields with these typed over them. */
async function typed(enquiryId: number, over: (ids: number[]) => Record<string, string>) {
  const ids = (await getEnquiryCase(enquiryId))!.items.map((i) => i.id);
  return { ids, fields: { ...(await quotationStart(enquiryId))!.fields, ...over(ids) } };
}

/** A valid input: goalposts and nets at these prices, and whatever else is typed. */
async function inputFor(
  enquiryId: number,
  prices: [string, string],
  more: (ids: number[]) => Record<string, string> = () => ({}),
): Promise<QuotationInput> {
  const { ids, fields } = await typed(enquiryId, (ids) => ({
    [`price-${ids[0]}`]: prices[0],
    [`price-${ids[1]}`]: prices[1],
    ...more(ids),
  }));
  const extras = Number(fields.extras);
  const parsed = quotationFormSchema(ids, extras, 900).safeParse(fields);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return readQuotationInput(parsed.data as Record<string, unknown>, ids, extras);
}

async function mailsTo(to: string) {
  return db()
    .select({ subject: pendingMail.subject, text: pendingMail.text, html: pendingMail.html })
    .from(pendingMail)
    .where(eq(pendingMail.to, to))
    .orderBy(pendingMail.id);
}

async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text;
}

async function quotationRow(id: number) {
  const [row] = await db().select().from(quotations).where(eq(quotations.id, id));
  return row!;
}

describe('settings', () => {
  it('reads GST_RATE as basis points and SITE_GST_REG_NO as the registration, refusing bad ones', () => {
    const base = { DATA_DIR: '/tmp/fh-gst' };
    expect(parseEnv(base).gstRateBasisPoints).toBe(900);
    expect(parseEnv({ ...base, GST_RATE: '8.25' }).gstRateBasisPoints).toBe(825);
    expect(() => parseEnv({ ...base, GST_RATE: '9%' })).toThrow(/GST_RATE/);
    expect(parseEnv(base).SITE_GST_REG_NO).toBeUndefined();
    expect(parseEnv({ ...base, SITE_GST_REG_NO: ' ' }).SITE_GST_REG_NO).toBeUndefined();
    expect(parseEnv({ ...base, SITE_GST_REG_NO: 'M2-1234567-8' }).SITE_GST_REG_NO).toBe(
      'M2-1234567-8',
    );
    expect(() => parseEnv({ ...base, SITE_GST_REG_NO: 'yes please' })).toThrow(/SITE_GST_REG_NO/);
  });
});

describe('the quotation form', () => {
  const ids = [11, 12];
  const valid = {
    attentionName: 'Mdm Tan',
    validityDays: '30',
    'quantity-11': '2',
    'price-11': '100',
    'quantity-12': '1',
    'price-12': '50',
    extras: '2',
  };
  const errors = (values: Record<string, string>, rate = 900) => {
    const parsed = quotationFormSchema(ids, 2, rate).safeParse({ ...valid, ...values });
    return parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it('refuses negative prices, bad quantities, and discounts over 100% or over what they discount', () => {
    expect(errors({})).toEqual({});
    expect(errors({ 'price-11': '-5' })).toEqual({
      'price-11': 'Enter a price in dollars, such as 1250 or 12.50.',
    });
    expect(errors({ 'quantity-12': '0' })).toEqual({
      'quantity-12': 'Enter a whole number from 1 to 9999.',
    });
    expect(errors({ 'discount-11': '100.01' })).toEqual({
      'discount-11': 'Enter a percentage from 0 to 100, such as 10 or 12.5.',
    });
    expect(errors({ 'discount-11': '-1', 'discountKind-11': 'amount' })).toEqual({
      'discount-11': 'Enter a discount in dollars, such as 50 or 12.50.',
    });
    expect(errors({ 'discount-11': '100', 'discount-12': '12.5%' })).toEqual({});
    // Line 11 is 2 × S$100 = S$200.
    expect(errors({ 'discount-11': '200.01', 'discountKind-11': 'amount' })).toEqual({
      'discount-11': "The discount cannot be more than the line's amount (S$200.00).",
    });
    expect(errors({ discount: '250.01', discountKind: 'amount' })).toEqual({
      discount: 'The discount cannot be more than the subtotal (S$250.00).',
    });
    expect(errors({ attentionName: ' ' })).toEqual({
      attentionName: 'Enter the person or the organisation this quotation is for.',
    });
  });

  it('addresses a quotation to an organisation alone when the buyer left no name', () => {
    const values = { ...valid, attentionName: '', attentionOrganisation: 'Bedok Primary School' };
    expect(errors(values)).toEqual({});
    expect(readQuotationInput(values, ids, 2).attention).toEqual({
      name: 'Bedok Primary School',
      organisation: null,
      address: null,
    });
    expect(
      readQuotationInput({ ...values, attentionName: 'Mdm Tan' }, ids, 2).attention,
    ).toMatchObject({ name: 'Mdm Tan', organisation: 'Bedok Primary School' });
  });

  it('refuses totals over what can be stored, GST included', () => {
    // 9999 × S$2,000 = S$19,998,000 fits; with 9% GST it does not (S$21,797,820).
    const big = { 'quantity-11': '9999', 'price-11': '2000', 'price-12': '0' };
    expect(errors(big, 0)).toEqual({});
    expect(errors(big, 900)).toEqual({
      form: 'This quotation is too large to store (over S$21 million).',
    });
    expect(errors({ 'quantity-11': '9999', 'price-11': '21474836.47' })).toEqual({
      'price-11': 'This line comes to more than S$21,474,836.47.',
    });
  });

  it('checks a free line that has anything typed in it, and leaves blank rows out', () => {
    expect(errors({ 'extra-0-price': '10' })).toEqual({
      'extra-0-description': 'Describe this line (e.g. Delivery).',
    });
    expect(errors({ 'extra-1-description': 'Delivery', 'extra-1-price': '' })).toEqual({
      'extra-1-price': 'Enter a price in dollars, such as 1250 or 12.50.',
    });
    const values = {
      ...valid,
      'extra-0-quantity': '1',
      'extra-1-description': 'Installation',
      'extra-1-quantity': '3',
      'extra-1-price': '80',
      'extra-1-discount': '40',
      'extra-1-discountKind': 'amount',
      'extra-1-note': 'Two technicians',
      discount: '5',
      promoApplied: 'on',
    };
    expect(readQuotationInput(values, ids, 2)).toMatchObject({
      items: [
        { itemId: 11, quantity: 2, unitPriceCents: 10_000, discount: null },
        { itemId: 12, quantity: 1, unitPriceCents: 5_000, discount: null },
      ],
      extras: [
        {
          description: 'Installation',
          quantity: 3,
          unitPriceCents: 8_000,
          note: 'Two technicians',
          discount: { kind: 'amount', value: 4_000 },
        },
      ],
      discount: { kind: 'percent', value: 500 },
      promoApplied: true,
    });
  });
});

describe('pricing', () => {
  it('keeps the enquiry’s names and products, staff’s quantities, and refuses an out-of-date page', async () => {
    const items = [
      { id: 1, productId: 7, name: 'Goal' },
      { id: 2, productId: null, name: 'Net' },
    ];
    const input: QuotationInput = {
      attention: { name: 'Mdm Tan', organisation: null, address: null },
      buyerReference: null,
      gebizReference: null,
      validityDays: 30,
      terms: '',
      promoApplied: false,
      // Posted in another order than the enquiry's: the enquiry's order wins.
      items: [
        { itemId: 2, quantity: 1, unitPriceCents: 10_005, note: 'Green', discount: null },
        {
          itemId: 1,
          quantity: 3,
          unitPriceCents: 33_335,
          note: null,
          discount: { kind: 'percent', value: 1000 },
        },
      ],
      extras: [
        {
          description: 'Delivery',
          quantity: 1,
          unitPriceCents: 15_000,
          note: null,
          discount: null,
        },
      ],
      discount: { kind: 'amount', value: 4 },
    };
    const { lines, pricing } = priceQuotation(items, input, 900);
    // 1000.05 − 100.01 = 900.04; 100.05; 150.00: 1150.09 − 0.04 = 1150.05; GST 103.5045 → 103.50.
    expect(lines).toEqual([
      expect.objectContaining({
        kind: 'item',
        productId: 7,
        description: 'Goal',
        quantity: 3,
        discountKind: 'percent',
        discountValue: 1000,
        discountCents: 10_001,
        lineTotalCents: 90_004,
      }),
      expect.objectContaining({ kind: 'item', productId: null, note: 'Green' }),
      expect.objectContaining({ kind: 'extra', description: 'Delivery', lineTotalCents: 15_000 }),
    ]);
    expect(pricing).toMatchObject({
      subtotalCents: 115_009,
      discountCents: 4,
      netCents: 115_005,
      gstCents: 10_350,
      totalCents: 125_355,
    });
    expect(() => priceQuotation(items, { ...input, items: input.items.slice(1) }, 900)).toThrow(
      UserError,
    );
    const over = { ...input, discount: { kind: 'amount' as const, value: 115_010 } };
    expect(() => priceQuotation(items, over, 900)).toThrow(/more than the subtotal/);
  });
});

describe('drafts and previews', () => {
  it('starts from the enquiry: its contact, organisation, address, PO reference and quantities', async () => {
    const e = await enquiry();
    const start = (await quotationStart(e.id))!;
    const ids = (await getEnquiryCase(e.id))!.items.map((i) => i.id);
    expect(start.from).toBe('enquiry');
    expect(start.fields).toMatchObject({
      attentionName: 'Mdm Tan',
      attentionOrganisation: 'Bedok Green Primary School',
      attentionAddress: '1 Bedok North Drive, Singapore 469660',
      buyerReference: 'PO-778',
      validityDays: '30',
      extras: '3',
      [`quantity-${ids[0]}`]: '2',
      [`quantity-${ids[1]}`]: '3',
    });
    // A guest who gave no name is not addressed as 'Guest'.
    const guest = await enquiry({ contactName: 'Guest' });
    expect((await quotationStart(guest.id))!.fields.attentionName).toBe('');
    expect(await quotationStart(999_999)).toBeNull();
  });

  it('saves a draft as typed without using a number, starts from it, and discards it', async () => {
    const e = await enquiry();
    const { ids, fields } = await typed(e.id, (ids) => ({
      [`price-${ids[0]}`]: '12.5.0',
      'extra-0-description': 'Crane hire',
      evil: 'x',
      'price-999999': '1',
    }));
    await saveQuotationDraft(staff, e.id, fields);
    const start = (await quotationStart(e.id))!;
    expect(start.from).toBe('draft');
    expect(start.draft).toMatchObject({ actorName: 'Staff Lim' });
    expect(start.fields[`price-${ids[0]}`]).toBe('12.5.0');
    expect(start.fields['extra-0-description']).toBe('Crane hire');
    expect(start.fields).not.toHaveProperty('evil');
    expect(start.fields).not.toHaveProperty('price-999999');
    expect(await db().select().from(quotations).where(eq(quotations.enquiryId, e.id))).toEqual([]);
    // Saved again, it replaces the first; discarded, the editor starts from the enquiry.
    await saveQuotationDraft(staff, e.id, { ...fields, 'extra-0-description': 'Lorry' });
    expect((await quotationStart(e.id))!.fields['extra-0-description']).toBe('Lorry');
    await discardQuotationDraft(e.id);
    expect((await quotationStart(e.id))!.from).toBe('enquiry');
    await expect(saveQuotationDraft(staff, 999_999, fields)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('previews the next number as a DRAFT PDF, storing nothing', async () => {
    const e = await enquiry();
    const preview = await previewQuotation(staff, e.id, await inputFor(e.id, ['10', '20']));
    expect(preview.fileName).toBe(`Q-${e.reference}-1-draft.pdf`);
    const text = await pdfText(preview.pdf);
    expect(text).toContain('DRAFT QUOTATION');
    expect(text).toContain(`Q-${e.reference}-1`);
    expect(await db().select().from(quotations).where(eq(quotations.enquiryId, e.id))).toEqual([]);
    expect(await mailsTo(e.email!)).toEqual([]);
  });
});

describe('sending', () => {
  it('sends revision 1: stored with its hash and lines, mailed with the buyer’s link, draft gone', async () => {
    const e = await enquiry({ userId: owner.id });
    const input = await inputFor(e.id, ['1250.50', '99.99'], (ids) => ({
      [`discount-${ids[0]}`]: '10',
      'extra-0-description': 'Delivery to Bedok',
      'extra-0-price': '150',
      discount: '50',
      discountKind: 'amount',
      gebizReference: 'MOESCHETQ26000123',
      promoApplied: 'on',
    }));
    await saveQuotationDraft(staff, e.id, { attentionName: 'someone' });
    const before = Date.now();
    const sent = await sendQuotation(staff, e.id, input, 0, REGISTERED);
    expect(sent.number).toBe(`Q-${e.reference}-1`);
    // Goalposts 2 × 1250.50 = 2501.00 less 10% = 2250.90; nets 3 × 99.99 = 299.97; delivery
    // 150.00: 2700.87, less S$50 = 2650.87; GST 9% = 238.5783 → 238.58; total 2889.45.
    const row = await quotationRow(sent.id);
    expect(row).toMatchObject({
      status: 'sent',
      sequence: 1,
      subtotalCents: 270_087,
      discountKind: 'amount',
      discountValue: 5_000,
      discountCents: 5_000,
      gstRegNo: 'M2-1234567-8',
      gstRateBasisPoints: 900,
      gstCents: 23_858,
      totalCents: 288_945,
      attentionName: 'Mdm Tan',
      attentionAddress: '1 Bedok North Drive, Singapore 469660',
      buyerReference: 'PO-778',
      gebizReference: 'MOESCHETQ26000123',
      promoCode: 'SCHOOL10',
    });
    expect(row.pdfSha256).toBe(createHash('sha256').update(row.pdf).digest('hex'));
    expect(row.validUntil.getTime()).toBe(validUntilOf(row.createdAt, 30).getTime());
    expect(row.validUntil.getTime()).toBeGreaterThan(before + 30 * 86_400_000 - 1);
    const lines = await db()
      .select()
      .from(quotationLines)
      .where(eq(quotationLines.quotationId, sent.id))
      .orderBy(quotationLines.position);
    expect(lines.map((l) => [l.kind, l.productId, l.discountCents, l.lineTotalCents])).toEqual([
      ['item', goal.id, 25_010, 225_090],
      ['item', net.id, 0, 29_997],
      ['extra', null, 0, 15_000],
    ]);
    expect(
      await db().select().from(quotationDrafts).where(eq(quotationDrafts.enquiryId, e.id)),
    ).toEqual([]);

    const text = await pdfText(row.pdf);
    for (const expected of [
      sent.number,
      'GST Reg. No. M2-1234567-8',
      'Mdm Tan',
      'Bedok Green Primary School',
      'GeBIZ quotation no. MOESCHETQ26000123',
      'Promo code applied SCHOOL10',
      'Delivery to Bedok',
      'Total including GST (SGD) S$2,889.45',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Replaces');

    const [mail] = await mailsTo(e.email!);
    expect(mail!.subject).toBe(`Quotation ${sent.number} for your enquiry ${e.reference}`);
    expect(mail!.text).toContain(`total ${formatCents(288_945)} including GST`);
    expect(mail!.text).toContain('How to accept:');
    expect(mail!.text).toContain(
      `reply to this e-mail with your purchase order, quoting ${sent.number}`,
    );
    expect(mail!.text).toContain(`http://localhost:3000/orders/${e.id}`);
    // The link's token is only in the mail; the quotation keeps its hash.
    const token = /http:\/\/localhost:3000\/quotations\/([A-Za-z0-9_-]{43})\b/.exec(
      mail!.text,
    )![1]!;
    expect(row.actionTokenHash).toBe(hashAccessToken(token));
    expect(mail!.html).toContain(`/quotations/${token}`);
  });

  it('adds no GST and says so when the company is not GST-registered', async () => {
    const e = await enquiry();
    const sent = await sendQuotation(staff, e.id, await inputFor(e.id, ['10', '20']));
    const row = await quotationRow(sent.id);
    // 2 × 10 + 3 × 20 = 80.00, no GST.
    expect(row).toMatchObject({
      gstRegNo: null,
      gstRateBasisPoints: 0,
      gstCents: 0,
      totalCents: 8_000,
    });
    expect(await pdfText(row.pdf)).toContain('Not GST-registered');
    expect((await mailsTo(e.email!))[0]!.text).toContain('total S$80.00, no GST charged');
  });

  it('addresses a nameless guest by organisation, on revision 1 and again on revision 2', async () => {
    const e = await enquiry({ contactName: 'Guest' });
    expect((await quotationStart(e.id))!.fields).toMatchObject({
      attentionName: '',
      attentionOrganisation: 'Bedok Green Primary School',
    });
    const first = await sendQuotation(
      staff,
      e.id,
      await inputFor(e.id, ['100', '20']),
      0,
      REGISTERED,
    );
    expect(await quotationRow(first.id)).toMatchObject({
      attentionName: 'Bedok Green Primary School',
      attentionOrganisation: null,
    });
    // The revision starts addressed the same way, not with the organisation a second time.
    expect((await quotationStart(e.id))!.fields).toMatchObject({
      attentionName: 'Bedok Green Primary School',
      attentionOrganisation: '',
    });
  });

  it('sends revision 2 from revision 1: it replaces it, on the PDF and in the e-mail', async () => {
    const e = await enquiry();
    const first = await sendQuotation(
      staff,
      e.id,
      await inputFor(e.id, ['100', '20'], (ids) => ({
        [`quantity-${ids[0]}`]: '5',
        [`discount-${ids[1]}`]: '7.5',
        'extra-0-description': 'Installation',
        'extra-0-price': '300',
        'extra-0-note': 'Weekend',
      })),
      0,
      REGISTERED,
    );
    // The editor starts from what was sent.
    const start = (await quotationStart(e.id))!;
    const ids = (await getEnquiryCase(e.id))!.items.map((i) => i.id);
    expect(start.from).toBe('revision');
    expect(start.fields).toMatchObject({
      [`quantity-${ids[0]}`]: '5',
      [`price-${ids[0]}`]: '100.00',
      [`discount-${ids[1]}`]: '7.5',
      [`discountKind-${ids[1]}`]: 'percent',
      'extra-0-description': 'Installation',
      'extra-0-note': 'Weekend',
      extras: '3',
    });
    const second = await sendQuotation(
      staff,
      e.id,
      await inputFor(e.id, ['90', '20']),
      1,
      REGISTERED,
    );
    expect(second.number).toBe(`Q-${e.reference}-2`);
    expect((await quotationRow(first.id)).status).toBe('superseded');
    expect((await quotationRow(second.id)).status).toBe('sent');
    const text = await pdfText((await quotationRow(second.id)).pdf);
    expect(text).toContain(`Replaces Q-${e.reference}-1`);
    expect(text).toContain('Revision 2');
    const mails = await mailsTo(e.email!);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(
      `This revision replaces quotation Q-${e.reference}-1, which can no longer be accepted.`,
    );
    // Each revision stays readable, and has a link of its own.
    expect(await getQuotationPdf(e.id, `${first.number}.pdf`)).not.toBeNull();
    expect((await quotationRow(first.id)).actionTokenHash).not.toBe(
      (await quotationRow(second.id)).actionTokenHash,
    );
  });

  it('leaves an accepted or declined revision as it is', async () => {
    const e = await enquiry();
    const first = await sendQuotation(staff, e.id, await inputFor(e.id, ['1', '2']));
    await db().update(quotations).set({ status: 'declined' }).where(eq(quotations.id, first.id));
    await sendQuotation(staff, e.id, await inputFor(e.id, ['1', '2']), 1);
    expect((await quotationRow(first.id)).status).toBe('declined');
  });

  it('numbers concurrent sends 1, 2, 3 … without duplicates; only the last stays open', async () => {
    const e = await enquiry();
    const input = await inputFor(e.id, ['10', '20']);
    const sent = await Promise.all(
      Array.from({ length: 6 }, () => sendQuotation(staff, e.id, input)),
    );
    const numbers = sent.map((s) => s.number).sort();
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Q-${e.reference}-${n}`));
    const open = await db()
      .select({ sequence: quotations.sequence })
      .from(quotations)
      .where(and(eq(quotations.enquiryId, e.id), eq(quotations.status, 'sent')));
    expect(open).toEqual([{ sequence: 6 }]);
  });

  it('refuses a send from a page older than the latest quotation (409), storing and mailing nothing', async () => {
    const e = await enquiry();
    const input = await inputFor(e.id, ['10', '20']);
    const first = await sendQuotation(staff, e.id, input, 0);
    const late = sendQuotation(staff, e.id, input, 0);
    await expect(late).rejects.toBeInstanceOf(QuotationSentMeanwhile);
    await expect(late).rejects.toMatchObject({ status: 409, number: first.number, sequence: 1 });
    expect(await getQuotationPdf(e.id, `Q-${e.reference}-2.pdf`)).toBeNull();
    expect(await mailsTo(e.email!)).toHaveLength(1);
    expect((await sendQuotation(staff, e.id, input, 1)).number).toBe(`Q-${e.reference}-2`);
  });

  it('two staff revising at once from the same page: one is sent, the other gets the 409', async () => {
    const e = await enquiry();
    await sendQuotation(staff, e.id, await inputFor(e.id, ['10', '20']), 0);
    const [a, b] = await Promise.allSettled([
      sendQuotation(staff, e.id, await inputFor(e.id, ['11', '20']), 1),
      sendQuotation(staff, e.id, await inputFor(e.id, ['12', '20']), 1),
    ]);
    const outcomes = [a!.status, b!.status].sort();
    expect(outcomes).toEqual(['fulfilled', 'rejected']);
    const refused = [a, b].find((r) => r!.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(QuotationSentMeanwhile);
    expect(refused.reason).toMatchObject({ status: 409, number: `Q-${e.reference}-2` });
    expect(await mailsTo(e.email!)).toHaveLength(2);
    const rows = await db()
      .select({ sequence: quotations.sequence, status: quotations.status })
      .from(quotations)
      .where(eq(quotations.enquiryId, e.id))
      .orderBy(quotations.sequence);
    expect(rows).toEqual([
      { sequence: 1, status: 'superseded' },
      { sequence: 2, status: 'sent' },
    ]);
  });

  it('gives the PDF to the owning customer only', async () => {
    const e = await enquiry({ userId: owner.id });
    const { number } = await sendQuotation(staff, e.id, await inputFor(e.id, ['1', '2']));
    expect(await getQuotationPdf(e.id, `${number}.pdf`, owner.id)).not.toBeNull();
    expect(await getQuotationPdf(e.id, `${number}.pdf`, staff.id)).toBeNull();
    const other = await enquiry({ userId: owner.id });
    expect(await getQuotationPdf(other.id, `${number}.pdf`, owner.id)).toBeNull();
  });

  it('issues a quotation for a phone-only guest without mail or link', async () => {
    const e = await enquiry({ contactEmail: null });
    const sent = await sendQuotation(staff, e.id, await inputFor(e.id, ['5', '5']));
    expect(sent.emailedTo).toBeNull();
    expect((await quotationRow(sent.id)).actionTokenHash).toBeNull();
  });
});

describe('validity', () => {
  it('runs to the end of the last day in Singapore', () => {
    // 23:30 on 1 March in Singapore is 15:30 UTC: valid for 30 days, to the end of 31 March there.
    const until = validUntilOf(new Date('2026-03-01T15:30:00Z'), 30);
    expect(until.toISOString()).toBe('2026-03-31T15:59:59.999Z');
    // 00:30 on 2 March in Singapore (16:30 UTC on 1 March) counts from 2 March.
    expect(validUntilOf(new Date('2026-03-01T16:30:00Z'), 30).toISOString()).toBe(
      '2026-04-01T15:59:59.999Z',
    );
  });
});
