// Orders, tax invoices and credit notes, on a server of this spec's own whose database was seeded
// first (tests/e2e/fixtures/seed-sale.ts) with quotations the buyers accepted: staff confirm the
// order, schedule and deliver it, issue the tax invoice, download it, mark it paid and credit
// part of it; the same without JavaScript for a guest's order; the buyer's downloads (and
// nobody else's); the dashboard's lists.
import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { runSeed } from './fixtures/run-seed';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';
import { expectNoSeriousViolations } from './axe';
import { holdRequests } from './forms';
import { expect, test, type Browser, type BrowserContext, type Page } from './test';

interface Seeded {
  admin: { email: string; password: string };
  customer: { email: string; password: string };
  stranger: { email: string; password: string };
  signedIn: { id: number; number: string; enquiryId: number; reference: string };
  guest: { id: number; number: string; enquiryId: number; reference: string; token: string };
  stale: { id: number; number: string; enquiryId: number; reference: string };
  unregistered: { id: number; number: string; enquiryId: number; reference: string };
  openUnregistered: { number: string; token: string };
  waiting: { id: number; reference: string };
  expiring: { id: number; number: string };
}

let server: BuiltServer;
let seeded: Seeded;
const year = new Date(Date.now() + 8 * 3_600_000).getUTCFullYear();

// Each test signs in, opens several pages and reads PDFs: more than the default 30 s on a loaded
// machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  let dataDir: string;
  ({ dataDir, seeded } = runSeed<Seeded>('sale'));
  server = await startBuiltServer(
    { AUTH_RATE_LIMIT_MAX: '1000', NODE_ENV: 'production' },
    { dataDir, timeoutMs: 150_000 },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

async function context(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  return browser.newContext({ baseURL: server.base, ...options });
}

async function signIn(ctx: BrowserContext, who: { email: string; password: string }) {
  const page = await ctx.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return page;
}

const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

/** The text of a downloaded PDF. */
async function pdfText(file: string): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(readFileSync(file)) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text;
}

/** Tomorrow in Singapore, as a date field takes it. */
const tomorrow = () => new Date(Date.now() + 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

/** A screenshot at phone and desktop width, for a person to look at (test-results/). */
async function pictures(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('staff confirm an accepted quotation and take the order to paid, with an invoice and a credit note', async ({
  browser,
}) => {
  const ctx = await context(browser);
  const staff = await signIn(ctx, seeded.admin);
  const { reference, enquiryId, number: quotation } = seeded.signedIn;
  const order = `SO-${reference}`;

  await staff.goto(`/admin/enquiries/${enquiryId}`);
  await hydrated(staff);
  await staff.getByRole('button', { name: `Confirm order (${quotation} accepted)` }).click();
  await expect(staff.getByRole('heading', { name: `Order ${order}` })).toBeVisible();
  await expect(
    staff.getByRole('status').filter({ hasText: `Order ${order} confirmed` }),
  ).toContainText(seeded.customer.email);
  await expect(staff.getByRole('cell', { name: 'Aluminium Goalposts (pair)' })).toBeVisible();
  await expect(staff.getByText('S$2,943.05')).toBeVisible();
  await expectNoSeriousViolations(staff);
  await pictures(staff, 'order-confirmed');
  // A desktop gets each line's quantity and price in their own columns.
  await expect(staff.getByRole('columnheader', { name: 'Unit price' })).toBeVisible();

  // Schedule for tomorrow, then delivered.
  await hydrated(staff);
  await staff.getByLabel('Delivery or installation day').fill(tomorrow());
  await staff.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(staff.getByText('Scheduled. The buyer is told by e-mail.').first()).toBeVisible();
  await expect(staff.getByText('Scheduled', { exact: true }).first()).toBeVisible();
  // The confirmation was news once; it does not stay over the later steps.
  await expect(staff.getByText(`Order ${order} confirmed`)).toHaveCount(0);
  // The answer comes before the page has reloaded the order: until it has, no other step can be
  // sent (it would say the order is still scheduled, and be refused as someone else's change).
  const release = await holdRequests(staff, /\/admin\/orders\/\d+\.data/);
  await staff.getByRole('button', { name: 'Mark delivered / installed' }).click();
  await expect(
    staff.getByText('Marked delivered / installed. The buyer is told by e-mail.').first(),
  ).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Issue tax invoice' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  release();

  // The tax invoice: issued, listed, downloaded as a PDF with what a tax invoice says.
  const invoice = `INV-${year}-00001`;
  await staff.getByRole('button', { name: 'Issue tax invoice' }).click();
  await expect(staff.getByText(`Invoice ${invoice} issued.`).first()).toBeVisible();
  const [download] = await Promise.all([
    staff.waitForEvent('download'),
    staff
      .getByRole('link', { name: `${invoice}.pdf` })
      .first()
      .click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${invoice}.pdf`);
  const text = await pdfText(await download.path());
  for (const expected of ['Tax Invoice', invoice, order, quotation, 'PO-2026-0042', 'S$2,943.05'])
    expect(text, expected).toContain(expected);

  await staff.getByRole('button', { name: 'Mark paid' }).click();
  await expect(staff.getByText('Marked paid. The buyer is told by e-mail.').first()).toBeVisible();
  await expect(staff.getByText('Paid: nothing more to do.')).toBeVisible();

  // A credit note for part of it: first too much (refused, with the field's message), then right.
  await staff.getByText(`Issue a credit note for ${invoice}…`).click();
  await staff.getByLabel('Reason').fill('One goal net returned.');
  await staff.getByLabel('Amount before GST, S$').fill('5000');
  await staff.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(
    staff.getByText(`At most S$2,700.05 before GST is left to credit on invoice ${invoice}.`),
  ).toBeVisible();
  await staff.getByLabel('Amount before GST, S$').fill('100');
  await staff.getByRole('button', { name: 'Issue credit note' }).click();
  const credit = `CN-${year}-00001`;
  await expect(staff.getByText(`Credit note ${credit} issued.`).first()).toBeVisible();
  await expect(staff.getByText(new RegExp(`^S\\$109\\.00 · .* · for ${invoice}$`))).toBeVisible();

  // The timeline tells the story; the enquiry's page links to the order.
  const timeline = staff.getByRole('region', { name: 'Timeline' });
  for (const line of [
    `Orders Admin confirmed order ${order}`,
    `Orders Admin moved order ${order} from Confirmed to Scheduled`,
    `Orders Admin moved order ${order} from Scheduled to Delivered / installed`,
    `Orders Admin issued invoice ${invoice} (S$2,943.05)`,
    `Orders Admin moved order ${order} from Invoiced to Paid`,
    `Orders Admin issued credit note ${credit} (S$109.00)`,
  ])
    await expect(timeline.getByText(line)).toBeVisible();
  await staff.reload();
  await expectNoSeriousViolations(staff);
  await pictures(staff, 'order-paid');
  await staff.goto(`/admin/enquiries/${enquiryId}`);
  // In the header (with its status) and in the timeline.
  await expect(staff.getByRole('link', { name: `Order ${order} Paid` })).toBeVisible();
  await expect(staff.getByRole('link', { name: `Order ${order}`, exact: true })).toBeVisible();
  await ctx.close();
});

test('a page that another admin has overtaken is refused, and says so', async ({ browser }) => {
  const ctx = await context(browser);
  const staff = await signIn(ctx, seeded.admin);
  await staff.goto(`/admin/enquiries/${seeded.stale.enquiryId}`);
  await staff.getByRole('button', { name: /^Confirm order/ }).click();
  await expect(staff.getByRole('heading', { name: /^Order SO-/ })).toBeVisible();
  const other = await ctx.newPage();
  await other.goto(staff.url());
  await hydrated(other);
  await other.getByRole('button', { name: 'Mark delivered / installed' }).click();
  await expect(other.getByText(/^Marked delivered/).first()).toBeVisible();
  // The first page still shows Confirmed and offers to schedule.
  await hydrated(staff);
  await staff.getByLabel('Delivery or installation day').fill(tomorrow());
  await staff.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(
    staff.getByText(
      'Someone else has just moved this order to Delivered / installed. Reload the page to see what changed, then choose again.',
    ),
  ).toBeVisible();
  await ctx.close();
});

test('without JavaScript: confirm a guest order, invoice it, and a refused credit note keeps the page', async ({
  browser,
}) => {
  const ctx = await context(browser, { javaScriptEnabled: false });
  const staff = await signIn(ctx, seeded.admin);
  const { reference, enquiryId, number: quotation } = seeded.guest;
  await staff.goto(`/admin/enquiries/${enquiryId}`);
  await staff.getByRole('button', { name: `Confirm order (${quotation} accepted)` }).click();
  await expect(staff.getByRole('heading', { name: `Order SO-${reference}` })).toBeVisible();
  await staff.getByRole('button', { name: 'Issue tax invoice' }).click();
  const invoice = `INV-${year}-00002`;
  await expect(
    staff.getByRole('status').filter({ hasText: `Invoice ${invoice} issued.` }),
  ).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Mark paid' })).toBeVisible();
  await staff.getByText(`Issue a credit note for ${invoice}…`).click();
  await staff.getByLabel('Reason').fill('Typo in the address.');
  await staff.getByLabel('Amount before GST, S$').fill('-5');
  await staff.getByRole('button', { name: 'Issue credit note' }).click();
  await expect(
    staff
      .getByRole('alert')
      .filter({ hasText: 'Enter an amount in dollars, such as 120 or 45.50, or leave it empty.' }),
  ).toBeVisible();
  // Nothing was issued: the invoice is still all there to credit.
  await staff.goto(staff.url());
  await expect(staff.getByText(/not credited/)).toHaveCount(0);
  await ctx.close();
});

test('the buyer sees the order and downloads its documents; nobody else can', async ({
  browser,
}) => {
  const invoice = `INV-${year}-00001`;
  const credit = `CN-${year}-00001`;
  const ctx = await context(browser);
  const buyer = await signIn(ctx, seeded.customer);
  await buyer.goto(`/orders/${seeded.signedIn.enquiryId}`);
  const orders = buyer.getByRole('region', { name: 'Your order' });
  await expect(orders).toContainText(`Order SO-${seeded.signedIn.reference}`);
  await expect(orders).toContainText('Paid. Thank you!');
  await expect(orders.getByRole('link', { name: `Download ${credit} (PDF)` })).toBeVisible();
  await expect(buyer.getByText(`We issued invoice ${invoice}`)).toBeVisible();
  await expectNoSeriousViolations(buyer);
  await pictures(buyer, 'buyer-order');
  const href = `/orders/${seeded.signedIn.enquiryId}/invoices/${invoice}.pdf`;
  const own = await buyer.request.get(href);
  expect(own.status()).toBe(200);
  expect(own.headers()['content-disposition']).toBe(`attachment; filename="${invoice}.pdf"`);
  expect(own.headers()['x-content-type-options']).toBe('nosniff');
  expect(own.headers()['cache-control']).toBe('no-store');
  expect((await own.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await ctx.close();

  // Another customer, and a guest, get nothing.
  const otherCtx = await context(browser);
  const stranger = await signIn(otherCtx, seeded.stranger);
  expect((await stranger.request.get(href)).status()).toBe(404);
  await otherCtx.close();
  const guestCtx = await context(browser);
  const anonymous = await guestCtx.request.get(href, { maxRedirects: 0 });
  expect(anonymous.status()).toBe(302);

  // The guest's link shows their order and its invoice; a wrong token or number is a 404.
  const guest = await guestCtx.newPage();
  await guest.goto(`/enquiries/${seeded.guest.token}`);
  const guestInvoice = `INV-${year}-00002`;
  await expect(guest.getByRole('region', { name: 'Your order' })).toContainText('Invoiced');
  const link = guest.getByRole('link', { name: `Download ${guestInvoice} (PDF)` });
  const got = await guest.request.get((await link.getAttribute('href'))!);
  expect(got.status()).toBe(200);
  expect(got.headers()['content-disposition']).toBe(`attachment; filename="${guestInvoice}.pdf"`);
  expect(got.headers()['x-content-type-options']).toBe('nosniff');
  expect(got.headers()['cache-control']).toMatch(/no-store/);
  expect(got.headers()['referrer-policy']).toBe('no-referrer');
  expect(
    (await guest.request.get(`/enquiries/${seeded.guest.token}/invoices/${invoice}.pdf`)).status(),
  ).toBe(404);
  expect(
    (await guest.request.get(`/enquiries/${'x'.repeat(43)}/invoices/${guestInvoice}.pdf`)).status(),
  ).toBe(404);
  await expectNoSeriousViolations(guest);
  await guestCtx.close();
});

test('the dashboard lists what waits: replies, quotations expiring, orders to invoice', async ({
  browser,
}) => {
  const ctx = await context(browser);
  const staff = await signIn(ctx, seeded.admin);
  await staff.goto('/admin');
  const waiting = staff.getByRole('region', { name: /Waiting for a reply/ });
  await expect(waiting.getByRole('link', { name: seeded.waiting.reference })).toBeVisible();
  await expect(waiting.getByText('Overdue').first()).toBeVisible();
  const expiring = staff.getByRole('region', { name: /Quotations expiring this week/ });
  await expect(expiring.getByRole('link', { name: seeded.expiring.number })).toBeVisible();
  // The stale test's order was delivered and has no invoice yet.
  const toInvoice = staff.getByRole('region', { name: /Orders waiting for an invoice/ });
  await expect(toInvoice.getByRole('link', { name: `SO-${seeded.stale.reference}` })).toBeVisible();
  await expect(
    toInvoice.getByRole('link', { name: `SO-${seeded.signedIn.reference}` }),
  ).toHaveCount(0);
  await expectNoSeriousViolations(staff);
  await pictures(staff, 'dashboard');
  await toInvoice.getByRole('link', { name: `SO-${seeded.stale.reference}` }).click();
  await expect(
    staff.getByRole('heading', { name: `Order SO-${seeded.stale.reference}` }),
  ).toBeVisible();

  // The orders list, filtered by status.
  await staff.goto('/admin/orders?status=paid');
  const list = staff.getByRole('list', { name: 'Orders' });
  await expect(list.getByRole('link', { name: `SO-${seeded.signedIn.reference}` })).toBeVisible();
  await expect(list.getByRole('link', { name: `SO-${seeded.guest.reference}` })).toHaveCount(0);
  await expect(staff.getByRole('link', { name: 'Paid', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expectNoSeriousViolations(staff);
  await pictures(staff, 'orders-list');
  await ctx.close();
});

test('a quotation sent while not GST-registered is never called "incl. GST": its order, invoice and buyer pages', async ({
  browser,
}) => {
  const ctx = await context(browser);
  const staff = await signIn(ctx, seeded.admin);
  const { reference, enquiryId, number: quotation } = seeded.unregistered;
  const order = `SO-${reference}`;
  await staff.goto(`/admin/enquiries/${enquiryId}`);
  const quotations = staff.getByRole('region', { name: 'Quotations' });
  await expect(quotations).toContainText('S$2,700.05 (no GST)');
  await expect(quotations).not.toContainText('GST ·');
  await staff.getByRole('button', { name: `Confirm order (${quotation} accepted)` }).click();
  await expect(staff.getByRole('heading', { name: `Order ${order}` })).toBeVisible();
  const ordered = staff.getByRole('region', { name: 'What was ordered' });
  await expect(ordered).toContainText('Total (no GST)');
  await expect(ordered).not.toContainText('incl. GST');
  await expect(ordered).not.toContainText('GST 9%');

  // Not a tax invoice: an Invoice, without GST.
  await hydrated(staff);
  await staff.getByRole('button', { name: 'Issue invoice', exact: true }).click();
  const invoice = `INV-${year}-00003`;
  await expect(staff.getByText(`Invoice ${invoice} issued.`).first()).toBeVisible();
  const [download] = await Promise.all([
    staff.waitForEvent('download'),
    staff
      .getByRole('link', { name: `${invoice}.pdf` })
      .first()
      .click(),
  ]);
  const text = await pdfText(await download.path());
  expect(text).toMatch(/^Invoice$/m);
  expect(text).toContain('Total (SGD) S$2,700.05');
  expect(text).not.toContain('Tax Invoice');
  expect(text).not.toContain('including GST');
  await expectNoSeriousViolations(staff);

  // The orders list says which totals include GST.
  await staff.goto('/admin/orders');
  const list = staff.getByRole('list', { name: 'Orders' });
  const row = list.getByRole('listitem').filter({ hasText: order });
  await expect(row).toContainText('S$2,700.05 (no GST)');
  await expect(row).not.toContainText('incl. GST');
  await expect(
    list.getByRole('listitem').filter({ hasText: `SO-${seeded.signedIn.reference}` }),
  ).toContainText('S$2,943.05 incl. GST');
  await expectNoSeriousViolations(staff);
  await ctx.close();

  // The buyer's page: the quotation and the order, without GST.
  const buyerCtx = await context(browser);
  const buyer = await signIn(buyerCtx, seeded.customer);
  await buyer.goto(`/orders/${enquiryId}`);
  const main = buyer.getByRole('main');
  await expect(buyer.getByRole('region', { name: 'Quotations' })).toContainText(
    'S$2,700.05 (no GST)',
  );
  await expect(buyer.getByRole('region', { name: 'Your order' })).toContainText(
    'S$2,700.05 (no GST)',
  );
  await expect(main.getByRole('region', { name: 'Latest quotation' })).toContainText(
    'Total (no GST)S$2,700.05',
  );
  await expect(main).not.toContainText('incl. GST');
  await expect(main).not.toContainText('including GST');
  await expectNoSeriousViolations(buyer);
  await pictures(buyer, 'buyer-order-no-gst');
  await buyerCtx.close();

  // An open revision by its link: the totals, the acceptance's words and the earlier revision.
  const guestCtx = await context(browser);
  const guest = await guestCtx.newPage();
  const open = seeded.openUnregistered;
  await guest.goto(`/quotations/${open.token}`);
  const page = guest.getByRole('main');
  await expect(
    page.getByRole('heading', { level: 1, name: `Quotation ${open.number}` }),
  ).toBeVisible();
  await expect(page.getByTestId('total-incl-gst')).toHaveText('S$2,501.00');
  await expect(page.getByText('Total (no GST)')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Accept this quotation' })).toContainText(
    'for S$2,501.00, no GST charged, as shown above.',
  );
  await expect(
    page.getByRole('region', { name: 'All revisions' }).getByRole('listitem'),
  ).toHaveText([/S\$2,501\.00 \(no GST\)/, /S\$2,501\.00 \(no GST\)/]);
  await expect(page).not.toContainText('incl. GST');
  await expect(page).not.toContainText('including GST');
  await expectNoSeriousViolations(guest);
  // Its PDF by the same link: kept by no cache, said once.
  const pdf = await guest.request.get(`/quotations/${open.token}/${open.number}.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['cache-control']).toBe('private, no-store');
  await guestCtx.close();
});
