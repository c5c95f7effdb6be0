import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAcceptedQuotation, createCustomer } from '../../../tests/factories';
import { pdfText } from '../../../tests/pdf/text';
import { db } from '../db/client.server';
import { mailSettled } from '../mail/queue.server';
import { enquiryEvents, invoices, orders, pendingMail } from '../db/schema';
import { UserError } from '../errors.server';
import * as pdfModule from './invoice-pdf.server';
import {
  documentNumber,
  getDocumentPdf,
  issueCreditNote,
  issueInvoice,
  singaporeYear,
} from './invoices.server';
import { changeOrderStatus, confirmOrder, customerOrders, orderDocuments } from './orders.server';

// Deliveries started in the background finish before the database closes.
afterAll(() => mailSettled());

vi.mock('./invoice-pdf.server', { spy: true });

let staff: { id: string; name: string };

beforeAll(async () => {
  const account = await createCustomer({ name: 'Staff Lim' });
  staff = { id: account.id, name: 'Staff Lim' };
});

const textOf = async (pdf: Buffer) => (await pdfText(pdf)).text;

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as UserError,
  );

/** A confirmed order for a new accepted quotation (its own enquiry). */
async function order(over: Parameters<typeof createAcceptedQuotation>[0] = {}) {
  const q = await createAcceptedQuotation(over);
  const o = await confirmOrder(staff, q.id);
  return { ...o, quotation: q };
}

const stored = async (id: number) =>
  (await db().select().from(invoices).where(eq(invoices.id, id)))[0]!;

describe('tax invoices', () => {
  it('snapshots the accepted quotation, numbers it, stores its PDF and mails it', async () => {
    const o = await order({ enquiry: { contactEmail: 'bursar@school.example' } });
    const now = new Date('2040-03-09T02:00:00Z');
    const invoice = await issueInvoice(staff, o.id, 'confirmed', now);
    expect(invoice.number).toBe('INV-2040-00001');
    const row = await stored(invoice.id);
    expect(row).toMatchObject({
      kind: 'invoice',
      year: 2040,
      sequence: 1,
      orderId: o.id,
      customerName: 'Mdm Tan Siew Ling',
      customerOrganisation: 'Bedok Green Primary School',
      customerAddress: '1 Bedok North Ave 2, Singapore 469661',
      gstRegNo: 'M90312345X',
      gstRateBasisPoints: 900,
      subtotalCents: 270219,
      discountCents: 214,
      gstCents: 24300,
      totalCents: 294305,
      actorName: 'Staff Lim',
    });
    expect(row.lines).toHaveLength(2);
    expect(row.lines[0]).toEqual({
      description: 'Aluminium Goalposts (pair)',
      quantity: 2,
      unitPriceCents: 123455,
      discountCents: 24691,
      lineTotalCents: 222219,
    });

    const text = await textOf(row.pdf);
    for (const expected of [
      'Tax Invoice',
      'INV-2040-00001',
      '9 Mar 2040', // invoice date
      'Fieldhouse Sports Engineering',
      '21 Sports Hub Way, #03-12, Singapore 397630',
      'UEN 202612345K',
      'GST Reg. No. M90312345X',
      'Mdm Tan Siew Ling',
      'Bedok Green Primary School',
      '1 Bedok North Ave 2, Singapore 469661',
      'Aluminium Goalposts (pair)',
      'Installation',
      'S$1,234.55', // unit price
      '−S$246.91', // the line's discount
      'S$2,222.19', // the line's amount
      'S$480.00',
      'S$2,702.19', // subtotal
      '−S$2.14', // the quotation's discount
      'Amount before GST',
      'S$2,700.05',
      'GST 9%',
      'S$243.00',
      'Total including GST (SGD)',
      'S$2,943.05',
      `SO-${o.quotation.reference}`,
      o.quotation.number,
      'PO-2026-0042',
    ])
      expect(text, expected).toContain(expected);

    const [orderRow] = await db()
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, o.id));
    expect(orderRow!.status).toBe('invoiced');
    const [event] = await db()
      .select({
        kind: enquiryEvents.kind,
        from: enquiryEvents.fromOrderStatus,
        to: enquiryEvents.toOrderStatus,
      })
      .from(enquiryEvents)
      .where(eq(enquiryEvents.invoiceId, invoice.id));
    expect(event).toEqual({ kind: 'invoice', from: 'confirmed', to: 'invoiced' });
    const [mail] = await db()
      .select({
        subject: pendingMail.subject,
        text: pendingMail.text,
        attachments: pendingMail.attachments,
      })
      .from(pendingMail)
      .where(
        sql`${pendingMail.to} = 'bursar@school.example' and ${pendingMail.subject} like 'Tax Invoice%'`,
      );
    expect(mail!.subject).toBe(`Tax Invoice INV-2040-00001 for order SO-${o.quotation.reference}`);
    expect(mail!.text).toContain('S$2,943.05');
    expect(mail!.attachments).toEqual([
      {
        filename: 'INV-2040-00001.pdf',
        contentType: 'application/pdf',
        contentBase64: row.pdf.toString('base64'),
      },
    ]);
  });

  it('refuses a second invoice while the first stands, and a cancelled or stale order', async () => {
    const o = await order();
    const first = await issueInvoice(staff, o.id, 'confirmed');
    const again = await failure(issueInvoice(staff, o.id, 'confirmed'));
    expect(again).toMatchObject({
      status: 409,
      message: `Order SO-${o.quotation.reference} already has invoice ${first.number}. To correct it, issue a credit note for it first.`,
    });
    const cancelled = await order();
    await changeOrderStatus(staff, cancelled.id, { status: 'cancelled', from: 'confirmed' });
    expect(await failure(issueInvoice(staff, cancelled.id, 'cancelled'))).toMatchObject({
      status: 409,
      message: `Order SO-${cancelled.quotation.reference} is cancelled: it cannot be invoiced.`,
    });
    const moved = await order();
    await changeOrderStatus(staff, moved.id, { status: 'delivered', from: 'confirmed' });
    expect((await failure(issueInvoice(staff, moved.id, 'confirmed')))!.status).toBe(409);
    expect(await orderDocuments(moved.id)).toEqual([]);
  });

  it('says Invoice, with no GST, when the company was not GST-registered', async () => {
    const o = await order({ gstRegNo: null });
    const invoice = await issueInvoice(staff, o.id);
    const row = await stored(invoice.id);
    expect(row).toMatchObject({ gstRegNo: null, gstCents: 0, totalCents: 270005 });
    const text = await textOf(row.pdf);
    expect(text).not.toContain('Tax Invoice');
    expect(text).toMatch(/^Invoice$/m);
    expect(text).not.toContain('GST 9%');
    expect(text).toContain('Not GST-registered');
    expect(text).toContain(
      'No GST is charged: Fieldhouse Sports Engineering is not GST-registered.',
    );
    expect(text).toContain('Total (SGD)');
    expect(text).toContain('S$2,700.05');
    // Nor GST on what is credited.
    const note = await issueCreditNote(staff, invoice.id, { reason: 'x', amountCents: 10_000 });
    expect(await stored(note.id)).toMatchObject({ gstCents: 0, totalCents: 10_000 });
    const notePdf = await textOf((await stored(note.id)).pdf);
    expect(notePdf).toContain('Total credited (SGD)');
    expect(notePdf).not.toContain('GST 9%');
  });

  it("prints the customer and a credit note's reason as typed, in Chinese, Tamil or Malay", async () => {
    for (const name of ['陈伟明', 'முருகன்', 'Nur Aisyah binti Abdullah']) {
      const o = await order({
        attention: { name, organisation: `${name} Academy`, address: `c/o ${name}, Blk 5` },
      });
      const invoice = await issueInvoice(staff, o.id);
      const text = await textOf((await stored(invoice.id)).pdf);
      for (const expected of [`BILL TO\n${name}\n`, `${name} Academy`, `c/o ${name}, Blk 5`])
        expect(text, expected).toContain(expected);
      const note = await issueCreditNote(staff, invoice.id, { reason: `${name} returned a net.` });
      const noteText = await textOf((await stored(note.id)).pdf);
      expect(noteText).toContain(`BILL TO\n${name}\n`);
      expect(noteText).toContain(`${name} returned a net.`);
    }
  });

  it('numbers by the Singapore calendar year of the issue', async () => {
    expect(singaporeYear(new Date('2041-12-31T15:59:59Z'))).toBe(2041); // 23:59:59 in Singapore
    expect(singaporeYear(new Date('2041-12-31T16:00:00Z'))).toBe(2042); // midnight there
    expect(documentNumber('invoice', 2042, 7)).toBe('INV-2042-00007');
    expect(documentNumber('credit_note', 2042, 123456)).toBe('CN-2042-123456');
    const a = await order();
    const b = await order();
    expect(
      (await issueInvoice(staff, a.id, undefined, new Date('2041-12-31T15:59:00Z'))).number,
    ).toBe('INV-2041-00001');
    expect(
      (await issueInvoice(staff, b.id, undefined, new Date('2041-12-31T16:01:00Z'))).number,
    ).toBe('INV-2042-00001');
  });

  it('gives the number back when the issue fails after taking it', async () => {
    const now = new Date('2043-05-05T05:00:00Z');
    const a = await order();
    vi.mocked(pdfModule.renderInvoicePdf).mockRejectedValueOnce(new Error('disk full'));
    await expect(issueInvoice(staff, a.id, undefined, now)).rejects.toThrow('disk full');
    expect(await orderDocuments(a.id)).toEqual([]);
    expect((await issueInvoice(staff, a.id, undefined, now)).number).toBe('INV-2043-00001');
  });

  it('are kept as issued: the database refuses to change or delete them', async () => {
    const o = await order();
    const { id } = await issueInvoice(staff, o.id);
    for (const statement of [
      sql`UPDATE invoices SET total_cents = 1 WHERE id = ${id}`,
      sql`UPDATE invoices SET customer_name = 'Someone else' WHERE id = ${id}`,
      sql`DELETE FROM invoices WHERE id = ${id}`,
      sql`TRUNCATE invoices CASCADE`,
    ]) {
      const error = (await failure(db().execute(statement))) as unknown as { cause?: Error };
      expect(error?.cause?.message).toBe(
        'An issued invoice or credit note cannot be changed or deleted',
      );
    }
    expect((await stored(id)).totalCents).toBe(294305);
  });

  it('issues 50 at once with the numbers 1 to 50 exactly', { timeout: 120_000 }, async () => {
    const now = new Date('2044-02-02T02:00:00Z');
    const made = [];
    for (let i = 0; i < 50; i++) made.push(await order());
    // On PostgreSQL, 50 transactions at once need 50 connections: the shop's pool keeps a few and
    // lets a request wait 3 s for one, so most issues would queue in the pool instead of at the
    // counter. A second copy of the services, with a pool of 60 on the same database, lets all
    // 50 run together. (PGlite runs one transaction at a time whatever the caller does.)
    let issue = issueInvoice;
    let close = async () => {};
    if (process.env.TEST_DB === 'postgres') {
      process.env.DATABASE_POOL_SIZE = '60';
      vi.resetModules();
      issue = (await import('./invoices.server')).issueInvoice;
      const { closeDb } = await import('../db/client.server');
      const { mailSettled: settled } = await import('../mail/queue.server');
      close = () => settled().then(closeDb);
    }
    const issued = await Promise.all(made.map((o) => issue(staff, o.id, undefined, now))).finally(
      () => {
        delete process.env.DATABASE_POOL_SIZE;
        return close();
      },
    );
    const sequences = issued.map((i) => Number(i.number.slice(-5))).sort((x, y) => x - y);
    expect(sequences).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const rows = await db()
      .select({ number: invoices.number, sequence: invoices.sequence })
      .from(invoices)
      .where(eq(invoices.year, 2044));
    expect(rows).toHaveLength(50);
    expect(new Set(rows.map((r) => r.number)).size).toBe(50);
    for (const r of rows) expect(r.number).toBe(documentNumber('invoice', 2044, r.sequence));
  });
});

describe('credit notes', () => {
  it('credit part of an invoice with GST as on the invoice, then the rest, freeing the order', async () => {
    const o = await order({ enquiry: { contactEmail: 'credit@school.example' } });
    await changeOrderStatus(staff, o.id, { status: 'delivered', from: 'confirmed' });
    const now = new Date('2045-07-01T03:00:00Z');
    const invoice = await issueInvoice(staff, o.id, 'delivered', now);
    await changeOrderStatus(staff, o.id, { status: 'paid', from: 'invoiced' });

    const part = await issueCreditNote(
      staff,
      invoice.id,
      { reason: 'One goal net returned.', amountCents: 10_005 },
      now,
    );
    expect(part).toMatchObject({ number: 'CN-2045-00001', orderStatus: 'paid' });
    const partRow = await stored(part.id);
    // 100.05 × 9% = 9.0045 → 9.00.
    expect(partRow).toMatchObject({
      kind: 'credit_note',
      creditedInvoiceId: invoice.id,
      subtotalCents: 10_005,
      discountCents: 0,
      gstCents: 900,
      totalCents: 10_905,
      reason: 'One goal net returned.',
      customerName: 'Mdm Tan Siew Ling',
    });
    const text = await textOf(partRow.pdf);
    for (const expected of [
      'Credit Note',
      'CN-2045-00001',
      'INV-2045-00001 (1 Jul 2045)',
      'One goal net returned.',
      'Credit against invoice INV-2045-00001',
      'Amount credited before GST',
      'S$100.05',
      'GST 9%',
      'S$9.00',
      'Total credited including GST (SGD)',
      'S$109.05',
      'GST Reg. No. M90312345X',
      'Mdm Tan Siew Ling',
    ])
      expect(text, expected).toContain(expected);

    const tooMuch = await failure(
      issueCreditNote(staff, invoice.id, { reason: 'x', amountCents: 270_005 }, now),
    );
    expect(tooMuch).toMatchObject({
      status: 400,
      field: 'amount',
      message: 'At most S$2,600.00 before GST is left to credit on invoice INV-2045-00001.',
    });

    const rest = await issueCreditNote(staff, invoice.id, { reason: 'Wrong address.' }, now);
    expect(rest).toMatchObject({ number: 'CN-2045-00002', orderStatus: 'delivered' });
    const restRow = await stored(rest.id);
    expect(restRow).toMatchObject({
      subtotalCents: 260_000,
      gstCents: 23_400,
      totalCents: 283_400,
    });
    // Together the credits are exactly the invoice: 109.05 + 2,834.00 = 2,943.05.
    expect(partRow.totalCents + restRow.totalCents).toBe(294_305);
    expect(partRow.gstCents + restRow.gstCents).toBe(24_300);

    expect(
      await failure(issueCreditNote(staff, invoice.id, { reason: 'again' }, now)),
    ).toMatchObject({
      status: 409,
      message: 'Invoice INV-2045-00001 has already been credited in full.',
    });
    const documents = await orderDocuments(o.id);
    expect(documents.map((d) => [d.number, d.credits, d.openCents])).toEqual([
      ['INV-2045-00001', null, 0],
      ['CN-2045-00001', 'INV-2045-00001', 0],
      ['CN-2045-00002', 'INV-2045-00001', 0],
    ]);
    const [event] = await db()
      .select({ from: enquiryEvents.fromOrderStatus, to: enquiryEvents.toOrderStatus })
      .from(enquiryEvents)
      .where(eq(enquiryEvents.invoiceId, rest.id));
    expect(event).toEqual({ from: 'paid', to: 'delivered' });
    const subjects = (
      await db()
        .select({ subject: pendingMail.subject })
        .from(pendingMail)
        .where(eq(pendingMail.to, 'credit@school.example'))
    ).map((m) => m.subject);
    expect(subjects).toContain(`Credit Note CN-2045-00002 for order SO-${o.quotation.reference}`);

    // The order is free for a corrected invoice, numbered on.
    expect((await issueInvoice(staff, o.id, 'delivered', now)).number).toBe('INV-2045-00002');
  });

  it('credits a whole invoice with its own lines and lets the order be cancelled', async () => {
    const o = await order();
    const now = new Date('2046-01-15T03:00:00Z');
    const invoice = await issueInvoice(staff, o.id, 'confirmed', now);
    expect(
      await failure(changeOrderStatus(staff, o.id, { status: 'cancelled', from: 'invoiced' })),
    ).toMatchObject({
      status: 409,
      message: 'An invoiced order cannot be cancelled: issue a credit note for its invoice first.',
    });
    const note = await issueCreditNote(staff, invoice.id, { reason: 'Order withdrawn.' }, now);
    const row = await stored(note.id);
    expect(row.lines).toEqual((await stored(invoice.id)).lines);
    expect(row).toMatchObject({
      subtotalCents: 270219,
      discountCents: 214,
      gstCents: 24300,
      totalCents: 294305,
    });
    expect(note.orderStatus).toBe('confirmed');
    await changeOrderStatus(staff, o.id, { status: 'cancelled', from: 'confirmed' });
    expect(await failure(issueCreditNote(staff, note.id, { reason: 'x' }))).toMatchObject({
      status: 404,
    });
  });
});

describe('downloads', () => {
  it('give a document to staff, its signed-in owner or its guest link, and nobody else', async () => {
    const owner = await createCustomer();
    const mine = await order({ enquiry: { userId: owner.id } });
    const theirs = await order();
    const { number } = await issueInvoice(staff, mine.id);
    const file = `${number}.pdf`;
    expect((await getDocumentPdf(file, { staff: true, orderId: mine.id }))!.number).toBe(number);
    expect(await getDocumentPdf(file, { staff: true, orderId: theirs.id })).toBeNull();
    expect(
      (await getDocumentPdf(file.toLowerCase(), {
        ownerId: owner.id,
        enquiryId: mine.quotation.enquiryId,
      }))!.pdf
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const stranger = await createCustomer();
    expect(
      await getDocumentPdf(file, { ownerId: stranger.id, enquiryId: mine.quotation.enquiryId }),
    ).toBeNull();
    expect(await getDocumentPdf(file, { enquiryId: theirs.quotation.enquiryId })).toBeNull();
    expect(await getDocumentPdf(file, { enquiryId: mine.quotation.enquiryId })).not.toBeNull();
    for (const bad of ['INV-2026-1.pdf', '../INV-2026-00001.pdf', 'INV-2026-00001', 'x.pdf'])
      expect(await getDocumentPdf(bad, { staff: true }), bad).toBeNull();
    expect((await customerOrders(mine.quotation.enquiryId))[0]!.documents).toEqual([
      { kind: 'invoice', number, issuedAt: expect.any(Date), totalCents: 294305 },
    ]);
  });
});
