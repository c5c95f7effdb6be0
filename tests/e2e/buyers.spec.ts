// The buyer's rough edges and the staff's view of customers, on the demo shop: related products
// and "View cart" on the product page, a delivery address sent with an enquiry, the printed
// confirmation's letterhead, the staff notice's link, the dashboard as a to-do list, the customer
// list and page, a guest's link showing the conversation and every quotation, the header's cart
// count and the enquiry form's messages without JavaScript, the account menu, and no buttons in
// capitals.
import { randomUUID } from 'node:crypto';
import { expectNoSeriousViolations } from './axe';
import { staffPage } from './people';
import { expect, hydrated, mailsAbout, test, type Page } from './test';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const GOAL_ID = 3;
const email = `site-${randomUUID().slice(0, 8)}@school.example`;
const organisation = `Bedok View ${randomUUID().slice(0, 6)}`;
const address = 'Blk 5 Jalan Bukit Merah\n#03-01, Singapore 150005';
let reference = '';
let link = '';

/** A screenshot at phone and desktop width, for a person to look at (test-results/). */
async function pictures(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Nothing scrolls sideways at either width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The text of every button on the page that is shouted: written in capitals or styled so. */
async function shoutedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, [role="button"], input[type="submit"]')]
      .map((b) => ({
        text: (b instanceof HTMLInputElement ? b.value : (b.textContent ?? '')).trim(),
        styled: getComputedStyle(b).textTransform === 'uppercase',
      }))
      .filter(
        ({ text, styled }) =>
          (styled && /[a-z]/i.test(text)) ||
          (/[A-Z]{2,}/.test(text) && text === text.toUpperCase() && text.length > 3),
      )
      .map(({ text }) => text),
  );
}

test('a guest sees related products, goes to the cart from the toast and enquires with a delivery address', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/products/${GOAL_ID}`);
  await hydrated(page);
  const related = page.getByRole('region', { name: 'Related products' });
  await expect(related.getByRole('link').first()).toBeVisible();
  const hrefs = await related
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs.length).toBeLessThanOrEqual(4);
  expect(hrefs).not.toContain(`/products/${GOAL_ID}`);
  await pictures(page, 'product-related');

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart').first()).toBeVisible();
  await page.getByRole('button', { name: 'View cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { name: 'My Cart' })).toBeVisible();
  await expect(page.getByText('checkout')).toHaveCount(0);
  expect(await shoutedButtons(page)).toEqual([]);

  await hydrated(page);
  await page.getByLabel('Delivery or site address (optional)').fill(address);
  await page.getByLabel('Message').fill('Two goals for the field, please.');
  await pictures(page, 'cart');
  await page.getByRole('button', { name: 'Enquire' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Information' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Name (optional)').fill('Mdm Noor');
  await dialog.getByLabel('Organisation (optional)').fill(organisation);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('heading', { name: 'Thank you, your enquiry has been sent' }),
  ).toBeVisible();
  reference = (await page.getByTestId('enquiry-reference').textContent())!;
  link = new URL(page.url()).pathname;
  const contact = page.getByRole('region', { name: 'Your contact details' });
  await expect(contact).toContainText('Delivery / site address');
  await expect(contact).toContainText('Blk 5 Jalan Bukit Merah, #03-01, Singapore 150005');

  // On paper the page names the company and its address; on screen the frame does.
  const letterhead = page.getByTestId('print-letterhead');
  await expect(letterhead).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(letterhead).toBeVisible();
  await expect(letterhead).toContainText('Fieldhouse Sports Engineering');
  await expect(letterhead).toContainText('21 Sports Hub Way, #03-12, Singapore 397630');
  await page.emulateMedia({ media: 'screen' });
  await page.context().close();
});

test('staff open the enquiry from its notice, find it on the dashboard, and meet its customer', async ({
  browser,
}) => {
  expect(reference).not.toBe('');
  // The staff notice links to the enquiry in the back office, by the site's own address.
  await expect.poll(() => mailsAbout(`New enquiry ${reference}`).length).toBe(1);
  const notice = mailsAbout(`New enquiry ${reference}`)[0]!;
  const base = test.info().project.use.baseURL!;
  const admin = notice.match(new RegExp(`${base}/admin/enquiries/(\\d+)`));
  expect(admin).not.toBeNull();
  expect(notice).toContain('Delivery / site address');

  const staff = await staffPage(browser);
  await staff.goto('/admin');
  const waiting = staff.getByRole('region', { name: /Waiting for a reply/ });
  await expect(waiting.getByRole('link', { name: reference })).toBeVisible();
  const recent = staff.getByRole('region', { name: /Recent enquiries/ });
  await expect(recent.getByRole('link', { name: reference })).toBeVisible();
  const month = staff.getByRole('region', { name: 'Quotations sent this month' });
  await expect(month).toContainText('Sent');
  // The e2e shop is GST-registered: the value is told with and without GST.
  await expect(month).toContainText('Value excl. GST');
  await expect(month).toContainText('Value incl. GST');
  await expectNoSeriousViolations(staff);
  await pictures(staff, 'dashboard');

  // The notice's link opens the enquiry, with the address and a way to its customer.
  await staff.goto(new URL(admin![0]!).pathname);
  await expect(staff.getByRole('heading', { name: `Enquiry ${reference}` })).toBeVisible();
  await expect(staff.getByText('Blk 5 Jalan Bukit Merah')).toBeVisible();
  await staff.getByRole('link', { name: 'All from this customer' }).click();
  await expect(staff.getByRole('heading', { name: 'Mdm Noor' })).toBeVisible();
  const enquiries = staff.getByRole('region', { name: /Enquiries/ });
  await expect(enquiries.getByRole('link', { name: reference })).toBeVisible();
  await expect(staff.getByText(organisation, { exact: true })).toBeVisible();
  await expectNoSeriousViolations(staff);
  await pictures(staff, 'customer');

  // The list, searched by organisation, with the counts; a search that matches nobody says so.
  await staff.goto('/admin/customers');
  await hydrated(staff);
  await expect(staff.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await pictures(staff, 'customers');
  const search = staff.getByRole('search', { name: 'Search customers' });
  await search.getByLabel('Search').fill(organisation);
  await search.getByRole('button', { name: 'Search' }).click();
  const list = staff.getByRole('list', { name: 'Customers' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('1 enquiry · 0 quotations');
  await expect(list).toContainText(email);
  await expect(list).toContainText('Guest');
  await expectNoSeriousViolations(staff);
  await list.getByRole('link', { name: 'Mdm Noor' }).click();
  await expect(staff.getByRole('heading', { name: 'Mdm Noor' })).toBeVisible();
  await staff.goto(`/admin/customers?q=${encodeURIComponent('%nobody_')}`);
  await expect(staff.getByText('No customer matches this search.')).toBeVisible();
  // A key that is nobody's, or not a key: not found.
  expect(
    (await staff.request.get('/admin/customers/0123456789abcdef0123456789abcdef')).status(),
  ).toBe(404);
  expect((await staff.request.get('/admin/customers/not-a-key')).status()).toBe(404);

  // The CSV export has the delivery address in its column.
  const csv = await (await staff.request.get(`/admin/enquiries.csv?q=${reference}`)).text();
  expect(csv.split('\r\n')[0]).toContain('Delivery / site address');
  expect(csv).toContain('Blk 5 Jalan Bukit Merah');

  // A reply and a quotation, for the guest's link below.
  await staff.goto(new URL(admin![0]!).pathname);
  await hydrated(staff);
  await staff.getByLabel('Reply to the customer').fill('We can install in March.');
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText(/^Reply sent to /).first()).toBeVisible();
  await staff
    .getByRole('link', { name: /quotation/ })
    .first()
    .click();
  await expect(staff.getByRole('heading', { name: `Quotation Q-${reference}-1` })).toBeVisible();
  await staff.reload();
  await hydrated(staff);
  // The quotation is addressed to the enquiry's delivery address.
  await expect(staff.getByLabel('Address (optional)')).toHaveValue(address);
  await staff
    .getByLabel(/^Unit price \(S\$\) for /)
    .first()
    .fill('1,000');
  await staff.getByRole('button', { name: 'Send quotation' }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: `Quotation Q-${reference}-1 sent` }),
  ).toBeVisible();
  await staff.context().close();
});

test("a guest's link shows the reply and the quotation with its PDF, to whoever holds it", async ({
  browser,
}) => {
  expect(link).toMatch(/^\/enquiries\/[\w-]{43}$/);
  // A new browser: the link holder, not the sender (contact details masked).
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: `Enquiry ${reference}` })).toBeVisible();
  await expect(page.getByText('Partly hidden')).toBeVisible();
  await expect(page.getByText('We can install in March.')).toBeVisible();
  const number = `Q-${reference}-1`;
  const download = page.getByRole('link', { name: `Download ${number} (PDF)` });
  await expect(download).toBeVisible();
  expect(await download.getAttribute('href')).toBe(`${link}/quotations/${number}.pdf`);
  const pdf = await page.request.get(`${link}/quotations/${number}.pdf`);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // Another number, or a wrong link: nothing.
  expect((await page.request.get(`${link}/quotations/Q-FH-2026-AAAAAA-1.pdf`)).status()).toBe(404);
  const wrong = link.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
  expect((await page.request.get(`${wrong}/quotations/${number}.pdf`)).status()).toBe(404);
  await expectNoSeriousViolations(page);
  await pictures(page, 'guest-link');
  await page.context().close();
});

test('without JavaScript the header counts the cart and the enquiry form names every missing field', async ({
  browser,
}) => {
  const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await page.goto(`/products/${GOAL_ID}`);
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  await page.getByLabel('Quantity').fill('2');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page).toHaveURL(/\/cart/);
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.goto('/shop');
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  await page.goto('/cart');
  await page.getByRole('button', { name: 'Enquire' }).click();
  for (const message of ['Please enter a message.', 'Please enter at least one contact method.'])
    await expect(page.getByText(message)).toBeVisible();
  await page.getByLabel('Email').fill('not an email');
  await page.getByLabel('Phone Number (optional)').fill('12');
  await page.getByRole('button', { name: 'Enquire' }).click();
  for (const message of [
    'Please enter a message.',
    'Please enter a valid email address.',
    'Please enter a valid phone number.',
  ])
    await expect(page.getByText(message)).toBeVisible();
  await page.context().close();
});

test('the account menu offers Register to guests, and closes after logging out', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await hydrated(page);
  const menu = page.locator('header details').filter({ hasText: 'Account' });
  await menu.locator('summary').click();
  await expect(menu.getByRole('link', { name: 'Log In' })).toBeVisible();
  await menu.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(menu).not.toHaveAttribute('open');

  // Registering signs the buyer in.
  await hydrated(page);
  const fresh = `menu-${randomUUID().slice(0, 8)}@school.example`;
  await page.getByLabel('Email').fill(fresh);
  await page.getByLabel('Full Name').fill('Ms Menu Tester');
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Confirm Password').fill('correct horse battery');
  expect(await shoutedButtons(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  const account = page.locator('header details').filter({ hasText: 'Ms Menu Tester' });
  await expect(account).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Enquiries' }),
  ).toBeVisible();

  await account.locator('summary').click();
  await account.getByRole('button', { name: 'Log Out' }).click();
  const guestMenu = page.locator('header details').filter({ hasText: 'Account' });
  await expect(guestMenu).toBeVisible();
  await expect(guestMenu).not.toHaveAttribute('open');
  await guestMenu.locator('summary').click();
  await expect(guestMenu.getByRole('link', { name: 'Register' })).toBeVisible();
  await page.context().close();
});

test('no button in the back office forms is shouted in capitals', async ({ browser }) => {
  const staff = await staffPage(browser);
  for (const path of ['/admin/create-sport', '/admin/create']) {
    await staff.goto(path);
    await hydrated(staff);
    expect(await shoutedButtons(staff), path).toEqual([]);
  }
  await staff.context().close();
});
