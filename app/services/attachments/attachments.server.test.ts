// Attachments: files checked by their content, images stored without their metadata, PDFs as
// sent, refusals that name the file and store nothing, and the rows written with the enquiry (or
// the staff reply) in its transaction. Runs on PGlite and, with TEST_DB=postgres, PostgreSQL.
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES, MAX_ATTACHMENT_BYTES } from '~/lib/attachments';
import { createCustomer, createGpsPhoto, createProduct } from '../../../tests/factories';
import { addToCart } from '../cart/cart.server';
import { db } from '../db/client.server';
import { attachments, enquiries, enquiryEvents, pendingMail } from '../db/schema';
import { submitEnquiry } from '../enquiries/enquiries.server';
import { UserError } from '../errors.server';
import { ValidationError } from '../forms.server';
import { replyToEnquiry } from '../inbox/enquiries.server';
import { privateDir, privateStorage } from '../media/storage.server';
import { downloadResponse } from '../sales/download.server';
import {
  checkAttachments,
  cleanFileName,
  getAttachmentFile,
  isWholePdf,
  listAttachments,
  readAttachmentForm,
  type AttachmentUpload,
} from './attachments.server';

let product: { id: number };
let staff: { id: string; name: string };
beforeAll(async () => {
  product = await createProduct({ name: 'Basketball Post' });
  staff = { id: (await createCustomer()).id, name: 'Ms Goh' };
});

const image = (format: 'jpeg' | 'png' | 'webp', width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .toFormat(format)
    .toBuffer();

function pdf(text = 'Site plan', options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text(text);
    doc.end();
  });
}

const upload = (name: string, data: Buffer): AttachmentUpload => ({
  name,
  size: data.length,
  data,
});

async function storedFiles(): Promise<string[]> {
  return readdir(privateDir(), { recursive: true }).then(
    (entries) => entries.filter((e) => /\.\w+$/.test(String(e))).map(String),
    () => [],
  );
}
const rows = async () => Number((await db().select({ n: count() }).from(attachments))[0]!.n);
const enquiryCount = async () => Number((await db().select({ n: count() }).from(enquiries))[0]!.n);

let addresses = 0;
function submit(files: AttachmentUpload[], over: { productId?: number; key?: string } = {}) {
  const form = new FormData();
  form.set('message', 'Photos of the court attached.');
  form.set('email', 'teacher@school.example');
  form.set('idempotencyKey', over.key ?? randomUUID());
  return submitEnquiry({
    form,
    customer: null,
    guestItems: [{ productId: over.productId ?? product.id, quantity: 1 }],
    files,
    request: new Request('http://localhost:3000/cart', { method: 'POST' }),
    socketAddress: `10.9.0.${++addresses}`,
  });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UserError);
  return error as UserError & { fields?: Record<string, string> };
}

describe('an enquiry with attachments', () => {
  it('stores a JPEG without its EXIF and GPS data, upright, with a PNG, a WebP and a PDF', async () => {
    const sitePdf = await pdf();
    const created = await submit([
      upload('C:\\Users\\teacher\\court.JPG', await createGpsPhoto()),
      upload('plan.png', await image('png')),
      upload('fence.webp', await image('webp')),
    ]);
    expect(created?.id).toBeGreaterThan(0);
    const listed = await listAttachments(created!.id);
    expect(listed.map((a) => [a.owner, a.fileName, a.contentType])).toEqual([
      ['enquiry', 'court.JPG', 'image/jpeg'],
      ['enquiry', 'plan.png', 'image/png'],
      ['enquiry', 'fence.webp', 'image/webp'],
    ]);
    const photo = await getAttachmentFile({ token: created!.accessToken! }, listed[0]!.id);
    const meta = await sharp(photo!.data).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 200, height: 300 });
    for (const row of listed) {
      const [stored] = await db()
        .select({ key: attachments.storageKey, size: attachments.size })
        .from(attachments)
        .where(eq(attachments.id, row.id));
      expect(stored!.key).toMatch(
        new RegExp(`^enquiries/${created!.id}/[0-9a-f]{32}\\.(jpg|png|webp)$`),
      );
      expect((await privateStorage().get(stored!.key))!.length).toBe(stored!.size);
    }

    // A PDF is stored byte for byte as sent.
    const second = await submit([upload('site plan.pdf', sitePdf)]);
    const [file] = await listAttachments(second!.id);
    expect(file).toMatchObject({ fileName: 'site plan.pdf', contentType: 'application/pdf' });
    const sent = await getAttachmentFile({ staff: true, enquiryId: second!.id }, file!.id);
    expect(sent!.data.equals(sitePdf)).toBe(true);
  });

  it('refuses a text file renamed .pdf and an HTML page renamed .png, naming each, storing nothing', async () => {
    const before = {
      files: await storedFiles(),
      rows: await rows(),
      enquiries: await enquiryCount(),
    };
    const error = await refusal(
      submit([
        upload('good.png', await image('png')),
        upload('notes.pdf', Buffer.from('Just some notes, not a PDF at all.\n')),
        upload('page.png', Buffer.from('<!doctype html><script>alert(1)</script>')),
      ]),
    );
    expect(error.status).toBe(415);
    expect(error.field).toBe('files');
    expect(error.message).toBe(
      `${ATTACHMENT_MESSAGES.notAllowed('"notes.pdf"')} ${ATTACHMENT_MESSAGES.notAllowed('"page.png"')}`,
    );
    expect(await storedFiles()).toEqual(before.files);
    expect(await rows()).toBe(before.rows);
    expect(await enquiryCount()).toBe(before.enquiries);
  });

  it('refuses a PDF that is cut short, and a file over 10 MB, with their messages', async () => {
    const whole = await pdf();
    const cut = whole.subarray(0, whole.length - 200);
    expect(isWholePdf(whole)).toBe(true);
    expect(isWholePdf(cut)).toBe(false);
    const damaged = await refusal(submit([upload('plan.pdf', cut)]));
    expect(damaged).toMatchObject({
      status: 422,
      message: ATTACHMENT_MESSAGES.damaged('"plan.pdf"'),
    });
    // As the form reader hands over a file over the limit: its name and size, no bytes kept.
    const big = await refusal(
      submit([{ name: 'drone.jpg', size: MAX_ATTACHMENT_BYTES + 1, data: null }]),
    );
    expect(big).toMatchObject({
      status: 413,
      message: ATTACHMENT_MESSAGES.tooLarge('"drone.jpg"'),
    });
  });

  it('refuses a PDF locked with a password: whoever gets it could not open it', async () => {
    const locked = await pdf('Drawing', { userPassword: 'secret' });
    const before = await storedFiles();
    expect(await refusal(submit([upload('drawing.pdf', locked)]))).toMatchObject({
      status: 422,
      field: 'files',
      message: ATTACHMENT_MESSAGES.password('"drawing.pdf"'),
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a fourth file, and names every field and the files at once', async () => {
    const png = await image('png');
    const before = await storedFiles();
    const four = ['a', 'b', 'c', 'd'].map((n) => upload(`${n}.png`, png));
    expect(await refusal(submit(four))).toMatchObject({
      status: 400,
      field: 'files',
      message: ATTACHMENT_MESSAGES.tooMany,
    });
    // A form missing its message and carrying a bad file: one answer with both.
    const form = new FormData();
    form.set('message', '  ');
    form.set('email', 'teacher@school.example');
    form.set('idempotencyKey', randomUUID());
    const both = await refusal(
      submitEnquiry({
        form,
        customer: null,
        guestItems: [{ productId: product.id, quantity: 1 }],
        files: [upload('x.pdf', Buffer.from('nope'))],
        request: new Request('http://localhost:3000/cart', { method: 'POST' }),
        socketAddress: '10.9.1.1',
      }),
    );
    expect(both).toBeInstanceOf(ValidationError);
    expect(both.fields).toEqual({
      message: 'Please enter a message.',
      files: ATTACHMENT_MESSAGES.notAllowed('"x.pdf"'),
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('writes the enquiry and its rows in one transaction: a refused enquiry leaves no file behind', async () => {
    const before = {
      files: await storedFiles(),
      rows: await rows(),
      enquiries: await enquiryCount(),
    };
    // The product is checked inside the transaction, after the files were put in storage.
    const error = await refusal(
      submit([upload('a.png', await image('png'))], { productId: 999_999 }),
    );
    expect(error.status).toBe(409);
    expect(await storedFiles()).toEqual(before.files);
    expect(await rows()).toBe(before.rows);
    expect(await enquiryCount()).toBe(before.enquiries);

    // A repeated submit answers with the first enquiry: its files stay, the repeat's go.
    const key = randomUUID();
    const first = await submit([upload('a.png', await image('png'))], { key });
    const afterFirst = await storedFiles();
    const again = await submit([upload('b.png', await image('png'))], { key });
    expect(again).toMatchObject({ id: first!.id, duplicate: true });
    expect(await storedFiles()).toEqual(afterFirst);
    expect((await listAttachments(first!.id)).map((a) => a.fileName)).toEqual(['a.png']);
  });

  it('stores nothing for a customer whose enquiry is refused for an empty cart', async () => {
    const customer = await createCustomer();
    const before = await storedFiles();
    const form = new FormData();
    form.set('message', 'Quote please');
    form.set('idempotencyKey', randomUUID());
    const error = await refusal(
      submitEnquiry({
        form,
        customer: { id: customer.id, email: customer.email, name: 'Mr Lim', phone: null },
        files: [upload('a.png', await image('png'))],
        request: new Request('http://localhost:3000/cart', { method: 'POST' }),
        socketAddress: '10.9.2.1',
      }),
    );
    expect(error.message).toBe('Your cart is empty!');
    expect(await storedFiles()).toEqual(before);
  });

  it('gives a file to staff, the guest link holder and the owner only, within its own enquiry', async () => {
    const a = await submit([upload('plan.pdf', await pdf())]);
    const b = await submit([]);
    const [file] = await listAttachments(a!.id);
    expect(await getAttachmentFile({ staff: true, enquiryId: a!.id }, file!.id)).not.toBeNull();
    expect(await getAttachmentFile({ token: a!.accessToken! }, file!.id)).not.toBeNull();
    // Another enquiry's page or link, a forged link, a guest enquiry asked for as an account's.
    expect(await getAttachmentFile({ staff: true, enquiryId: b!.id }, file!.id)).toBeNull();
    expect(await getAttachmentFile({ token: b!.accessToken! }, file!.id)).toBeNull();
    expect(await getAttachmentFile({ token: 'x'.repeat(43) }, file!.id)).toBeNull();
    expect(await getAttachmentFile({ token: '../../etc' }, file!.id)).toBeNull();
    const someone = await createCustomer();
    expect(await getAttachmentFile({ userId: someone.id, enquiryId: a!.id }, file!.id)).toBeNull();
    // A customer's enquiry: its owner, and no other customer.
    const owner = await createCustomer();
    await addToCart(owner.id, product.id, 1);
    const form = new FormData();
    form.set('message', 'Court photo attached');
    form.set('idempotencyKey', randomUUID());
    const mine = await submitEnquiry({
      form,
      customer: { id: owner.id, email: owner.email, name: 'Mr Lim', phone: null },
      files: [upload('court.png', await image('png'))],
      request: new Request('http://localhost:3000/cart', { method: 'POST' }),
      socketAddress: '10.9.4.1',
    });
    const [photo] = await listAttachments(mine!.id);
    const asOwner = { userId: owner.id, enquiryId: mine!.id };
    expect((await getAttachmentFile(asOwner, photo!.id))?.fileName).toBe('court.png');
    expect(
      await getAttachmentFile({ userId: someone.id, enquiryId: mine!.id }, photo!.id),
    ).toBeNull();
    expect(await getAttachmentFile(asOwner, file!.id)).toBeNull();
    const found = await getAttachmentFile({ token: a!.accessToken! }, file!.id);
    const response = downloadResponse({ ...found!, fileName: 'Plan für Halle 2.pdf' });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Plan f_r Halle 2.pdf"; filename*=UTF-8''Plan%20f%C3%BCr%20Halle%202.pdf`,
    );
    // RFC 8187 leaves only a few marks unescaped: an apostrophe would end the charset part.
    expect(
      downloadResponse({ ...found!, fileName: "St Anne's (site) 100%.pdf" }).headers.get(
        'content-disposition',
      ),
    ).toBe(
      `attachment; filename="St Anne's (site) 100_.pdf"; filename*=UTF-8''St%20Anne%27s%20%28site%29%20100%25.pdf`,
    );
  });
});

describe('a staff reply with attachments', () => {
  it('links the files to the reply and attaches them to its e-mail', async () => {
    const enquiry = await submit([]);
    const sheet = await pdf('Spec sheet');
    const checked = await checkAttachments([upload('spec-sheet.pdf', sheet)]);
    await replyToEnquiry(staff, enquiry!.id, 'Spec sheet attached.', checked);
    const [event] = await db()
      .select({ id: enquiryEvents.id })
      .from(enquiryEvents)
      .where(eq(enquiryEvents.enquiryId, enquiry!.id));
    expect(await listAttachments(enquiry!.id)).toMatchObject([
      { owner: 'reply', eventId: event!.id, fileName: 'spec-sheet.pdf' },
    ]);
    const mails = await db()
      .select()
      .from(pendingMail)
      .where(eq(pendingMail.subject, `Re: your enquiry ${enquiry!.reference}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.attachments).toEqual([
      {
        filename: 'spec-sheet.pdf',
        contentType: 'application/pdf',
        contentBase64: sheet.toString('base64'),
      },
    ]);
  });

  it('removes the files again when the reply cannot be sent', async () => {
    const form = new FormData();
    form.set('message', 'Call me');
    form.set('phone', '+65 6123 4567');
    form.set('idempotencyKey', randomUUID());
    const phoneOnly = await submitEnquiry({
      form,
      customer: null,
      guestItems: [{ productId: product.id, quantity: 1 }],
      request: new Request('http://localhost:3000/cart', { method: 'POST' }),
      socketAddress: '10.9.3.1',
    });
    const before = await storedFiles();
    const checked = await checkAttachments([upload('spec.pdf', await pdf())]);
    const error = await refusal(replyToEnquiry(staff, phoneOnly!.id, 'Hello', checked));
    expect(error.status).toBe(409);
    expect(await storedFiles()).toEqual(before);
    expect(await listAttachments(phoneOnly!.id)).toEqual([]);
  });
});

describe('readAttachmentForm', () => {
  const post = (form: FormData) =>
    new Request('http://localhost/cart', { method: 'POST', body: form });

  it('reads the fields and the files, keeps a file over 10 MB as its name only, and counts a fourth', async () => {
    const form = new FormData();
    form.set('message', 'one\r\ntwo');
    form.append('files', new Blob(['a']), 'a.png');
    form.append('files', new Blob([new Uint8Array(MAX_ATTACHMENT_BYTES + 1)]), 'big.jpg');
    form.append('files', new Blob(['c']), 'c.pdf');
    form.append('files', new Blob(['d']), 'd.pdf');
    form.set('organisation', 'After the files');
    const read = await readAttachmentForm(post(form));
    expect(read.form.get('message')).toBe('one\ntwo');
    expect(read.form.get('organisation')).toBe('After the files');
    expect(read.form.has('files')).toBe(false);
    expect(read.files.map((f) => [f.name, f.size, f.data?.toString() ?? null])).toEqual([
      ['a.png', 1, 'a'],
      ['big.jpg', MAX_ATTACHMENT_BYTES + 1, null],
      ['c.pdf', 1, 'c'],
      ['d.pdf', 1, null],
    ]);
    expect((await refusal(checkAttachments(read.files))).message).toBe(ATTACHMENT_MESSAGES.tooMany);
  });

  it('skips an empty file input and reads an ordinary form as before', async () => {
    const form = new FormData();
    form.set('intent', 'enquire');
    form.append('files', new Blob([]), '');
    expect((await readAttachmentForm(post(form))).files).toEqual([]);
    const plain = await readAttachmentForm(
      new Request('http://localhost/cart', {
        method: 'POST',
        body: new URLSearchParams({ intent: 'add', productId: '3' }),
      }),
    );
    expect(plain.form.get('productId')).toBe('3');
    expect(plain.files).toEqual([]);
  });
});

describe('cleanFileName', () => {
  it.each([
    ['../../etc/passwd', 'pdf', 'passwd.pdf'],
    ['C:\\fakepath\\Site Photo.JPEG', 'jpg', 'Site Photo.JPEG'],
    ['PLAN.PDF', 'pdf', 'PLAN.PDF'],
    ['photo\u202Egpj.exe', 'jpg', 'photogpj.jpg'],
    ['line\nbreak\ttab.png', 'png', 'line break tab.png'],
    ['plan.png', 'pdf', 'plan.pdf'],
    ['Site plan rev.3', 'pdf', 'Site plan rev.3.pdf'],
    ['.hidden', 'png', 'hidden.png'],
    ['', 'webp', 'attachment.webp'],
    ['陈伟明 球场.jpg', 'jpg', '陈伟明 球场.jpg'],
  ])('%j as %s is %j', (sent, ext, clean) => {
    expect(cleanFileName(sent, ext)).toBe(clean);
  });

  it('keeps at most 120 characters, the extension included', () => {
    const name = cleanFileName(`${'é'.repeat(300)}.pdf`, 'pdf');
    expect([...name]).toHaveLength(120);
    expect(name.endsWith('é.pdf')).toBe(true);
  });
});
