// The buyer's answers to a quotation, against a real database (PGlite, or PostgreSQL with
// TEST_DB=postgres): what an acceptance records, the refusals that change nothing (twice, at
// once, expired, superseded, a forged link, someone else's quotation, a PO file that is not what
// it claims), declines and change requests.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createSentRevision } from '../../../tests/factories';
import { db } from '../db/client.server';
import {
  attachments,
  enquiries,
  enquiryEvents,
  pendingMail,
  quotationResponses,
  quotations,
  user,
} from '../db/schema';
import { env } from '../env.server';
import { UserError } from '../errors.server';
import { mailSettled } from '../mail/queue.server';
import { getEnquiryCase } from '../inbox/enquiries.server';
import { getAttachmentFile } from '../attachments/attachments.server';
import { privateDir } from '../media/storage.server';
import {
  acceptQuotation,
  checkPurchaseOrderFile,
  declineQuotation,
  getLatestQuotationForOwner,
  getQuotationByToken,
  getQuotationPdfByToken,
  readResponseForm,
  requestChanges,
  type ResponseAccess,
} from './responses.server';

const STAFF_INBOX = () => env().ENQUIRY_EMAIL;
const ADDRESS = '203.0.113.7';

async function pdfBytes(text = 'Purchase order 4500012345'): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  doc.text(text);
  doc.end();
  await new Promise((resolve) => doc.on('end', resolve));
  return Buffer.concat(chunks);
}

const image = (format: 'png' | 'jpeg') => {
  const blank = sharp({ create: { width: 40, height: 30, channels: 3, background: '#ffffff' } });
  return (format === 'png' ? blank.png() : blank.jpeg()).toBuffer();
};

/** Everything an answer could have changed, to compare before and after a refusal. */
async function footprint(quotationId: number, enquiryId: number) {
  const [[q], [r], [e], [a], [m], [enq]] = await Promise.all([
    db()
      .select({ status: quotations.status })
      .from(quotations)
      .where(eq(quotations.id, quotationId)),
    db()
      .select({ n: count() })
      .from(quotationResponses)
      .where(eq(quotationResponses.quotationId, quotationId)),
    db().select({ n: count() }).from(enquiryEvents).where(eq(enquiryEvents.enquiryId, enquiryId)),
    db().select({ n: count() }).from(attachments).where(eq(attachments.enquiryId, enquiryId)),
    db().select({ n: count() }).from(pendingMail),
    db().select({ status: enquiries.status }).from(enquiries).where(eq(enquiries.id, enquiryId)),
  ]);
  return {
    status: q!.status,
    responses: Number(r!.n),
    events: Number(e!.n),
    attachments: Number(a!.n),
    mails: Number(m!.n),
    enquiry: enq!.status,
  };
}

/** The files in private storage (none are left behind by a refused answer). */
function privateFiles(): string[] {
  const root = privateDir();
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => path.join(f.parentPath, f.name));
}

async function expectRefused(promise: Promise<unknown>, status: number, message: RegExp | string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  expect((error as UserError).status).toBe(status);
  if (typeof message === 'string') expect((error as UserError).message).toBe(message);
  else expect((error as UserError).message).toMatch(message);
  return error as UserError;
}

const link = (token: string): ResponseAccess => ({ by: 'link', token });
const accept = { name: 'Tan Ah Kow', designation: 'Head of Department (PE)', poNumber: 'PO-778' };

afterEach(async () => {
  await mailSettled();
});

describe('accepting through the e-mailed link', () => {
  it('records who, the PO, the address and the PDF hash; the revision is accepted, the enquiry waits for staff, both sides are told', async () => {
    const q = await createSentRevision({ enquiry: { contactEmail: 'ops@school.example' } });
    const outcome = await acceptQuotation(link(q.token), accept, { clientAddress: ADDRESS });
    expect(outcome).toEqual({
      kind: 'accepted',
      number: q.number,
      emailedTo: 'ops@school.example',
    });

    const responses = await db()
      .select()
      .from(quotationResponses)
      .where(eq(quotationResponses.quotationId, q.id));
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({
      kind: 'accepted',
      name: 'Tan Ah Kow',
      designation: 'Head of Department (PE)',
      poNumber: 'PO-778',
      clientAddress: ADDRESS,
      userId: null,
      pdfSha256: q.pdfSha256,
    });
    const [stored] = await db()
      .select({ pdf: quotations.pdf, status: quotations.status })
      .from(quotations)
      .where(eq(quotations.id, q.id));
    expect(stored!.status).toBe('accepted');
    // The hash is that of the PDF the buyer was shown, as stored.
    expect(createHash('sha256').update(stored!.pdf).digest('hex')).toBe(responses[0]!.pdfSha256);

    const [enquiry] = await db()
      .select({ status: enquiries.status })
      .from(enquiries)
      .where(eq(enquiries.id, q.enquiryId));
    expect(enquiry!.status).toBe('in_progress');
    const events = await db()
      .select()
      .from(enquiryEvents)
      .where(and(eq(enquiryEvents.enquiryId, q.enquiryId), eq(enquiryEvents.kind, 'accepted')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorName: 'Tan Ah Kow',
      quotationId: q.id,
      fromStatus: 'quoted',
      toStatus: 'in_progress',
    });

    const staff = await db()
      .select()
      .from(pendingMail)
      .where(
        and(
          eq(pendingMail.to, STAFF_INBOX()),
          eq(pendingMail.subject, `Quotation ${q.number} accepted by Tan Ah Kow`),
        ),
      );
    expect(staff).toHaveLength(1);
    expect(staff[0]!.replyTo).toBe('ops@school.example');
    expect(staff[0]!.text).toContain('Accepted by: Tan Ah Kow, Head of Department (PE)');
    expect(staff[0]!.text).toContain('PO number: PO-778');
    expect(staff[0]!.text).toContain('Total: S$2,726.09 including GST');
    expect(staff[0]!.text).toContain(`/admin/enquiries/${q.enquiryId}`);
    const buyer = await db()
      .select()
      .from(pendingMail)
      .where(
        and(
          eq(pendingMail.to, 'ops@school.example'),
          eq(pendingMail.subject, `Quotation ${q.number} accepted by Tan Ah Kow`),
        ),
      );
    expect(buyer).toHaveLength(1);
    expect(buyer[0]!.text).toContain('we have recorded your acceptance');
    expect(buyer[0]!.text).toContain('S$2,726.09');
  });

  it('says no GST is charged on a revision sent while the company was not GST-registered', async () => {
    const q = await createSentRevision({
      gstRegNo: null,
      enquiry: { contactEmail: 'no-gst-answer@school.example' },
    });
    await acceptQuotation(link(q.token), accept);
    const mails = await db()
      .select({ to: pendingMail.to, text: pendingMail.text })
      .from(pendingMail)
      .where(eq(pendingMail.subject, `Quotation ${q.number} accepted by Tan Ah Kow`));
    expect(mails.map((m) => m.to).sort()).toEqual(
      ['no-gst-answer@school.example', STAFF_INBOX()].sort(),
    );
    for (const mail of mails) {
      // 2 × 1,250.50 and nothing added.
      expect(mail.text).toContain('Total: S$2,501.00, no GST charged');
      expect(mail.text).not.toContain('including GST');
    }
  });

  it('refuses a second acceptance (409) and keeps the one response', async () => {
    const q = await createSentRevision();
    await acceptQuotation(link(q.token), accept);
    const before = await footprint(q.id, q.enquiryId);
    await expectRefused(
      acceptQuotation(link(q.token), { ...accept, name: 'Someone Else' }),
      409,
      /^Quotation Q-.*-1 was already accepted on .* by Tan Ah Kow\.$/,
    );
    await expectRefused(
      declineQuotation(link(q.token), { reason: 'Price' }),
      409,
      /was already accepted/,
    );
    expect(await footprint(q.id, q.enquiryId)).toEqual(before);
  });

  it('two acceptances at the same moment: exactly one wins, the other is refused', async () => {
    const q = await createSentRevision();
    const results = await Promise.allSettled([
      acceptQuotation(link(q.token), { ...accept, name: 'First' }),
      acceptQuotation(link(q.token), { ...accept, name: 'Second' }),
      declineQuotation(link(q.token), { reason: 'Timing' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r.reason as UserError).status).toBe(409);
    const rows = await db()
      .select({ kind: quotationResponses.kind })
      .from(quotationResponses)
      .where(eq(quotationResponses.quotationId, q.id));
    expect(rows).toHaveLength(1);
    const [event] = await db()
      .select({ n: count() })
      .from(enquiryEvents)
      .where(eq(enquiryEvents.quotationId, q.id));
    expect(Number(event!.n)).toBe(1);
  });

  it('refuses an expired revision (410) and changes nothing; the page reads it as expired', async () => {
    const q = await createSentRevision({ validUntil: new Date(Date.now() - 60_000) });
    const before = await footprint(q.id, q.enquiryId);
    await expectRefused(
      acceptQuotation(link(q.token), accept),
      410,
      /^This quotation expired on .*\. Please ask us for a new revision/,
    );
    await expectRefused(requestChanges(link(q.token), { message: 'Cheaper?' }), 410, /expired/);
    expect(await footprint(q.id, q.enquiryId)).toEqual(before);
    expect(privateFiles()).toEqual([]);
  });

  it('a revision open now is expired once the clock passes its valid-until date', async () => {
    const q = await createSentRevision({ validUntil: new Date(Date.now() + 3 * 86_400_000) });
    await expectRefused(
      acceptQuotation(link(q.token), accept, { now: new Date(Date.now() + 4 * 86_400_000) }),
      410,
      /expired/,
    );
    expect((await acceptQuotation(link(q.token), accept)).kind).toBe('accepted');
  });

  it("refuses revision 1's link once revision 2 is sent, naming the newer one", async () => {
    const first = await createSentRevision();
    const second = await createSentRevision({ enquiryId: first.enquiryId });
    const before = await footprint(first.id, first.enquiryId);
    const message = `A newer revision, ${second.number}, replaces this quotation. Please answer that one: it came with its own e-mail.`;
    await expectRefused(acceptQuotation(link(first.token), accept), 409, message);
    // Also when the send had not marked it superseded: a newer revision is enough.
    await db().update(quotations).set({ status: 'sent' }).where(eq(quotations.id, first.id));
    await expectRefused(declineQuotation(link(first.token), {}), 409, message);
    expect({ ...(await footprint(first.id, first.enquiryId)), status: 'superseded' }).toEqual(
      before,
    );
    // The newer revision's own link works.
    expect((await acceptQuotation(link(second.token), accept)).number).toBe(second.number);
  });

  it('a forged, unknown or malformed link is a 404, the same as a missing quotation', async () => {
    const q = await createSentRevision();
    const before = await footprint(q.id, q.enquiryId);
    const forged = `${q.token.slice(0, 42)}${q.token.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [forged, 'not-a-token', '', `${q.token}x`, 'A'.repeat(43)]) {
      await expectRefused(
        acceptQuotation(link(token), accept),
        404,
        'There is no quotation at this address.',
      );
      expect(await getQuotationByToken(token)).toBeNull();
      expect(await getQuotationPdfByToken(token, `${q.number}.pdf`)).toBeNull();
    }
    expect(await footprint(q.id, q.enquiryId)).toEqual(before);
  });
});

describe('declining and asking for changes', () => {
  it('a decline keeps the reason chosen and written, tells both sides, and leaves the enquiry as it was', async () => {
    const q = await createSentRevision();
    await declineQuotation(
      link(q.token),
      { reason: 'Price', details: 'Over our budget this year.' },
      { clientAddress: ADDRESS },
    );
    const [response] = await db()
      .select()
      .from(quotationResponses)
      .where(eq(quotationResponses.quotationId, q.id));
    expect(response).toMatchObject({
      kind: 'declined',
      message: 'Price: Over our budget this year.',
      name: 'Mdm Tan',
      clientAddress: ADDRESS,
    });
    expect((await footprint(q.id, q.enquiryId)).status).toBe('declined');
    expect((await footprint(q.id, q.enquiryId)).enquiry).toBe('quoted');
    const [event] = await db()
      .select()
      .from(enquiryEvents)
      .where(and(eq(enquiryEvents.quotationId, q.id), eq(enquiryEvents.kind, 'declined')));
    expect(event!.body).toBe('Price: Over our budget this year.');
    const mails = await db()
      .select({ to: pendingMail.to, text: pendingMail.text })
      .from(pendingMail)
      .where(eq(pendingMail.subject, `Quotation ${q.number} declined`));
    expect(mails.map((m) => m.to).sort()).toEqual(['buyer@school.example', STAFF_INBOX()].sort());
    expect(mails[0]!.text).toContain('Reason: Price: Over our budget this year.');
    await expectRefused(acceptQuotation(link(q.token), accept), 409, /was already declined on/);
  });

  it('"Other" keeps only the words; a decline without a reason is allowed', async () => {
    const a = await createSentRevision();
    await declineQuotation(link(a.token), { reason: 'Other', details: 'School merger.' });
    const b = await createSentRevision();
    await declineQuotation(link(b.token), {});
    const rows = await db()
      .select({ quotationId: quotationResponses.quotationId, message: quotationResponses.message })
      .from(quotationResponses)
      .where(eq(quotationResponses.kind, 'declined'));
    expect(rows.find((r) => r.quotationId === a.id)!.message).toBe('School merger.');
    expect(rows.find((r) => r.quotationId === b.id)!.message).toBeNull();
  });

  it('a change request brings the enquiry back to In progress; the revision can still be accepted', async () => {
    const q = await createSentRevision();
    await requestChanges(link(q.token), { message: 'Please add installation on a Saturday.' });
    expect(await footprint(q.id, q.enquiryId)).toMatchObject({
      status: 'changes_requested',
      enquiry: 'in_progress',
    });
    const [event] = await db()
      .select()
      .from(enquiryEvents)
      .where(and(eq(enquiryEvents.quotationId, q.id), eq(enquiryEvents.kind, 'changes_requested')));
    expect(event).toMatchObject({
      body: 'Please add installation on a Saturday.',
      fromStatus: 'quoted',
      toStatus: 'in_progress',
    });
    const [staff] = await db()
      .select({ text: pendingMail.text })
      .from(pendingMail)
      .where(
        and(
          eq(pendingMail.to, STAFF_INBOX()),
          eq(pendingMail.subject, `Changes asked for quotation ${q.number}`),
        ),
      );
    expect(staff!.text).toContain('Please add installation on a Saturday.');
    // Asked again, then accepted as it stands.
    await requestChanges(link(q.token), { message: 'Or a Sunday.' });
    await acceptQuotation(link(q.token), accept);
    const kinds = await db()
      .select({ kind: quotationResponses.kind })
      .from(quotationResponses)
      .where(eq(quotationResponses.quotationId, q.id));
    expect(kinds.map((k) => k.kind).sort()).toEqual([
      'accepted',
      'changes_requested',
      'changes_requested',
    ]);
  });
});

describe('the signed-in owner', () => {
  let owner: { id: string; name: string };
  let other: { id: string; name: string };

  beforeAll(async () => {
    const [a, b] = await Promise.all([
      createCustomer({ name: 'Owner Lee' }),
      createCustomer({ name: 'Other Ong' }),
    ]);
    owner = { id: a.id, name: 'Owner Lee' };
    other = { id: b.id, name: 'Other Ong' };
  });

  it("answers their own enquiry's quotation (user recorded); another customer gets 404 and changes nothing", async () => {
    const q = await createSentRevision({ enquiry: { userId: owner.id, contactEmail: null } });
    const before = await footprint(q.id, q.enquiryId);
    await expectRefused(
      requestChanges(
        { by: 'owner', user: other, enquiryId: q.enquiryId, quotationId: q.id },
        { message: 'Let me in.' },
      ),
      404,
      'There is no quotation at this address.',
    );
    expect(await getLatestQuotationForOwner(other.id, q.enquiryId)).toBeNull();
    // Their own quotation named from another enquiry's page is not found either.
    await expectRefused(
      requestChanges(
        { by: 'owner', user: owner, enquiryId: q.enquiryId + 1, quotationId: q.id },
        { message: 'Wrong page.' },
      ),
      404,
      'There is no quotation at this address.',
    );
    expect(await footprint(q.id, q.enquiryId)).toEqual(before);

    await requestChanges(
      { by: 'owner', user: owner, enquiryId: q.enquiryId, quotationId: q.id },
      { message: 'Blue nets.' },
    );
    const [response] = await db()
      .select()
      .from(quotationResponses)
      .where(eq(quotationResponses.quotationId, q.id));
    expect(response).toMatchObject({ userId: owner.id, name: 'Owner Lee', message: 'Blue nets.' });
    // The confirmation goes to the account's address (the enquiry kept none of its own).
    const [account] = await db()
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, owner.id));
    const mails = await db()
      .select({ text: pendingMail.text })
      .from(pendingMail)
      .where(eq(pendingMail.to, account!.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/orders/${q.enquiryId}`);
    const view = await getLatestQuotationForOwner(owner.id, q.enquiryId);
    expect(view).toMatchObject({ number: q.number, status: 'changes_requested' });
  });
});

describe('the purchase order file', () => {
  it('a PDF, a JPEG and a PNG are kept privately with an attachment row; staff read back the same bytes', async () => {
    for (const [name, data, type] of [
      ['PO 4500012345.pdf', await pdfBytes(), 'application/pdf'],
      ['scan.JPG', await image('jpeg'), 'image/jpeg'],
      ['C:\\Users\\ops\\po.png', await image('png'), 'image/png'],
    ] as const) {
      const q = await createSentRevision();
      await acceptQuotation(link(q.token), { ...accept, poFile: { fileName: name, data } });
      const [row] = await db()
        .select()
        .from(attachments)
        .where(eq(attachments.enquiryId, q.enquiryId));
      const [response] = await db()
        .select({ id: quotationResponses.id })
        .from(quotationResponses)
        .where(eq(quotationResponses.quotationId, q.id));
      expect(row).toMatchObject({
        owner: 'purchase_order',
        responseId: response!.id,
        contentType: type,
        size: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
      });
      expect(row!.storageKey).not.toContain(name);
      expect(row!.fileName).toBe(
        { 'application/pdf': 'PO 4500012345.pdf', 'image/jpeg': 'scan.JPG', 'image/png': 'po.png' }[
          type
        ],
      );
      const file = await getAttachmentFile({ staff: true, enquiryId: q.enquiryId }, row!.id);
      expect(file!.data.equals(data)).toBe(true);
      expect(file!.contentType).toBe(type);
      // Not through another enquiry's address.
      expect(
        await getAttachmentFile({ staff: true, enquiryId: q.enquiryId + 1000 }, row!.id),
      ).toBeNull();
      // The staff timeline names the acceptance with its designation, PO and file.
      const timeline = (await getEnquiryCase(q.enquiryId))!.timeline;
      expect(timeline.find((e) => e.kind === 'accepted')).toMatchObject({
        actorName: 'Tan Ah Kow',
        quotation: { id: q.id, number: q.number },
        acceptance: {
          designation: 'Head of Department (PE)',
          poNumber: 'PO-778',
          file: { id: row!.id, fileName: row!.fileName, size: data.length },
        },
      });
    }
  });

  it('a text file named .pdf, a renamed text file as .png and a truncated PDF are refused with a clear message; nothing is kept', async () => {
    const pdf = await pdfBytes();
    const noisy = await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const cases = [
      [
        'po.pdf',
        Buffer.from('This is not a PDF at all, just a note.\n'),
        415,
        /must be a PDF, JPEG or PNG/,
      ],
      ['po.png', Buffer.from('hello'), 415, /must be a PDF, JPEG or PNG/],
      ['po.pdf', Buffer.from('%PDF-1.7\nonly a header pretending\n'), 422, /could not be read/],
      ['po.pdf', pdf.subarray(0, Math.floor(pdf.length / 2)), 422, /could not be read/],
      ['po.jpg', noisy.subarray(0, Math.floor(noisy.length * 0.6)), 422, /could not be read/],
    ] as const;
    const filesBefore = privateFiles();
    for (const [fileName, data, status, message] of cases) {
      const q = await createSentRevision();
      const before = await footprint(q.id, q.enquiryId);
      const error = await expectRefused(
        acceptQuotation(link(q.token), { ...accept, poFile: { fileName, data } }),
        status,
        message,
      );
      expect(error.field).toBe('poFile');
      expect(await footprint(q.id, q.enquiryId)).toEqual(before);
    }
    expect(privateFiles()).toEqual(filesBefore);
  });

  it('a refused acceptance removes the file it had stored', async () => {
    const q = await createSentRevision({ validUntil: new Date(Date.now() - 1000) });
    const filesBefore = privateFiles();
    await expectRefused(
      acceptQuotation(link(q.token), {
        ...accept,
        poFile: { fileName: 'po.pdf', data: await pdfBytes() },
      }),
      410,
      /expired/,
    );
    expect(privateFiles()).toEqual(filesBefore);
  });

  it('reads a multipart answer with its file; a file over 10 MB is refused with 413 as it arrives', async () => {
    const form = new FormData();
    form.set('name', 'Tan');
    form.set(
      'poFile',
      new File([new Uint8Array(await pdfBytes())], 'po.pdf', { type: 'application/pdf' }),
    );
    const read = await readResponseForm(
      new Request('http://localhost/quotations/x', { method: 'POST', body: form }),
    );
    expect(read.form.get('name')).toBe('Tan');
    expect(read.poFile?.fileName).toBe('po.pdf');
    expect(read.poFile?.data.subarray(0, 5).toString()).toBe('%PDF-');

    // A file input left empty sends an empty part named "" (as a browser writes it): no file.
    const boundary = '----fieldhouse';
    const none = await readResponseForm(
      new Request('http://localhost/quotations/x', {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: [
          `--${boundary}`,
          'Content-Disposition: form-data; name="poFile"; filename=""',
          'Content-Type: application/octet-stream',
          '',
          '',
          `--${boundary}--`,
          '',
        ].join('\r\n'),
      }),
    );
    expect(none.poFile).toBeNull();

    const big = new FormData();
    big.set('poFile', new File([new Uint8Array(10 * 1024 * 1024 + 1).fill(0x25)], 'big.pdf'));
    await expectRefused(
      readResponseForm(new Request('http://localhost/quotations/x', { method: 'POST', body: big })),
      413,
      'The purchase order file must be 10 MB or smaller.',
    );
  });

  it('names the file after its content, without folders or control characters', async () => {
    const [pdf, png, jpeg] = [await pdfBytes(), await image('png'), await image('jpeg')];
    const name = async (fileName: string, data: Buffer) =>
      (await checkPurchaseOrderFile({ fileName, data })).fileName;
    expect(await name('C:\\fakepath\\PO 12.pdf', pdf)).toBe('PO 12.pdf');
    expect(await name('../../etc/passwd', pdf)).toBe('passwd.pdf');
    expect(await name('scan.txt', png)).toBe('scan.png');
    expect(await name('photo.jpeg', jpeg)).toBe('photo.jpeg');
    expect(await name('a\u0000b\n"c".pdf', pdf)).toBe('ab "c".pdf');
    expect(await name('', pdf)).toBe('purchase-order.pdf');
  });
});

describe('what the buyer reads', () => {
  it("the link's revision with its lines, totals and every revision of the enquiry (PDFs by the same link)", async () => {
    const first = await createSentRevision();
    const second = await createSentRevision({
      enquiryId: first.enquiryId,
      unitPriceCents: 100_000,
    });
    const view = (await getQuotationByToken(first.token))!;
    expect(view).toMatchObject({
      number: first.number,
      status: 'superseded',
      newer: second.number,
      attention: { name: 'Mdm Tan', organisation: 'Bedok Primary School' },
      subtotalCents: 250_100,
      gstCents: 22_509,
      totalCents: 272_609,
    });
    expect(view.lines).toEqual([
      {
        description: 'Aluminium Goalposts',
        note: null,
        quantity: 2,
        unitPriceCents: 125_050,
        discountCents: 0,
        lineTotalCents: 250_100,
      },
    ]);
    expect(view.revisions.map((r) => [r.number, r.status, r.gstRegistered])).toEqual([
      [first.number, 'superseded', true],
      [second.number, 'sent', true],
    ]);
    // Every revision's PDF through either link; never another enquiry's.
    const other = await createSentRevision();
    expect((await getQuotationPdfByToken(first.token, `${second.number}.pdf`))?.number).toBe(
      second.number,
    );
    expect((await getQuotationPdfByToken(second.token, `${first.number}.pdf`))?.number).toBe(
      first.number,
    );
    expect(await getQuotationPdfByToken(first.token, `${other.number}.pdf`)).toBeNull();
  });

  it('tells which revisions were sent without GST: each says so on its own', async () => {
    const first = await createSentRevision({ gstRegNo: null });
    const second = await createSentRevision({ enquiryId: first.enquiryId });
    const view = (await getQuotationByToken(second.token))!;
    expect(view).toMatchObject({ gstRegNo: 'M90000000A', totalCents: 272_609 });
    expect(view.revisions.map((r) => [r.number, r.totalCents, r.gstRegistered])).toEqual([
      [first.number, 250_100, false],
      [second.number, 272_609, true],
    ]);
  });

  it('an accepted revision says by whom and when', async () => {
    const q = await createSentRevision();
    await acceptQuotation(link(q.token), accept);
    expect((await getQuotationByToken(q.token))!.answer).toMatchObject({
      kind: 'accepted',
      name: 'Tan Ah Kow',
      designation: 'Head of Department (PE)',
      poNumber: 'PO-778',
    });
  });
});
