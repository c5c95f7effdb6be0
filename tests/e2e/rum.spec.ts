// Real-user speed end to end, on a server of this spec's own that samples every page view
// (RUM_SAMPLE_RATE=1): a visitor's browser measures its page with web-vitals and sends the report
// when it leaves the page, naming the route rather than the address and its device class; the
// back office then shows that page's 75th percentiles. The back office's own pages send nothing.
import { startBuiltServer, type BuiltServer } from '../setup/built-server';
import { expectNoSeriousViolations } from './axe';
import { expect, hydrated, test, type Browser, type Page } from './test';

let server: BuiltServer;
const ADMIN = { email: 'speed-admin@fieldhouse.test', password: 'speed admin password' };

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startBuiltServer(
    {
      RUM_SAMPLE_RATE: '1',
      SEED_DEMO: '1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      AUTH_RATE_LIMIT_MAX: '1000',
    },
    { timeoutMs: 150_000 },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

/** The reports the server has answered so far (its log's request lines: route and status). */
const reportsAnswered = () =>
  server
    .stdout()
    .split('\n')
    .filter((line) => line.includes('"method":"POST","route":"/api/rum/"'))
    .map((line) => (JSON.parse(line) as { status: number }).status);

/**
 * Opens `path` as a fresh page load in a new context of this size, waits until web-vitals has
 * come (after load, when idle), clicks the page, then leaves it: the report goes out as the page
 * is hidden. (Playwright does not see a request sent by a page being
 * unloaded, so the server's log says what arrived.)
 */
async function visitAndLeave(
  browser: Browser,
  path: string,
  viewport: { width: number; height: number },
): Promise<void> {
  const before = reportsAnswered().length;
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const vitals = page.waitForResponse((r) => /\/assets\/web-vitals-[^/]*\.js$/.test(r.url()));
  await page.goto(`${server.base}${path}`);
  await hydrated(page);
  await vitals;
  await page.locator('main').click({ position: { x: 2, y: 2 } });
  // A page outside the site, which sends no report of its own when the context closes.
  await page.goto('about:blank');
  await expect.poll(() => reportsAnswered().slice(before)).toEqual([204]);
  await context.close();
}

async function signIn(page: Page) {
  await page.goto(`${server.base}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The rows of one of the page's tables, each as its cells' text. */
async function tableRows(page: Page, label: string): Promise<string[][]> {
  return page
    .getByRole('region', { name: label })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent!.trim())),
    );
}

test('visitors’ reports arrive and the back office shows their percentiles per page and device', async ({
  browser,
  page,
}) => {
  // A product page on a desktop-sized window.
  const list = await (await fetch(`${server.base}/shop`)).text();
  const product = /href="(\/products\/\d+)"/.exec(list)?.[1];
  expect(product).toBeDefined();
  await visitAndLeave(browser, product!, { width: 1280, height: 800 });
  // The shop's list on a phone-sized window.
  await visitAndLeave(browser, '/shop', { width: 390, height: 844 });

  // The back office: each page and device with its figures, today in the trend.
  await signIn(page);
  await page.goto(`${server.base}/admin/speed`);
  await expect(page.getByRole('heading', { level: 1, name: 'Real-user speed' })).toBeVisible();
  const pages = await tableRows(page, 'Speed by page (table)');
  const row = (route: string) => pages.find((cells) => cells[0] === route);
  expect(row('/products/:productId')?.slice(0, 3)).toEqual([
    '/products/:productId',
    'Desktop',
    '1',
  ]);
  expect(row('/shop')?.slice(0, 3)).toEqual(['/shop', 'Phone', '1']);
  // LCP, CLS and TTFB each show a value and its band (INP only when the click was slow enough).
  for (const cells of [row('/products/:productId')!, row('/shop')!]) {
    expect(cells[3]).toMatch(/^\d+\.\d\d s(Good|Needs improvement|Poor)$/);
    expect(cells[5]).toMatch(/^\d\.\d\d(Good|Needs improvement|Poor)$/);
    expect(cells[6]).toMatch(/^\d+ ms(Good|Needs improvement|Poor)$/);
  }
  const days = await tableRows(page, 'Speed by day (table)');
  expect(days).toHaveLength(1);
  expect(days[0]![1]).toBe('2');
  expect(await tableRows(page, "Google's bands (table)")).toEqual([
    ['LCP (Largest Contentful Paint)', '≤ 2.50 s', '2.50 s – 4.00 s', '> 4.00 s'],
    ['INP (Interaction to Next Paint)', '≤ 200 ms', '200 ms – 500 ms', '> 500 ms'],
    ['CLS (Cumulative Layout Shift)', '≤ 0.10', '0.10 – 0.25', '> 0.25'],
    ['TTFB (Time to First Byte)', '≤ 800 ms', '800 ms – 1800 ms', '> 1800 ms'],
  ]);
  await expectNoSeriousViolations(page);

  // Another period is a link away; one it does not offer is refused and says so.
  await page.getByRole('link', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole('link', { name: 'Last 7 days' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const refused = await page.goto(`${server.base}/admin/speed?days=3`);
  expect(refused?.status()).toBe(400);
  await expect(page.getByRole('alert')).toContainText('Choose a period of 7, 28, 90 days.');

  // The back office measured nothing of its own, even when left.
  const answered = reportsAnswered().length;
  await hydrated(page);
  await page.waitForTimeout(1000);
  await page.goto(`${server.base}/about-us`);
  await page.waitForTimeout(1000);
  expect(reportsAnswered().length).toBe(answered);
  // No report was refused along the way.
  expect(
    server
      .stdout()
      .split('\n')
      .filter((l) => l.includes('Speed report refused')),
  ).toEqual([]);
});
