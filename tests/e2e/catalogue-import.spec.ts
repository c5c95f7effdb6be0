// The catalogue in bulk, as the demo admin: export the list's filter, edit three rows and add one,
// the dry run shows exactly those, apply, the shop shows the changes; the Excel export and the
// images ZIP of a filtered list, read back; a file with errors shows them all and applies nothing;
// a long check shows its progress after a reload and is cancelled; a product's specifications
// edited in its form and shown on its page.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { pdfText } from '../pdf/text';
import { expect, hydrated, request as playwrightRequest, test, type Page } from './test';
import { expectNoSeriousViolations } from './axe';

const RUN = randomUUID().slice(0, 6).toUpperCase();

// Each test is a whole flow (an upload, a check on the server, pages read again): more than the
// default half minute on a loaded machine.
test.describe.configure({ timeout: 90_000 });

function demoAdmin() {
  const text = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'demo-admin.txt'), 'utf8');
  return { email: text.match(/email: (\S+)/)![1]!, password: text.match(/password: (\S+)/)![1]! };
}

async function signInAsAdmin(page: Page) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: demoAdmin(),
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

function toCsv(rows: string[][]): string {
  return rows
    .map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
    .join('\r\n');
}

async function zipOf(files: Record<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) zip.addBuffer(data, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The files of a ZIP on disk, by name. */
function unzip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error(`${file} is not a ZIP`));
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed ?? new Error(entry.fileName));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.readEntry();
    }),
  );
}

/** A picture of one colour, as staff would upload it. */
function picture(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 160, height: 120, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/** An image's average colour as [r, g, b], 0–255. */
async function averageColour(image: Buffer): Promise<number[]> {
  const { channels } = await sharp(image).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

/**
 * A draft of its own (off the shop, so no other spec meets it) made through Add Product's form
 * post, with `pictures` in order; answers its id.
 */
async function newDraft(
  page: Page,
  fields: Record<string, string | string[]>,
  pictures: Buffer[],
): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...fields, status: 'draft' }))
    for (const v of [value].flat()) form.append(name, v);
  pictures.forEach((data, i) => {
    form.append('images', `new:${i}`);
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), `${i}.png`);
  });
  // Posted as a form without JavaScript posts it: a saved product's answer redirects to its
  // edit page.
  const response = await page.request.post('/admin/create', { multipart: form, maxRedirects: 0 });
  expect(response.status(), await response.text()).toBe(302);
  return Number(/^\/admin\/edit\/(\d+)/.exec(response.headers()['location'] ?? '')![1]);
}

/** Clicks a link of the list's Export menu and answers the file it downloads. */
async function exported(page: Page, link: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: link }).click(),
  ]);
  return { name: download.suggestedFilename(), path: (await download.path())! };
}

async function upload(page: Page, csv: string, zip?: Buffer) {
  await page.goto('/admin/import');
  await page.getByLabel(/^Spreadsheet/).setInputFiles({
    name: 'catalogue.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  if (zip)
    await page.getByLabel(/^Images/).setInputFiles({
      name: 'images.zip',
      mimeType: 'application/zip',
      buffer: zip,
    });
  await page.getByRole('button', { name: 'Upload and check' }).click();
  await expect(page).toHaveURL(/\/admin\/import\/\d+$/);
}

test('export, edit three rows and add one, check, apply: the shop shows the changes', async ({
  page,
}) => {
  await signInAsAdmin(page);
  // The list filtered to Athletics: its export holds those products only.
  await page.goto('/admin/list?sport=10');
  await page.getByText('Export', { exact: true }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Spreadsheet (CSV) of the products in this list' }).click(),
  ]);
  const rows = parse(readFileSync((await download.path())!), { bom: true }) as string[][];
  const header = rows[0]!;
  const col = (name: string) => header.indexOf(name);
  expect(rows.slice(1).map((r) => r[col('Sport')])).toEqual([
    'Athletics',
    'Athletics',
    'Athletics',
  ]);
  const row = (id: string) => rows.find((r) => r[0] === id)!;

  row('28')[col('Name')] = `Running Track Resurfacing ${RUN}`;
  row('29')[col('Model code')] = `SB-${RUN}`;
  row('30')[col('Description')] = `Adjustable hurdles, now in ${RUN} colours.`;
  header.push('Spec: Length', 'Unit: Length');
  for (const r of rows.slice(1)) r.push('', '');
  const added = header.map(() => '');
  added[col('Model code')] = `RB-${RUN}`;
  added[col('Name')] = `Relay Batons ${RUN}`;
  added[col('Status')] = 'published';
  added[col('Sport')] = 'Athletics';
  added[col('Categories')] = 'Training Equipment';
  added[col('Images')] = 'batons.png';
  added[header.indexOf('Spec: Length')] = '30';
  added[header.indexOf('Unit: Length')] = 'cm';
  rows.push(added);
  const batons = await sharp({
    create: { width: 120, height: 90, channels: 3, background: '#c33' },
  })
    .png()
    .toBuffer();

  await upload(page, toCsv(rows), await zipOf({ 'batons.png': batons }));
  await expect(page.getByRole('heading', { name: 'What the import would do' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('count-Created')).toHaveText('1');
  await expect(page.getByTestId('count-Updated')).toHaveText('3');
  await expect(page.getByTestId('count-Errors')).toHaveText('0');
  const plan = page.getByRole('table').filter({ hasText: 'Changes' });
  await expect(plan.getByRole('row')).toHaveText([
    /Row.*Product.*Action.*Changes/,
    /Running Track Resurfacing .*Update.*Name/,
    /Update.*Model code/,
    /Update.*Description/,
    new RegExp(`Relay Batons ${RUN}.*Create.*New product`),
  ]);
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Apply 4 changes' }).click();
  await expect(page.getByText('Applied: 1 created, 3 updated.')).toBeVisible({ timeout: 20_000 });

  await page.goto('/products/28');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Running Track Resurfacing ${RUN}`,
  );
  await page.goto(`/shop?q=${encodeURIComponent(`RB-${RUN}`)}`);
  await page
    .getByRole('link', { name: new RegExp(`Relay Batons ${RUN}`) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Relay Batons ${RUN}`);
  await expect(page.getByRole('row', { name: 'Length 30 cm' })).toBeVisible();
  await expect(page.getByTestId('main-image')).toBeVisible();
});

test('the Excel export and the images ZIP hold the list’s products, formulas neutralised', async ({
  page,
}) => {
  await signInAsAdmin(page);
  const tag = `Xport${RUN}`;
  // What a spreadsheet would run as a formula (a link that sends the reader elsewhere) when the
  // file is opened, pasted into a description.
  const formula = '=HYPERLINK("https://example.com/pay","Order form")';
  const colours = { rebounder: ['#d02020', '#2040d0'], ladder: ['#20a040'] };
  const rebounder = await newDraft(
    page,
    {
      name: `${tag} Rebounder`,
      sportId: '1',
      categoryIds: ['8'],
      description: formula,
      specName: ['Width'],
      specValue: ['1.2'],
      specUnit: ['m'],
    },
    await Promise.all(colours.rebounder.map(picture)),
  );
  const ladder = await newDraft(
    page,
    { name: `${tag} Agility Ladder`, sportId: '1', categoryIds: ['8'] },
    await Promise.all(colours.ladder.map(picture)),
  );

  await page.goto(`/admin/list?q=${tag}`);
  const shown = page.getByText(/^\d+ products? matching/);
  await expect(shown).toHaveText(`2 products matching “${tag}”`);
  const count = Number((await shown.textContent())!.split(' ')[0]);
  const listed = await page
    .getByRole('table')
    .getByRole('checkbox', { name: /^Select (?!all)/ })
    .evaluateAll((boxes) =>
      boxes.map((b) => b.getAttribute('aria-label')!.slice('Select '.length)),
    );
  await page.getByText('Export', { exact: true }).click();
  const xlsx = await exported(page, 'Spreadsheet (Excel) of the products in this list');
  const zip = await exported(page, 'Images (ZIP) of the products in this list');
  expect(xlsx.name).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.xlsx$/);
  expect(zip.name).toMatch(/^catalogue-images-\d{4}-\d{2}-\d{2}\.zip$/);

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(xlsx.path);
  const sheet = book.getWorksheet('Catalogue')!;
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => rows.push(row));
  const cells = (row: ExcelJS.Row) =>
    Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).text);
  const header = cells(rows[0]!);
  expect(header).toEqual([
    'ID',
    'Model code',
    'Name',
    'Status',
    'Sport',
    'Categories',
    'Description',
    'Images',
    'Spec: Width',
    'Unit: Width',
  ]);
  const products = rows.slice(1).map((row) => ({
    row,
    ...Object.fromEntries(cells(row).map((text, i) => [header[i], text])),
  })) as ({ row: ExcelJS.Row } & Record<string, string>)[];
  // A row for each product the list shows, and for nothing else.
  expect(products).toHaveLength(count);
  expect(products.map((p) => p.Name).sort()).toEqual([...listed].sort());
  expect(products.map((p) => Number(p.ID))).toEqual([rebounder, ladder]);
  const [first] = products;
  expect(first).toMatchObject({
    Status: 'draft',
    Sport: 'Football',
    'Spec: Width': '1.2',
    'Unit: Width': 'm',
  });

  // The formula arrives as text with the apostrophe that stops a spreadsheet from running it.
  const description = first!.row.getCell(header.indexOf('Description') + 1);
  expect(description.type).toBe(ExcelJS.ValueType.String);
  expect(description.formula).toBeUndefined();
  expect(description.value).toBe(`'${formula}`);

  // The ZIP holds exactly the images the Images column names, each the picture uploaded there.
  const named = products.flatMap((p) => p.Images!.split('; ').filter(Boolean));
  expect(named).toEqual([`${rebounder}-1.jpg`, `${rebounder}-2.jpg`, `${ladder}-1.jpg`]);
  const files = await unzip(zip.path);
  expect([...files.keys()].sort()).toEqual([...named].sort());
  const uploaded = [...colours.rebounder, ...colours.ladder];
  for (const [i, name] of named.entries()) {
    const image = files.get(name)!;
    expect((await sharp(image).metadata()).format, name).toBe('jpeg');
    const want = [1, 3, 5].map((at) => parseInt(uploaded[i]!.slice(at, at + 2), 16));
    const got = await averageColour(image);
    got.forEach((c, channel) => expect(Math.abs(c - want[channel]!), name).toBeLessThan(16));
  }
});

test('a file with errors shows them all and applies nothing', async ({ page }) => {
  await signInAsAdmin(page);
  const csv = toCsv([
    ['ID', 'Model code', 'Name', 'Sport', 'Categories', 'Images'],
    ['29', '', 'Starting Blocks renamed', 'Quidditch', 'Training Equipment', ''],
    ['', `X-${RUN}`, '', 'Athletics', 'Training Equipment', ''],
    ['', `Y-${RUN}`, 'Cones', 'Athletics', 'Training Equipment', 'cones.jpg'],
    ['', '', '=HYPERLINK("http://x")', 'Athletics', 'Training Equipment', ''],
  ]);
  await upload(page, csv);
  const errors = page.getByRole('table').filter({ hasText: 'Problem' });
  await expect(errors.getByRole('row')).toHaveText(
    [
      /Row.*Column.*Problem/,
      /2.*Sport.*Unknown sport "Quidditch"/,
      /3.*Name.*Name is required\./,
      /4.*Images.*Image "cones.jpg" is named, but no ZIP of images was uploaded\./,
      /5.*Name.*A formula is not imported/,
    ],
    { timeout: 20_000 },
  );
  await expect(page.getByText('The file has 4 errors: nothing is applied.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Apply/ })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.goto('/products/29');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Starting Blocks renamed');
});

test('a long check shows its progress after a reload and can be cancelled', async ({ page }) => {
  await signInAsAdmin(page);
  const lines = [['Model code', 'Name', 'Sport', 'Categories']];
  for (let i = 0; i < 20_000; i++)
    lines.push([`BULK-${RUN}-${i}`, `Cone ${i}`, 'Athletics', 'Training Equipment']);
  await upload(page, toCsv(lines));
  await page.reload();
  await hydrated(page);
  await expect(page.getByRole('progressbar', { name: 'Rows checked' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the import' }).click();
  await expect(page.getByText('This import was cancelled: nothing was applied.')).toBeVisible({
    timeout: 15_000,
  });
  await page.goto(`/shop?q=${encodeURIComponent(`BULK-${RUN}-1`)}`);
  await expect(page.getByRole('link', { name: /Cone 1\b/ })).toHaveCount(0);
});

test('the job page follows a check: polling with JavaScript, never reloading itself; reloading without', async ({
  page,
  browser,
}) => {
  const csv = (tag: string) => {
    const lines = [['Model code', 'Name', 'Sport', 'Categories']];
    for (let i = 0; i < 8_000; i++)
      lines.push([`${tag}-${RUN}-${i}`, `Marker ${i}`, 'Athletics', 'Training Equipment']);
    return toCsv(lines);
  };
  // With JavaScript: the page first rendered while the check ran asked a browser without scripts
  // to reload; this one polls, and must not reload once the check is done (it did, 3 s after
  // loading, whatever the admin was doing then).
  await signInAsAdmin(page);
  await upload(page, csv('POLL'));
  let loads = 0;
  page.on('load', () => loads++);
  await expect(page.getByRole('heading', { name: 'What the import would do' })).toBeVisible({
    timeout: 30_000,
  });
  await page.waitForTimeout(4_000);
  expect(loads).toBe(0);

  // Without JavaScript: the page reloads itself until the check is done.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await signInAsAdmin(plain);
  await upload(plain, csv('RELOAD'));
  await expect(plain.getByRole('heading', { name: 'What the import would do' })).toBeVisible({
    timeout: 30_000,
  });
  await context.close();
});

test('specifications edited in the product form show on the product page', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/edit/23');
  await hydrated(page);
  await page.getByLabel('Model code (optional)').fill(`HG-${RUN}`);
  await page.getByLabel('Specification 1 name').fill('Width');
  await page.getByLabel('Specification 1 value').fill('3.66');
  await page.getByLabel('Specification 1 unit').fill('m');
  await page.getByRole('button', { name: 'Add a specification' }).click();
  await page.getByLabel('Specification 3 name').fill('Standard');
  await page.getByLabel('Specification 3 value').fill('FIH');
  await page.getByRole('button', { name: 'Move specification 3 up' }).click();
  await page.getByRole('button', { name: 'Move specification 2 up' }).click();
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByText(/successfully updated/)).toBeVisible();

  await page.goto('/products/23');
  const specs = page.getByRole('table');
  await expect(specs.getByRole('row')).toHaveText(['StandardFIH', 'Width3.66 m']);
  await expect(page.getByText(`HG-${RUN}`)).toBeVisible();
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent())!,
  );
  expect(jsonLd.additionalProperty).toEqual([
    { '@type': 'PropertyValue', name: 'Standard', value: 'FIH' },
    { '@type': 'PropertyValue', name: 'Width', value: '3.66', unitText: 'm' },
  ]);
  await expectNoSeriousViolations(page);
  expect(jsonLd.subjectOf.url).toMatch(/\/products\/23\/sheet\.pdf$/);

  // The product sheet, linked from the page, for anyone: a PDF of one page with the new code.
  const href = await page.getByRole('link', { name: 'Product sheet (PDF)' }).getAttribute('href');
  const guest = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  const sheet = await guest.get(href!);
  expect(sheet.headers()['content-type']).toBe('application/pdf');
  const { text, pages } = await pdfText(await sheet.body());
  expect(pages).toBe(1);
  expect(text).toContain(`HG-${RUN}`);
  expect((await guest.get('/products/999999/sheet.pdf')).status()).toBe(404);
  await guest.dispose();

  // A row with a value and no name is refused with its message, nothing saved.
  await page.goto('/admin/edit/23');
  await hydrated(page);
  await page.getByLabel('Specification 1 name').fill('');
  await page.getByRole('button', { name: 'SUBMIT' }).click();
  await expect(page.getByText('Each specification needs a name and a value.')).toBeVisible();
});
