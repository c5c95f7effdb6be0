// The buyer's answer to a quotation: a guest accepts from the e-mailed link with a PO file (with
// JavaScript, and with none), a refused file and a stale tab say why; a signed-in customer asks
// for changes from My Orders, gets a revision and declines it; staff read each answer in the
// timeline and download the PO. (The expired and superseded link pages, which need a clock or
// data this server cannot be given, are in tests/integration/quotation-link.test.ts.)
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, failPosts, hydrated, mailsAbout, test, type Page } from './test';
import { customerPage, openEnquiry, quotationLink, staffPage } from './people';
import { expectNoSeriousViolations } from './axe';

/** A 4×4 PNG (what a phone's scan of a PO is, in small). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWP4jwQYiOMAANuQL9HsugRzAAAAAElFTkSuQmCC',
  'base64',
);

/** Sends an enquiry for product 3 from the cart; a guest fills the contact dialog. */
async function sendEnquiry(page: Page, contact: { email?: string; organisation: string }) {
  await page.goto('/products/3');
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart').first()).toBeVisible();
  await page.goto('/cart');
  await hydrated(page);
  await page.getByLabel('Message').fill('Please quote, delivery in March.');
  if (!contact.email) await page.getByLabel(/^Organisation/).fill(contact.organisation);
  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  if (contact.email) {
    const dialog = page.getByRole('dialog', { name: 'Contact Information' });
    await dialog.getByLabel('Email').fill(contact.email);
    await dialog.getByLabel('Organisation (optional)').fill(contact.organisation);
    await dialog.getByRole('button', { name: 'Submit' }).click();
  }
  await expect(
    page.getByRole('heading', { name: 'Thank you, your enquiry has been sent' }),
  ).toBeVisible();
  return (await page.getByTestId('enquiry-reference').textContent())!;
}

/**
 * Staff price the enquiry's item at 1,250.50 and send revision `n` from the enquiry's page (the
 * one place this spec depends on the quotation editor). Returns its number.
 */
async function sendQuotation(staff: Page, reference: string, n = 1) {
  await staff
    .getByRole('link', { name: /quotation/ })
    .first()
    .click();
  const number = `Q-${reference}-${n}`;
  await expect(staff.getByRole('heading', { name: `Quotation ${number}` })).toBeVisible();
  await hydrated(staff);
  await staff
    .getByLabel(/^Unit price \(S\$\) for /)
    .first()
    .fill(n === 1 ? '1,250.50' : '1,100');
  await staff.getByRole('button', { name: 'Send quotation' }).click();
  await expect(staff.getByRole('status').filter({ hasText: `${number} sent` })).toBeVisible();
  return number;
}

async function screenshots(page: Page, name: string) {
  const dir = path.join('test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

const ACCEPTED_BY = 'Tan Ah Kow';
const DESIGNATION = 'Head of Department (PE)';

async function fillAcceptance(
  page: Page,
  file?: { name: string; mimeType: string; buffer: Buffer },
) {
  const form = page.getByRole('form', { name: 'Accept this quotation' });
  await form.getByLabel('Your name').fill(ACCEPTED_BY);
  await form.getByLabel('Designation').fill(DESIGNATION);
  await form.getByLabel('PO number (optional)').fill('4500012345');
  if (file) await form.getByLabel('Purchase order file (optional)').setInputFiles(file);
  return form;
}

test('a guest accepts from the link with a PO file; a file that is not a PDF and a stale tab are refused; staff see who and download the PO', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const guest = await (await browser.newContext()).newPage();
  const email = `po-${randomUUID().slice(0, 8)}@school.example`;
  const reference = await sendEnquiry(guest, { email, organisation: 'Bedok Primary School' });
  const staff = await staffPage(browser);
  await openEnquiry(staff, reference);
  const number = await sendQuotation(staff, reference);
  const link = await quotationLink(number);

  const response = await guest.goto(link);
  // The address is the key: it must not leak, linger or be indexed.
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await hydrated(guest);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(`Quotation ${number}`);
  await expect(guest.getByText('Awaiting reply')).toBeVisible();
  // 1,250.50 + 9% GST (112.545 → 112.55): the total including GST, the largest figure.
  const total = guest.getByTestId('total-incl-gst');
  await expect(total).toHaveText('S$1,363.05');
  const size = (text: string) =>
    guest
      .getByText(text, { exact: true })
      .first()
      .evaluate((e) => getComputedStyle(e).fontSize);
  expect(parseFloat(await size('S$1,363.05'))).toBeGreaterThan(
    parseFloat(await size('S$1,250.50')),
  );
  await expectNoSeriousViolations(guest);
  await screenshots(guest, 'quotation-link-open');

  // The PDF through the same link: downloaded, never shown inline, kept by no cache.
  const pdf = await guest.request.get(
    (await guest
      .getByRole('link', { name: 'Download this quotation (PDF)' })
      .getAttribute('href'))!,
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-disposition']).toMatch(/^attachment; filename="Q-.*-1\.pdf"/);
  expect(pdf.headers()['x-content-type-options']).toBe('nosniff');
  expect(pdf.headers()['cache-control']).toContain('no-store');
  const poPdf = await pdf.body();

  // A second tab, opened before the answer, still shows the forms.
  const stale = await guest.context().newPage();
  await stale.goto(link);
  await hydrated(stale);

  // A text file named .pdf: refused by its content, with the typed fields kept.
  let form = await fillAcceptance(guest, {
    name: 'po.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('Not a PDF, just a note saying PO 4500012345.'),
  });
  await form.getByRole('button', { name: `Accept ${number}` }).click();
  await expect(form.getByText('The purchase order must be a PDF, JPEG or PNG file.')).toBeVisible();
  await expect(form.getByLabel('Your name')).toHaveValue(ACCEPTED_BY);
  await expect(form.getByLabel('Purchase order file (optional)')).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  // The connection drops as it is sent: the page stays, with everything typed and chosen.
  const failed = await failPosts(guest, '**/quotations/*.data*');
  form = await fillAcceptance(guest, {
    name: 'PO-4500012345.pdf',
    mimeType: 'application/pdf',
    buffer: poPdf,
  });
  await form.getByRole('button', { name: `Accept ${number}` }).click();
  await expect.poll(() => failed.length).toBe(1);
  await expect(
    guest.getByRole('alert').filter({ hasText: 'Something went wrong. Please try again.' }),
  ).toBeVisible();
  await expect(form.getByLabel('Designation')).toHaveValue(DESIGNATION);
  expect(
    await form
      .getByLabel('Purchase order file (optional)')
      .evaluate((input: HTMLInputElement) => input.files?.[0]?.name),
  ).toBe('PO-4500012345.pdf');
  await guest.unroute('**/quotations/*.data*');
  await form.getByRole('button', { name: `Accept ${number}` }).click();
  const notice = guest.getByRole('status').filter({ hasText: 'your acceptance of' });
  await expect(notice).toContainText(`Thank you: your acceptance of ${number} is recorded`);
  await expect(notice).toBeFocused();
  await expect(
    guest.getByText(
      new RegExp(
        `Accepted on .* by ${ACCEPTED_BY}, Head of Department \\(PE\\) \\(PO 4500012345\\)`,
      ),
    ),
  ).toBeVisible();
  await expect(guest.getByRole('button', { name: `Accept ${number}` })).toHaveCount(0);
  await expectNoSeriousViolations(guest);
  await screenshots(guest, 'quotation-link-accepted');

  // The stale tab's acceptance is refused: the revision was answered meanwhile.
  form = await fillAcceptance(stale);
  await form.getByRole('button', { name: `Accept ${number}` }).click();
  await expect(
    stale.getByText(`Quotation ${number} was already accepted on`, { exact: false }),
  ).toBeVisible();

  // Both sides are told.
  const subject = `Quotation ${number} accepted by ${ACCEPTED_BY}`;
  await expect.poll(() => mailsAbout(subject).length).toBe(2);
  expect(mailsAbout(subject).some((m) => m.includes(`To: ${email}`))).toBe(true);
  expect(mailsAbout(subject).some((m) => m.includes('PO file: PO-4500012345.pdf'))).toBe(true);

  // Staff: the timeline says who, with the PO and its file; the revision reads Accepted.
  await staff.goto(staff.url().replace(/\/quotation.*$/, ''));
  const timeline = staff.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText(
    `${ACCEPTED_BY}, ${DESIGNATION}, accepted quotation ${number} with PO 4500012345 and it moved to In progress`,
  );
  await expect(staff.getByRole('region', { name: 'Quotations' })).toContainText('Accepted');
  const po = timeline.getByRole('link', { name: /Purchase order: PO-4500012345\.pdf/ });
  const download = await staff.request.get((await po.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  expect(download.headers()['content-disposition']).toContain(
    'attachment; filename="PO-4500012345.pdf"',
  );
  expect(download.headers()['x-content-type-options']).toBe('nosniff');
  expect(download.headers()['cache-control']).toBe('no-store');
  expect((await download.body()).equals(poPdf)).toBe(true);
  // Nobody else gets the file: a guest is sent to sign in, the buyer has no way to it.
  const guestTry = await guest.request.get((await po.getAttribute('href'))!, { maxRedirects: 0 });
  expect(guestTry.status()).toBe(302);
  await expectNoSeriousViolations(staff);
  await screenshots(staff, 'staff-enquiry-accepted');
});

test('without JavaScript a guest accepts with a PO scan; a missing designation comes back with what was typed', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const sender = await (await browser.newContext()).newPage();
  const email = `nojs-${randomUUID().slice(0, 8)}@school.example`;
  const reference = await sendEnquiry(sender, { email, organisation: 'Tampines Secondary' });
  const staff = await staffPage(browser);
  await openEnquiry(staff, reference);
  const number = await sendQuotation(staff, reference);
  const link = await quotationLink(number);

  const plain = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await plain.goto(link);
  const form = plain.getByRole('form', { name: 'Accept this quotation' });
  await form.getByLabel('Your name').fill(ACCEPTED_BY);
  await form.getByLabel('PO number (optional)').fill('PO-NOJS-1');
  await form.getByRole('button', { name: `Accept ${number}` }).click();
  await expect(
    form.getByText('Enter their designation, such as Head of Department (PE).'),
  ).toBeVisible();
  await expect(form.getByLabel('Your name')).toHaveValue(ACCEPTED_BY);
  await expect(form.getByLabel('PO number (optional)')).toHaveValue('PO-NOJS-1');

  await form.getByLabel('Designation').fill(DESIGNATION);
  await form
    .getByLabel('Purchase order file (optional)')
    .setInputFiles({ name: 'po-scan.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: `Accept ${number}` }).click();
  await expect(plain).toHaveURL(/\?answered=accepted$/);
  await expect(plain.getByRole('status')).toContainText(`your acceptance of ${number} is recorded`);
  await expect(plain.getByText('Accepted', { exact: true }).first()).toBeVisible();

  await staff.reload();
  const timeline = staff.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText(`accepted quotation ${number} with PO PO-NOJS-1`);
  await expect(timeline.getByRole('link', { name: /Purchase order: po-scan\.png/ })).toBeVisible();
});

test('a signed-in customer asks for changes from My Orders, gets a revision and declines it; nobody else can answer', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const customer = await customerPage(browser);
  const reference = await sendEnquiry(customer, { organisation: 'Pasir Ris Sports Club' });
  await expect(customer).toHaveURL(/\/orders\/\d+/);
  const own = new URL(customer.url()).pathname;
  const staff = await staffPage(browser);
  await openEnquiry(staff, reference);
  const first = await sendQuotation(staff, reference);

  await customer.goto(own);
  await hydrated(customer);
  const latest = customer.getByRole('region', { name: 'Latest quotation' });
  await expect(latest.getByRole('heading', { name: first })).toBeVisible();
  await latest.getByText('Ask for changes', { exact: true }).first().click();
  const changes = latest.getByRole('button', { name: 'Ask for changes' });
  await changes.click();
  await expect(latest.getByText('Tell us what you would like changed.')).toBeVisible();
  await latest.getByLabel('What would you like changed?').fill('Please add a second set of nets.');
  await changes.click();
  await expect(customer.getByRole('status')).toContainText(
    `Your request for changes to ${first} is with our team`,
  );
  await expect(latest.getByText('Changes requested').first()).toBeVisible();
  await expect(customer.getByRole('region', { name: 'What happens next' })).toContainText(
    `You asked for changes to quotation ${first}`,
  );
  await expect(customer.getByRole('region', { name: 'Updates' })).toContainText(
    'Please add a second set of nets.',
  );
  await expectNoSeriousViolations(customer);
  await screenshots(customer, 'my-orders-changes-requested');

  // Staff: the request, back In progress ("waiting for us"); they answer with revision 2.
  await staff.reload();
  const timeline = staff.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toContainText(
    `asked for changes to quotation ${first} and it moved to In progress`,
  );
  await expect(timeline).toContainText('Please add a second set of nets.');
  const second = await sendQuotation(staff, reference, 2);

  // The customer answers the newer revision; the first reads as replaced.
  await customer.goto(own);
  await hydrated(customer);
  await expect(latest.getByRole('heading', { name: second })).toBeVisible();
  await expect(
    customer
      .getByRole('region', { name: 'Quotations' })
      .getByRole('listitem')
      .filter({ hasText: first }),
  ).toContainText('Replaced by a newer revision');
  await latest.getByText('Decline this quotation', { exact: true }).click();
  await latest.getByLabel('Reason (optional)').selectOption('Price');
  await latest
    .getByLabel('Anything you would like to tell us (optional)')
    .fill('Over this year’s budget.');
  await latest.getByRole('button', { name: 'Decline quotation' }).click();
  await expect(customer.getByRole('status')).toContainText(`you declined ${second}`);
  await expect(latest.getByText('Declined', { exact: true }).first()).toBeVisible();
  await expect(latest.getByRole('button', { name: /^Accept/ })).toHaveCount(0);

  await staff.reload();
  await expect(timeline).toContainText(`declined quotation ${second}`);
  await expect(timeline).toContainText('Price: Over this year’s budget.');
  await expect.poll(() => mailsAbout(`Quotation ${second} declined`).length).toBe(2);

  // Another customer cannot answer through this page (404, nothing recorded).
  const other = await customerPage(browser);
  const id = own.split('/').pop()!;
  const refused = await other.request.post(own, {
    form: { intent: 'changes', quotationId: id, message: 'Let me in.' },
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(404);
  await staff.reload();
  await expect(timeline).not.toContainText('Let me in.');
});
