// The whole sale, once as a guest and once as a signed-in customer: an enquiry with a file →
// a quotation with a free line and a discount → the buyer asks for changes → a revision → the
// buyer accepts it with a PO file (the customer without JavaScript) → staff confirm the order →
// the tax invoice → paid, and the buyer finds the invoice on their own page. The pieces are
// tested on their own in quotation, quotations, attachments and orders; this is the thread.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect, hydrated, mailsAbout, test, type Browser, type Page } from './test';
import { pdfText } from '../pdf/text';
import { onePagePdf } from './files';
import { customerPage, openEnquiry, quotationLink, staffPage } from './people';

// Two sides, a dozen pages and two PDFs each: minutes on a loaded 2-core machine.
test.describe.configure({ timeout: 240_000 });

const PHOTO = await sharp({
  create: { width: 60, height: 40, channels: 3, background: '#3a7' },
})
  .png()
  .toBuffer();

const GOAL = 'Aluminium Football Goalposts (Full Size)';

/** The goalposts in the cart, a site photo attached, and the enquiry sent; returns its reference. */
async function enquireWithPhoto(page: Page, guest?: { email: string; organisation: string }) {
  await page.goto('/products/3');
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart').first()).toBeVisible();
  await page.goto('/cart');
  await hydrated(page);
  await page.getByLabel('Message').fill('Goalposts for the school field; photo of the site.');
  await page
    .getByLabel('Photos or drawings (optional)')
    .setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: PHOTO });
  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  if (guest) {
    const dialog = page.getByRole('dialog', { name: 'Contact Information' });
    await dialog.getByLabel('Email').fill(guest.email);
    await dialog.getByLabel('Organisation (optional)').fill(guest.organisation);
    await dialog.getByRole('button', { name: 'Submit' }).click();
  }
  await expect(
    page.getByRole('heading', { name: 'Thank you, your enquiry has been sent' }),
  ).toBeVisible();
  return (await page.getByTestId('enquiry-reference').textContent())!;
}

/**
 * Revision 1: the goalposts at S$1,000, installation as a free line at S$450, 5% off the whole:
 * 1,450 − 72.50 = 1,377.50; GST 9% 123.98; S$1,501.48 in all.
 */
async function sendFirstQuotation(staff: Page, reference: string) {
  await staff
    .getByRole('link', { name: /quotation/ })
    .first()
    .click();
  await expect(staff.getByRole('heading', { name: `Quotation Q-${reference}-1` })).toBeVisible();
  await hydrated(staff);
  await staff.getByLabel(`Unit price (S$) for ${GOAL}`).fill('1,000');
  await staff.getByLabel('Extra line 1 description').fill('Installation on site');
  await staff.getByLabel('Unit price (S$) of extra line 1').fill('450');
  await staff.getByLabel('Discount (optional) on the whole quotation').fill('5');
  await expect(staff.getByTestId('total')).toHaveText('S$1,501.48');
  await staff.getByRole('button', { name: 'Send quotation' }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: `Quotation Q-${reference}-1 sent` }),
  ).toBeVisible();
}

/** Revision 2 after the buyer's request: installation at S$400, so S$1,449.70 in all. */
async function sendRevision(staff: Page, reference: string) {
  await openEnquiry(staff, reference);
  await expect(staff.getByRole('region', { name: 'Timeline' })).toContainText(
    'Please include the installation in one visit.',
  );
  await staff
    .getByRole('link', { name: /quotation/ })
    .first()
    .click();
  await expect(staff.getByRole('heading', { name: `Quotation Q-${reference}-2` })).toBeVisible();
  await hydrated(staff);
  await staff.getByLabel('Unit price (S$) of extra line 1').fill('400');
  await expect(staff.getByTestId('total')).toHaveText('S$1,449.70');
  await staff.getByRole('button', { name: 'Send quotation' }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: `Quotation Q-${reference}-2 sent` }),
  ).toBeVisible();
}

/** Fills the acceptance form with a PO number and file, and sends it. */
async function accept(page: Page, number: string, po: string, file: Buffer) {
  const form = page.getByRole('form', { name: 'Accept this quotation' });
  await form.getByLabel('Your name').fill('Tan Ah Kow');
  await form.getByLabel('Designation').fill('Head of Department (PE)');
  await form.getByLabel('PO number (optional)').fill(po);
  await form
    .getByLabel('Purchase order file (optional)')
    .setInputFiles({ name: `${po}.pdf`, mimeType: 'application/pdf', buffer: file });
  await form.getByRole('button', { name: `Accept ${number}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'your acceptance of' })).toContainText(
    `your acceptance of ${number} is recorded`,
  );
}

/**
 * Staff take the accepted revision to paid: confirm the order, schedule and deliver it, issue
 * the tax invoice and mark it paid. Returns the invoice's number.
 */
async function orderToPaid(staff: Page, reference: string, quotation: string): Promise<string> {
  await openEnquiry(staff, reference);
  await expect(staff.getByRole('list', { name: 'Files from the customer' })).toContainText(
    'site.png',
  );
  await staff.getByRole('button', { name: `Confirm order (${quotation} accepted)` }).click();
  await expect(staff.getByRole('heading', { name: `Order SO-${reference}` })).toBeVisible();
  await hydrated(staff);
  const tomorrow = new Date(Date.now() + 32 * 3_600_000).toISOString().slice(0, 10);
  await staff.getByLabel('Delivery or installation day').fill(tomorrow);
  await staff.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(staff.getByText('Scheduled. The buyer is told by e-mail.').first()).toBeVisible();
  await staff.getByRole('button', { name: 'Mark delivered / installed' }).click();
  await expect(
    staff.getByText('Marked delivered / installed. The buyer is told by e-mail.').first(),
  ).toBeVisible();
  await staff.getByRole('button', { name: 'Issue tax invoice' }).click();
  // Issuing renders the PDF with its embedded fonts: seconds on a loaded 2-core machine.
  const documents = staff.getByRole('region', { name: 'Invoices and credit notes' });
  await expect(documents).toContainText(/Tax invoice INV-\d{4}-\d{5}/, { timeout: 30_000 });
  const invoice = (await documents.textContent())!.match(/INV-\d{4}-\d{5}/)![0]!;
  await staff.getByRole('button', { name: 'Mark paid' }).click();
  await expect(staff.getByText('Paid: nothing more to do.')).toBeVisible();
  return invoice;
}

/** The buyer's page lists the order as paid and gives the invoice, which says what it must. */
async function buyerHasInvoice(page: Page, invoice: string, po: string) {
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
  const link = page.getByRole('link', { name: new RegExp(invoice) }).first();
  const response = await page.request.get((await link.getAttribute('href'))!);
  expect(response.status()).toBe(200);
  const body = await response.body();
  // Kept beside the test's results, for a person to look at.
  writeFileSync(test.info().outputPath(`${invoice}.pdf`), body);
  const { text } = await pdfText(body);
  for (const expected of ['Tax Invoice', invoice, po, 'Installation on site', 'S$1,449.70'])
    expect(text, expected).toContain(expected);
}

test('a guest: enquiry with a photo, quotation, changes, revision, acceptance with a PO, order, invoice, paid', async ({
  page,
  browser,
}) => {
  const email = `loop-${randomUUID().slice(0, 8)}@school.example`;
  const reference = await enquireWithPhoto(page, { email, organisation: 'Bedok Primary School' });
  const ownPage = page.url();
  const staff = await staffPage(browser);
  await openEnquiry(staff, reference);
  await sendFirstQuotation(staff, reference);

  // The guest asks for changes from the e-mailed link.
  const first = await quotationLink(`Q-${reference}-1`);
  await page.goto(first);
  await hydrated(page);
  await page.getByText('Ask for changes', { exact: true }).first().click();
  await page
    .getByLabel('What would you like changed?')
    .fill('Please include the installation in one visit.');
  await page.getByRole('button', { name: 'Ask for changes' }).click();
  await expect(page.getByRole('status')).toContainText('is with our team');

  await sendRevision(staff, reference);
  // The first link no longer accepts; the revision's link does, with the PO file.
  await page.goto(first);
  await expect(page.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
  await page.goto(await quotationLink(`Q-${reference}-2`));
  await hydrated(page);
  const quotation = await page.request.get(
    (await page.getByRole('link', { name: 'Download this quotation (PDF)' }).getAttribute('href'))!,
  );
  const quoted = await quotation.body();
  writeFileSync(test.info().outputPath(`Q-${reference}-2.pdf`), quoted);
  for (const expected of [
    'Quotation',
    `Q-${reference}-2`,
    `Replaces Q-${reference}-1`,
    'Installation on site',
    'Total including GST (SGD) S$1,449.70',
  ])
    expect((await pdfText(quoted)).text, expected).toContain(expected);
  await accept(page, `Q-${reference}-2`, 'PO-GUEST-77', onePagePdf());

  const invoice = await orderToPaid(staff, reference, `Q-${reference}-2`);
  await page.goto(ownPage);
  await buyerHasInvoice(page, invoice, 'PO-GUEST-77');
  await expect.poll(() => mailsAbout(`Payment received for order SO-${reference}`).length).toBe(1);
});

test('a signed-in customer, accepting without JavaScript from My Orders', async ({ browser }) => {
  const customer = await customerPage(browser);
  const reference = await enquireWithPhoto(customer);
  await expect(customer).toHaveURL(/\/orders\/\d+/);
  const own = new URL(customer.url()).pathname;
  const staff = await staffPage(browser);
  await openEnquiry(staff, reference);
  await sendFirstQuotation(staff, reference);

  await customer.goto(own);
  await hydrated(customer);
  const latest = customer.getByRole('region', { name: 'Latest quotation' });
  await latest.getByText('Ask for changes', { exact: true }).first().click();
  await latest
    .getByLabel('What would you like changed?')
    .fill('Please include the installation in one visit.');
  await latest.getByRole('button', { name: 'Ask for changes' }).click();
  await expect(customer.getByRole('status')).toContainText('is with our team');

  await sendRevision(staff, reference);

  // The same account in a browser without JavaScript accepts the revision.
  const plain = await noScripts(browser, customer);
  await plain.goto(own);
  const number = `Q-${reference}-2`;
  await expect(
    plain.getByRole('region', { name: 'Latest quotation' }).getByRole('heading', { name: number }),
  ).toBeVisible();
  await accept(plain, number, 'PO-CUST-88', onePagePdf());
  await expect(plain).toHaveURL(/\?answered=accepted$/);

  const invoice = await orderToPaid(staff, reference, number);
  await plain.goto(own);
  await buyerHasInvoice(plain, invoice, 'PO-CUST-88');
});

/** A page for the same account in a browser context without JavaScript. */
async function noScripts(browser: Browser, page: Page): Promise<Page> {
  const storageState = await page.context().storageState();
  return (await browser.newContext({ javaScriptEnabled: false, storageState })).newPage();
}
