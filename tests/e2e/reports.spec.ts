// The back office's reports on a server of this spec's own, seeded first
// (tests/e2e/fixtures/seed-reports.ts) with a small data set whose figures were worked out by
// hand from its rows, written out below: the page shows them, draws its charts once hydrated,
// offers each table as CSV, refuses a period it cannot read, and has no serious axe violation.
import { readFileSync } from 'node:fs';
import { runSeed } from './fixtures/run-seed';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';
import { expectNoSeriousViolations } from './axe';
import { expect, test, type Page } from './test';

let server: BuiltServer;
let admin: { email: string; password: string };

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const { dataDir, seeded } = runSeed<{ admin: typeof admin }>('reports');
  admin = seeded.admin;
  server = await startBuiltServer(
    { AUTH_RATE_LIMIT_MAX: '1000', NODE_ENV: 'production' },
    { dataDir, timeoutMs: 150_000 },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

async function signIn(page: Page) {
  await page.goto(`${server.base}/login`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

const PERIOD = 'from=2026-03-02&to=2026-03-29';

/** The figure card with this label: its value and its line about the previous period. */
const figure = (page: Page, label: string) =>
  page.locator(`xpath=//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

/** The rows of a report table, each as its cells' text. */
async function tableRows(page: Page, title: string): Promise<string[][]> {
  const table = page.getByRole('region', { name: `${title} (table)` }).getByRole('table');
  return table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent!.trim())),
    );
}

test('the reports page shows the hand-worked figures, with charts, tables and CSV', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`${server.base}/admin/reports?${PERIOD}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(
    page.getByText('2 Mar 2026 to 29 Mar 2026 (28 days), compared with 2 Feb 2026 to 1 Mar 2026'),
  ).toBeVisible();

  // Five enquiries (two before), two contact messages (one before).
  await expect(figure(page, 'Enquiries')).toContainText('5previous 2 · +150%');
  await expect(figure(page, 'Contact messages')).toContainText('2previous 1 · +100%');
  // First answers after 2, 2, 9 and 0.5 working hours (a Friday 17:00 enquiry answered on Monday
  // at 10:00 waited two; one from a Saturday answered on Monday at 09:30 half an hour); before:
  // 1 and 2 (Chinese New Year's two days left out).
  await expect(figure(page, 'First answer, median (working hours)')).toContainText(
    '2.0 hprevious 1.5 h',
  );
  await expect(figure(page, 'First answer, 90th percentile (working hours)')).toContainText(
    '6.9 hprevious 1.9 h',
  );
  await expect(figure(page, 'Quotations sent')).toContainText('3previous 0');
  // One accepted, one declined, one expired unanswered.
  await expect(figure(page, 'Win rate')).toContainText('33.3%previous —');
  await expect(figure(page, 'Accepted, before GST')).toContainText('S$1,000.00');
  await expect(figure(page, 'Accepted, including GST')).toContainText('S$1,090.00');

  expect(await tableRows(page, 'Enquiries and contact messages per week')).toEqual([
    ['1', '2026-03-02', '2', '0', '1', '0'],
    ['2', '2026-03-09', '2', '1', '0', '0'],
    ['3', '2026-03-16', '0', '1', '1', '1'],
    ['4', '2026-03-23', '1', '0', '0', '0'],
  ]);
  expect(await tableRows(page, 'Quotations')).toEqual([
    ['Sent', '3', '0', 'S$1,700.00', 'S$0.00', 'S$1,853.00', 'S$0.00'],
    ['Accepted', '1', '0', 'S$1,000.00', 'S$0.00', 'S$1,090.00', 'S$0.00'],
    ['Declined', '1', '0', 'S$500.00', 'S$0.00', 'S$545.00', 'S$0.00'],
    ['Expired', '1', '0', 'S$200.00', 'S$0.00', 'S$218.00', 'S$0.00'],
  ]);
  expect(await tableRows(page, 'Open pipeline now')).toEqual([
    ['New enquiries', '1', 'S$0.00', 'S$0.00'],
    ['In progress, not quoted', '1', 'S$0.00', 'S$0.00'],
    ['Quoted, awaiting answer', '0', 'S$0.00', 'S$0.00'],
    ['Changes requested', '0', 'S$0.00', 'S$0.00'],
    ['Accepted, no order yet', '0', 'S$0.00', 'S$0.00'],
  ]);
  expect(await tableRows(page, 'Products enquired about most')).toEqual([
    ['Aluminium Goalposts', '3', '7', '1'],
    ['Volleyball Net', '2', '4', '1'],
    ['Ball Trolley', '1', '1', '0'],
  ]);
  expect(await tableRows(page, 'Categories enquired about most')).toEqual([
    ['Goals and Posts', '3', '7', '1'],
    ['Nets', '2', '4', '1'],
  ]);
  expect(await tableRows(page, 'Organisations')).toEqual([
    ['Tampines Secondary', '2', '0', 'S$1,000.00', 'S$1,090.00'],
    ['Bedok Primary School', '2', '0', 'S$0.00', 'S$0.00'],
  ]);

  // The charts are drawn once the page has hydrated (six of them), hidden from screen readers.
  await expect(page.locator('[aria-hidden="true"] .recharts-wrapper')).toHaveCount(6);
  await expectNoSeriousViolations(page);

  // Each table as CSV, the same figures for a spreadsheet.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV of Products enquired about most' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(
    csv
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(0, 5),
  ).toEqual([
    '"Products enquired about most, 2026-03-02 to 2026-03-29"',
    'Product,Enquiries,Quantity,"Enquiries, previous period"',
    'Aluminium Goalposts,3,7,1',
    'Volleyball Net,2,4,1',
    'Ball Trolley,1,1,0',
  ]);
  const quotes = await page.request.get(
    `${server.base}/admin/reports.csv?table=quotations&${PERIOD}`,
  );
  expect(quotes.status()).toBe(200);
  expect(await quotes.text()).toContain('Accepted,1,0,1000.00,0.00,1090.00,0.00');

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.locator('.recharts-wrapper').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`reports-${width}.png`), fullPage: true });
  }
});

test('a period that cannot be read is refused with a reason, and so is an unknown table', async ({
  page,
}) => {
  await signIn(page);
  const response = await page.goto(`${server.base}/admin/reports?from=2026-03-29&to=2026-03-02`);
  expect(response!.status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText(
    'The period must end on or after its start. Showing the last 13 weeks instead.',
  );
  const bad = await page.request.get(`${server.base}/admin/reports.csv?table=secrets&${PERIOD}`);
  expect(bad.status()).toBe(400);
  expect(await bad.text()).toContain('Unknown table');
  // The quick periods are links that keep the page.
  await page.getByRole('link', { name: 'Last 30 days' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\?from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
