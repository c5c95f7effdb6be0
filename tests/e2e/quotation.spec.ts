// The quotation editor: Attention to and references prefilled from the enquiry, lines with
// quantities, discounts and a free line, live totals with the value band, the promo code, a draft
// that uses no number, a DRAFT preview in a new tab, a send that survives a dropped connection,
// a revision that replaces the first, and the same editor without JavaScript.
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import { expect, failPosts, mailsAbout, test, type Browser, type Page } from './test';
import { expectNoSeriousViolations } from './axe';

function demoAdmin() {
  const text = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'demo-admin.txt'), 'utf8');
  return { email: text.match(/email: (\S+)/)![1]!, password: text.match(/password: (\S+)/)![1]! };
}

const hydration = (page: Page) =>
  page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

async function staffPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
  const admin = demoAdmin();
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin/);
  return page;
}

/**
 * A guest's enquiry for the goalposts (product 3) and the net (product 2), with a name, a
 * school and promo code SCHOOL10; returns its reference and the address its mail goes to.
 */
async function guestEnquiry(browser: Browser): Promise<{ reference: string; email: string }> {
  const page = await (await browser.newContext()).newPage();
  for (const id of [3, 2]) {
    await page.goto(`/products/${id}`);
    await hydration(page);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Added to Cart').first()).toBeVisible();
  }
  await page.goto('/cart');
  await hydration(page);
  await page.getByLabel('Message').fill('Please quote for sports day.');
  await page.getByLabel('Promo code').fill('SCHOOL10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  const email = `quote-${randomUUID().slice(0, 8)}@school.example`;
  const dialog = page.getByRole('dialog', { name: 'Contact Information' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Name (optional)').fill('Mdm Siti');
  await dialog.getByLabel('Organisation (optional)').fill('Bedok Green Primary School');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(
    page.getByRole('heading', { name: 'Thank you, your enquiry has been sent' }),
  ).toBeVisible();
  const reference = (await page.getByTestId('enquiry-reference').textContent())!;
  await page.context().close();
  return { reference, email };
}

async function openEditor(staff: Page, reference: string) {
  await staff.goto(`/admin/enquiries?q=${reference}`);
  await staff
    .getByRole('list', { name: 'Enquiries' })
    .getByRole('link', { name: reference })
    .click();
  await expect(staff.getByRole('heading', { name: `Enquiry ${reference}` })).toBeVisible();
  await staff
    .getByRole('link', { name: /quotation/ })
    .first()
    .click();
  await expect(staff.getByRole('heading', { name: /^Quotation Q-/ })).toBeVisible();
}

/**
 * The bodies of the previews this page's context opens. The new tab shows the PDF in the
 * browser's viewer, whose own response body is not the file: the route keeps a copy on its way.
 */
async function capturePreviews(page: Page): Promise<Buffer[]> {
  const bodies: Buffer[] = [];
  await page.context().route('**/quotation/preview', async (route) => {
    const response = await route.fetch();
    bodies.push(await response.body());
    await route.fulfill({ response });
  });
  return bodies;
}

/** Clicks Preview PDF; returns the new tab and the PDF it was sent. */
async function preview(page: Page, bodies: Buffer[]): Promise<{ tab: Page; text: string }> {
  const seen = bodies.length;
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: /Preview PDF/ }).click(),
  ]);
  await expect.poll(() => bodies.length).toBe(seen + 1);
  return { tab, text: await pdfText(bodies[seen]!) };
}

async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text;
}

const GOAL = 'Aluminium Football Goalposts (Full Size)';

test('staff price, save a draft, preview, survive a dropped send, send, and revise', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { reference, email } = await guestEnquiry(browser);
  const staff = await staffPage(browser);
  await openEditor(staff, reference);
  await hydration(staff);
  await expect(staff.getByRole('heading', { name: `Quotation Q-${reference}-1` })).toBeVisible();
  // Prefilled from the enquiry, and the promo code shown while pricing.
  await expect(staff.getByLabel('Attention to (name)')).toHaveValue('Mdm Siti');
  await expect(staff.getByLabel('Organisation (optional)')).toHaveValue(
    'Bedok Green Primary School',
  );
  await expect(staff.getByText('The customer entered promo code SCHOOL10.')).toBeVisible();
  await expectNoSeriousViolations(staff);

  await staff.getByLabel(`Unit price (S$) for ${GOAL}`).fill('3,000');
  await staff.getByLabel(`Discount (optional) for ${GOAL}`).fill('10');
  await staff.getByLabel(/^Unit price \(S\$\) for (?!Aluminium)/).fill('100');
  await staff.getByLabel(/^Qty for (?!Aluminium)/).fill('2');
  await staff.getByLabel('Extra line 1 description').fill('Installation on site');
  await staff.getByLabel('Unit price (S$) of extra line 1').fill('450');
  await staff.getByLabel('Discount (optional) of extra line 1').fill('50');
  await staff.getByLabel('Discount type of extra line 1').selectOption('amount');
  await staff.getByLabel('GeBIZ quotation no. (optional)').fill('MOESCHETQ26000777');
  await staff.getByLabel('Applied in this quotation (printed on it)').check();
  // 3000 − 10% = 2700; 2 × 100 = 200; 450 − 50 = 400: 3300.00, a small-value purchase.
  await expect(staff.getByTestId('subtotal')).toHaveText('S$3,300.00');
  await expect(staff.getByTestId('value-band')).toContainText('Small-value purchase');
  await staff.getByLabel('Unit price (S$) of extra line 1').fill('4,450');
  // 2700 + 200 + 4400 = 7300.00: above S$6,000, an invitation to quote.
  await expect(staff.getByTestId('value-band')).toContainText('GeBIZ invitation to quote');
  await staff.getByLabel('Discount (optional) on the whole quotation').fill('5');
  // 7300 − 5% (365) = 6935.00; GST 9% = 624.15; total 7559.15.
  await expect(staff.getByTestId('net')).toHaveText('S$6,935.00');
  await expect(staff.getByTestId('gst')).toHaveText('S$624.15');
  await expect(staff.getByTestId('total')).toHaveText('S$7,559.15');

  // A draft uses no number and comes back on the next visit.
  await staff.getByRole('button', { name: 'Save draft' }).click();
  await expect(staff.getByText('Draft saved. No quotation number was used.')).toBeVisible();
  await staff.reload();
  await hydration(staff);
  await expect(staff.getByText(/Started from the draft .* saved/)).toBeVisible();
  await expect(staff.getByLabel('Unit price (S$) of extra line 1')).toHaveValue('4,450');
  await expect(staff.getByTestId('total')).toHaveText('S$7,559.15');

  // The preview opens in a new tab: the same PDF, marked DRAFT, under the next number.
  const bodies = await capturePreviews(staff);
  const { tab, text: draftText } = await preview(staff, bodies);
  await tab.close();
  for (const expected of [
    'DRAFT QUOTATION',
    `Q-${reference}-1`,
    'Mdm Siti',
    'GeBIZ quotation no. MOESCHETQ26000777',
    'Promo code applied SCHOOL10',
    'Installation on site',
    'Total including GST (SGD) S$7,559.15',
  ])
    expect(draftText).toContain(expected);

  // The connection drops on Send: the page stays with everything typed and says so.
  const failed = await failPosts(staff, '**/quotation.data*');
  await staff.getByRole('button', { name: 'Send quotation' }).click();
  await expect(staff.getByText('Something went wrong. Please try again.')).toBeVisible();
  expect(failed).toHaveLength(1);
  await expect(staff.getByLabel('Unit price (S$) of extra line 1')).toHaveValue('4,450');
  await expect(staff.getByLabel(`Unit price (S$) for ${GOAL}`)).toHaveValue('3,000');
  await expect(staff.getByTestId('total')).toHaveText('S$7,559.15');
  await staff.unrouteAll();
  await staff.getByRole('button', { name: 'Send quotation' }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: `Quotation Q-${reference}-1 sent to ${email}` }),
  ).toBeVisible();

  await expect.poll(() => mailsAbout(`Quotation Q-${reference}-1`).length).toBe(1);
  const mail = mailsAbout(`Quotation Q-${reference}-1`)[0]!;
  expect(mail).toContain('How to accept:');
  expect(mail).toMatch(/\/quotations\/[A-Za-z0-9_-]{43}/);
  expect(mail).toContain('S$7,559.15 including GST');

  // A revision starts from what was sent and replaces it.
  await staff.getByRole('link', { name: 'Revise quotation' }).click();
  await hydration(staff);
  await expect(staff.getByRole('heading', { name: `Quotation Q-${reference}-2` })).toBeVisible();
  await expect(staff.getByText(`This revision replaces Q-${reference}-1.`)).toBeVisible();
  await expect(staff.getByLabel('Discount (optional) of extra line 1')).toHaveValue('50.00');
  await expect(staff.getByTestId('total')).toHaveText('S$7,559.15');
  await staff.getByLabel('Discount (optional) on the whole quotation').fill('');
  await expect(staff.getByTestId('total')).toHaveText('S$7,957.00');
  await staff.getByRole('button', { name: 'Send quotation' }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: `Quotation Q-${reference}-2 sent` }),
  ).toBeVisible();
  const pdf = await staff.request.get(
    `${staff.url().split('?')[0]}/quotations/Q-${reference}-2.pdf`,
  );
  expect(await pdfText(await pdf.body())).toContain(`Replaces Q-${reference}-1`);
  await expect.poll(() => mailsAbout(`Quotation Q-${reference}-2`).length).toBe(1);
  expect(mailsAbout(`Quotation Q-${reference}-2`)[0]).toContain(
    `This revision replaces quotation Q-${reference}-1`,
  );
});

test('a free line is removed without losing what is typed in the others', async ({ browser }) => {
  test.setTimeout(90_000);
  const { reference } = await guestEnquiry(browser);
  const staff = await staffPage(browser);
  await openEditor(staff, reference);
  await hydration(staff);
  for (const [n, what, price] of [
    [1, 'Delivery', '100'],
    [2, 'Crane hire', '200'],
    [3, 'Installation', '300'],
  ] as const) {
    await staff.getByLabel(`Extra line ${n} description`, { exact: true }).fill(what);
    await staff.getByLabel(`Unit price (S$) of extra line ${n}`).fill(price);
  }
  await staff.getByLabel(`Unit price (S$) for ${GOAL}`).fill('0');
  await staff.getByLabel(/^Unit price \(S\$\) for (?!Aluminium)/).fill('0');
  await expect(staff.getByTestId('subtotal')).toHaveText('S$600.00');
  await staff.getByRole('button', { name: 'Remove extra line 2' }).click();
  await expect(staff.getByLabel('Extra line 2 description', { exact: true })).toHaveValue(
    'Installation',
  );
  await expect(staff.getByLabel('Extra line 2 description', { exact: true })).toBeFocused();
  await expect(staff.getByLabel('Unit price (S$) of extra line 2')).toHaveValue('300');
  await expect(staff.getByLabel('Extra line 3 description', { exact: true })).toHaveCount(0);
  await expect(staff.getByTestId('subtotal')).toHaveText('S$400.00');
  // A discount over its line is refused on the spot, where it is.
  await staff.getByLabel('Discount (optional) of extra line 1').fill('150');
  await staff.getByLabel('Discount type of extra line 1').selectOption('amount');
  await staff.getByRole('button', { name: 'Send quotation' }).click();
  await expect(staff.getByLabel('Discount (optional) of extra line 1')).toBeFocused();
  await expect(
    staff.getByText("The discount cannot be more than the line's amount (S$100.00)."),
  ).toBeVisible();
});

test('without JavaScript: a draft, a preview and a send', async ({ browser }) => {
  test.setTimeout(90_000);
  const { reference } = await guestEnquiry(browser);
  const staff = await staffPage(browser, false);
  await staff.goto(`/admin/enquiries?q=${reference}`);
  await staff
    .getByRole('list', { name: 'Enquiries' })
    .getByRole('link', { name: reference })
    .click();
  await staff.getByRole('link', { name: 'Draw up quotation' }).click();
  await expect(staff.getByRole('heading', { name: `Quotation Q-${reference}-1` })).toBeVisible();
  await staff.getByLabel(`Unit price (S$) for ${GOAL}`).fill('1,000');
  await staff.getByLabel(/^Unit price \(S\$\) for (?!Aluminium)/).fill('50');
  await staff.getByLabel('Extra line 3 description').fill('Delivery');
  await staff.getByLabel('Unit price (S$) of extra line 3').fill('80');

  await staff.getByRole('button', { name: 'Save draft' }).click();
  await expect(staff.getByRole('status')).toHaveText('Draft saved. No quotation number was used.');
  await expect(staff.getByLabel('Unit price (S$) of extra line 3')).toHaveValue('80');

  const bodies = await capturePreviews(staff);
  const { tab, text } = await preview(staff, bodies);
  // 1000 + 50 + 80 = 1130.00; GST 9% = 101.70; total 1231.70.
  expect(text).toContain('Total including GST (SGD) S$1,231.70');
  await tab.close();

  await staff.getByRole('button', { name: 'Send quotation' }).click();
  await expect(staff.getByRole('status')).toContainText(`Quotation Q-${reference}-1 sent`);
});

test('the editor at phone and desktop width', async ({ browser }) => {
  test.setTimeout(90_000);
  const { reference } = await guestEnquiry(browser);
  const staff = await staffPage(browser);
  await openEditor(staff, reference);
  await hydration(staff);
  const dir = path.join('test-results', 'quotation-editor');
  mkdirSync(dir, { recursive: true });
  for (const width of [390, 1280]) {
    await staff.setViewportSize({ width, height: 900 });
    await expect
      .poll(() => staff.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    await staff.screenshot({ path: path.join(dir, `editor-${width}.png`), fullPage: true });
  }
  // The preview in the browser's own PDF viewer, at both widths (looked at, not compared).
  await staff.getByLabel(`Unit price (S$) for ${GOAL}`).fill('2,500');
  await staff.getByLabel(/^Unit price \(S\$\) for (?!Aluminium)/).fill('120');
  const { tab } = await preview(staff, await capturePreviews(staff));
  for (const width of [390, 1280]) {
    await tab.setViewportSize({ width, height: 900 });
    await tab.waitForTimeout(1_500);
    await tab.screenshot({ path: path.join(dir, `preview-${width}.png`) });
  }
});
