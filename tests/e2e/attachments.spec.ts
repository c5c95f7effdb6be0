// Attachments both ways: a guest attaches files with JavaScript (checked before sending, listed
// with Remove buttons), a signed-in customer without it, staff reply with a PDF; each audience
// downloads through its own route and nobody else can; a refused file says why under the field.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, hydrated, mailsAbout, test, type Page } from './test';
import { onePagePdf } from './files';
import { customerPage, staffPage } from './people';
import { expectNoSeriousViolations } from './axe';

/** A small PNG. */
const PNG = await sharp({
  create: { width: 40, height: 30, channels: 3, background: '#2a6' },
})
  .png()
  .toBuffer();
const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });
const LONG_NAME = 'Bedok Green Primary School field, north side, before the works (12 March).png';

async function addProduct(page: Page, id: number) {
  await page.goto(`/products/${id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart').first()).toBeVisible();
}

/** The download a link starts: its name and bytes. */
async function download(page: Page, name: string) {
  const started = page.waitForEvent('download');
  await page.getByRole('link', { name: new RegExp(`^${name}`) }).click();
  const done = await started;
  const saved = await done.path();
  return { name: done.suggestedFilename(), bytes: readFileSync(saved) };
}

test('a guest attaches files with JavaScript: checked, listed, sent, and downloaded through the link', async ({
  page,
  browser,
}) => {
  // The guest's whole way, then staff's: about 15 s on an idle machine.
  test.setTimeout(60_000);
  await addProduct(page, 3);
  await page.goto('/cart');
  await hydrated(page);
  await page.getByLabel('Message').fill('Photos of the field and the site plan attached.');
  const field = page.getByLabel('Photos or drawings (optional)');
  await field.setInputFiles([
    file('field.png', 'image/png', PNG),
    file('site plan.pdf', 'application/pdf', onePagePdf()),
  ]);
  const chosen = page.getByRole('list', { name: 'Chosen files' });
  await expect(chosen.getByRole('listitem')).toHaveText([/field\.png/, /site plan\.pdf/]);

  // Refused before sending: a text file named .pdf, and a fourth file.
  await field.setInputFiles([file('notes.pdf', 'application/pdf', Buffer.from('just text'))]);
  await expect(field).toHaveAccessibleDescription(
    /"?notes\.pdf"? is not a JPEG, PNG, WebP or PDF file\./,
  );
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await field.setInputFiles([
    file(LONG_NAME, 'image/png', PNG),
    file('extra.png', 'image/png', PNG),
  ]);
  await expect(page.getByText('Attach at most 3 files.')).toBeVisible();
  await expect(chosen.getByRole('listitem')).toHaveCount(3);
  // A long name is cut short in the list: on a phone the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(chosen.getByRole('listitem').nth(2)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  // Removing one gives its place back, and the focus moves to the next Remove button.
  await page.getByRole('button', { name: `Remove ${LONG_NAME}` }).click();
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Remove site plan.pdf' })).toBeFocused();
  await expectNoSeriousViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page
      .getByRole('region', { name: 'Order Summary' })
      .screenshot({ path: path.join('test-results', 'screenshots', `cart-files-${width}.png`) });
  }

  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Information' });
  const email = `guest-files-${randomUUID().slice(0, 8)}@school.example`;
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/enquiries\/[\w-]{43}/);
  await hydrated(page);
  const files = page.getByRole('list', { name: 'Files from you' });
  await expect(files.getByRole('link')).toHaveCount(2);
  await expectNoSeriousViolations(page);
  const got = await download(page, 'site plan.pdf');
  expect(got.name).toBe('site plan.pdf');
  expect(got.bytes.equals(onePagePdf())).toBe(true);

  // Whoever holds the link gets the file, as a download nobody caches; a wrong link gets a 404.
  const href = (await files.getByRole('link', { name: /^field\.png/ }).getAttribute('href'))!;
  const stranger = await browser.newContext();
  const response = await stranger.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  expect(response.headers()['content-disposition']).toContain(`filename*=UTF-8''field.png`);
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  // One Cache-Control, the link's own (a route adding its no-store would double it).
  expect(response.headers()['cache-control']).toBe('private, no-store');
  const forged = href.replace(/\/enquiries\/[\w-]{43}\//, `/enquiries/${'A'.repeat(43)}/`);
  expect((await stranger.request.get(forged)).status()).toBe(404);
  await stranger.close();

  // Staff see the files on the enquiry's page and download them.
  const reference = (await page.getByTestId('enquiry-reference').textContent())!;
  const staff = await staffPage(browser);
  await staff.goto(`/admin/enquiries?q=${reference}`);
  await staff.getByRole('link', { name: reference }).first().click();
  await expect(staff.getByRole('heading', { name: `Enquiry ${reference}` })).toBeVisible();
  const fromCustomer = staff.getByRole('list', { name: 'Files from the customer' });
  await expect(fromCustomer.getByRole('link')).toHaveCount(2);
  const photo = await download(staff, 'field.png');
  expect((await sharp(photo.bytes).metadata()).format).toBe('png');
  const staffHref = fromCustomer.getByRole('link', { name: /^field\.png/ });
  const asStaff = await staff.request.get((await staffHref.getAttribute('href'))!);
  expect(asStaff.headers()['cache-control']).toBe('no-store');
  expect(asStaff.headers()['x-content-type-options']).toBe('nosniff');
  // The company's notification names them.
  expect(mailsAbout(reference).some((m) => m.includes('field.png, site plan.pdf'))).toBe(true);
  await staff.context().close();
});

test('a signed-in customer attaches a file without JavaScript; a refused file says why and keeps the message', async ({
  browser,
}) => {
  const page = await customerPage(browser, { javaScriptEnabled: false });
  await page.goto('/products/2');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart/);
  await page.getByLabel('Message').fill('Our hall, see the drawing.');
  const field = page.getByLabel('Photos or drawings (optional)');
  // First an HTML page named .png: the server refuses it by its content.
  await field.setInputFiles([
    file('hall.png', 'image/png', Buffer.from('<!doctype html><p>not an image</p>')),
  ]);
  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('"hall.png" is not a JPEG, PNG, WebP or PDF file.')).toBeVisible();
  await expect(page.getByText('Your files were not kept: please choose them again.')).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('Our hall, see the drawing.');

  await field.setInputFiles([file('hall drawing.pdf', 'application/pdf', onePagePdf())]);
  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?sent=1$/);
  const files = page.getByRole('list', { name: 'Files from you' });
  await expect(files.getByRole('link')).toHaveText([/hall drawing\.pdf/]);
  const href = (await files.getByRole('link').getAttribute('href'))!;
  expect(href).toMatch(/^\/orders\/\d+\/files\/\d+$/);
  const mine = await page.request.get(href);
  expect(mine.status()).toBe(200);
  expect((await mine.body()).equals(onePagePdf())).toBe(true);

  // Another customer, and a guest, get nothing.
  const other = await customerPage(browser);
  expect((await other.request.get(href)).status()).toBe(404);
  const guest = await browser.newContext();
  const asGuest = await guest.request.get(href, { maxRedirects: 0 });
  expect([302, 401, 404]).toContain(asGuest.status());
  await guest.close();
  await other.context().close();
  await page.context().close();
});

test('staff reply with a PDF: the customer gets it by e-mail and with the reply on their page', async ({
  browser,
}) => {
  // A customer's enquiry, staff's reply, the customer's download: about 15 s on an idle machine.
  test.setTimeout(60_000);
  const customer = await customerPage(browser);
  await addProduct(customer, 3);
  await customer.goto('/cart');
  await hydrated(customer);
  await customer.getByLabel('Message').fill('Which net fits these posts?');
  await customer.getByRole('button', { name: 'ENQUIRE' }).click();
  await expect(customer).toHaveURL(/\/orders\/\d+/);
  const enquiryUrl = new URL(customer.url()).pathname;
  const reference = (await customer.getByTestId('enquiry-reference').textContent())!;

  const staff = await staffPage(browser);
  await staff.goto(`/admin/enquiries?q=${reference}`);
  await staff.getByRole('link', { name: reference }).first().click();
  await hydrated(staff);
  await staff.getByLabel('Reply to the customer').fill('The spec sheet is attached.');
  const field = staff.getByLabel('Files (optional)');
  await field.setInputFiles([file('net spec sheet.pdf', 'application/pdf', onePagePdf())]);
  await expect(staff.getByRole('list', { name: 'Chosen files' })).toContainText(
    'net spec sheet.pdf',
  );
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText(/^Reply sent to /).first()).toBeVisible();
  // The form is cleared, files too; the timeline shows the reply with its file.
  await expect(staff.getByRole('list', { name: 'Chosen files' })).toHaveCount(0);
  const sent = staff.getByRole('list', { name: 'Files sent with this reply' });
  await expect(sent.getByRole('link')).toHaveText([/net spec sheet\.pdf/]);
  await expectNoSeriousViolations(staff);

  // The e-mail carries the file.
  await expect
    .poll(() => mailsAbout(`Re: your enquiry ${reference}`).join(''))
    .toContain('net spec sheet.pdf');
  const mail = mailsAbout(`Re: your enquiry ${reference}`)[0]!;
  expect(mail).toMatch(/Content-Disposition: attachment;\s+filename="net spec sheet\.pdf"/);

  await customer.goto(enquiryUrl);
  await hydrated(customer);
  const withReply = customer.getByRole('list', { name: 'Files sent with this reply' });
  await expect(withReply.getByRole('link')).toHaveText([/net spec sheet\.pdf/]);
  const got = await download(customer, 'net spec sheet.pdf');
  expect(got.bytes.equals(onePagePdf())).toBe(true);
  await expectNoSeriousViolations(customer);

  // A file of another enquiry is not reachable through this one's address.
  const href = (await withReply.getByRole('link').getAttribute('href'))!;
  const fileId = href.split('/').pop();
  const own = await customer.request.get(href);
  expect(own.headers()['content-disposition']).toMatch(/^attachment; /);
  expect(own.headers()['cache-control']).toBe('no-store');
  const elsewhere = await customer.request.get(`/orders/1/files/${fileId}`);
  expect(elsewhere.status()).toBe(404);
  await staff.context().close();
  await customer.context().close();
});
