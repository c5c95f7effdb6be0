// A quotation's link page in the built shop, for what the end-to-end server cannot be given:
// revisions made here with the factories (an expired one, one a newer revision replaced) and
// handed to a server over its database (PostgreSQL with TEST_DB=postgres, else a copy of this
// PGlite database in its data folder). Read in Chromium (the states, axe, both widths) and over
// plain HTTP (a refused answer, a forged link, a PO file too large for the form and for the body).
import { mkdirSync, mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSentRevision } from '../factories';
import { db } from '~/services/db/client.server';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';

const postgres = process.env.TEST_DB === 'postgres';

let server: BuiltServer;
let browser: Browser;
let expired: Awaited<ReturnType<typeof createSentRevision>>;
let first: Awaited<ReturnType<typeof createSentRevision>>;
let second: Awaited<ReturnType<typeof createSentRevision>>;
let open: Awaited<ReturnType<typeof createSentRevision>>;

beforeAll(async () => {
  expired = await createSentRevision({ validUntil: new Date(Date.now() - 86_400_000) });
  first = await createSentRevision();
  second = await createSentRevision({ enquiryId: first.enquiryId });
  open = await createSentRevision();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fieldhouse-quotation-link-'));
  if (!postgres) {
    // The server gets this database as its own data folder (PGlite: one process per folder).
    const client = (db() as unknown as { $client: PGlite }).$client;
    const copy = new PGlite({
      dataDir: path.join(dataDir, 'db'),
      extensions: { pg_trgm },
      loadDataDir: await client.dumpDataDir('none'),
    });
    await copy.query('SELECT 1');
    await copy.close();
  }
  server = await startBuiltServer(
    { DATABASE_URL: postgres ? process.env.DATABASE_URL! : '', AUTH_SECRET: 'q'.repeat(40) },
    { dataDir },
  );
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function look(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
  const dir = path.join('test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
}

/** A plain form post from the page's own origin, as a browser without JavaScript sends it. */
function post(token: string, body: FormData | URLSearchParams) {
  return fetch(`${server.base}/quotations/${token}`, {
    method: 'POST',
    body,
    headers: { origin: server.base },
    redirect: 'manual',
  });
}

describe('the link of a revision that can no longer be answered', () => {
  it('expired: says since when and how to get a new one, offers no answer, and refuses one (410)', async () => {
    const page = await (await browser.newContext()).newPage();
    const response = await page.goto(`${server.base}/quotations/${expired.token}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await page.getByRole('heading', { level: 1, name: `Quotation ${expired.number}` }).waitFor();
    expect(await page.getByText('Expired', { exact: true }).count()).toBe(1);
    expect(await page.getByText(/This quotation expired on \d+ \w+ \d{4}\./).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Accept/ }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Your answer' }).count()).toBe(0);
    // Still readable: its PDF downloads.
    const href = await page
      .getByRole('link', { name: 'Download this quotation (PDF)' })
      .getAttribute('href');
    const pdf = await page.request.get(`${server.base}${href}`);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await look(page, 'quotation-link-expired');

    const form = new URLSearchParams({ intent: 'accept', name: 'Tan', designation: 'HOD' });
    const refused = await post(expired.token, form);
    expect(refused.status).toBe(410);
    expect(await refused.text()).toMatch(
      /This quotation expired on .*Please ask us for a new revision/,
    );
    await page.reload();
    expect(await page.getByText('Expired', { exact: true }).count()).toBe(1);
    await page.close();
  });

  it('superseded: names the newer revision without a way to its link; every revision stays readable', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${server.base}/quotations/${first.token}`);
    await page.getByRole('heading', { level: 1, name: `Quotation ${first.number}` }).waitFor();
    expect(
      await page.getByText(`A newer revision, ${second.number}, replaces this quotation.`).count(),
    ).toBe(1);
    expect(await page.getByText('Replaced by a newer revision').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: /^Accept/ }).count()).toBe(0);
    const hrefs = await page
      .locator('a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.some((h) => h?.includes(second.token))).toBe(false);
    // The newer revision's PDF through this link.
    const newer = page.getByRole('link', { name: `${second.number}.pdf` });
    const pdf = await page.request.get(`${server.base}${await newer.getAttribute('href')}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-disposition']).toContain(`filename="${second.number}.pdf"`);
    await look(page, 'quotation-link-superseded');

    const refused = await post(first.token, new URLSearchParams({ intent: 'decline' }));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      `A newer revision, ${second.number}, replaces this quotation.`,
    );
    await page.close();
  });

  it('a forged link is a 404 that leaks nothing, and takes no upload', async () => {
    const forged = `${open.token.slice(0, 42)}${open.token.endsWith('A') ? 'B' : 'A'}`;
    const page = await fetch(`${server.base}/quotations/${forged}`);
    expect(page.status).toBe(404);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    const pdf = await fetch(`${server.base}/quotations/${forged}/${open.number}.pdf`);
    expect(pdf.status).toBe(404);
    const form = new FormData();
    form.set('intent', 'accept');
    form.set('poFile', new File([new Uint8Array(2 * 1024 * 1024)], 'po.pdf'));
    expect((await post(forged, form)).status).toBe(404);
  });
});

describe('a PO file too large, sent without JavaScript', () => {
  it('over 10 MB: the browser shows the page that says so (413), not a reset; nothing is recorded', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.base}/quotations/${open.token}`);
    const form = page.getByRole('form', { name: 'Accept this quotation' });
    await form.getByLabel('Your name').fill('Tan Ah Kow');
    await form.getByLabel('Designation').fill('HOD');
    await form.getByLabel('Purchase order file (optional)').setInputFiles({
      name: 'po.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.alloc(12 * 1024 * 1024, 0x25),
    });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      form.getByRole('button', { name: /^Accept/ }).click(),
    ]);
    expect(response.status()).toBe(413);
    await form
      .getByText('The purchase order file must be 10 MB or smaller.')
      .waitFor({ timeout: 15_000 });
    await page.goto(`${server.base}/quotations/${open.token}`);
    expect(await page.getByText('Awaiting reply').count()).toBe(1);
    await context.close();
  });

  it('beyond any upload: refused from its declared length (413) before a byte is read', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${server.base}/quotations/${open.token}`, {
        method: 'POST',
        agent: false,
        headers: {
          origin: server.base,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(40 * 1024 * 1024),
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(status).toBe(413);
  });
});
