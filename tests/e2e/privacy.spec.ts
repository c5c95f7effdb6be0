// A person's data on request, on a server of this spec's own seeded first
// (tests/e2e/fixtures/seed-privacy.ts): a customer downloads everything the shop holds about
// them and deletes their account; staff still see their enquiries, anonymised, and the tax
// invoice of their order still downloads, unchanged. Staff carry out a guest's access and
// deletion requests, which the activity log records. The privacy notice states the configured
// retention periods and the Data Protection Officer's address.
import { readFileSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { runSeed } from './fixtures/run-seed';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';
import { expectNoSeriousViolations } from './axe';
import { expect, test, type Page } from './test';

interface Seeded {
  admin: { email: string; password: string };
  customer: { email: string; password: string };
  guestEmail: string;
  sold: { enquiryId: number; reference: string };
  order: { id: number; number: string };
  invoice: { id: number; number: string };
  unsold: { id: number; reference: string };
  guest: { id: number; reference: string };
}

let server: BuiltServer;
let seeded: Seeded;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  let dataDir: string;
  ({ dataDir, seeded } = runSeed<Seeded>('privacy'));
  server = await startBuiltServer(
    {
      AUTH_RATE_LIMIT_MAX: '1000',
      NODE_ENV: 'production',
      SITE_DPO_EMAIL: 'dpo@fieldhouse.test',
      RETENTION_ENQUIRY_MONTHS: '18',
    },
    { dataDir, timeoutMs: 150_000 },
  );
});

test.afterAll(async () => {
  await server?.stop();
});

const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto(`${server.base}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** Clicks what starts a download and returns the file's text. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<string> {
  const download = page.waitForEvent('download');
  await click();
  return readFileSync(await (await download).path(), 'utf8');
}

async function pdfText(data: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text;
}

test('a customer downloads their data and deletes their account; staff keep the anonymised enquiries and the invoice', async ({
  browser,
}) => {
  const customerContext = await browser.newContext();
  const page = await customerContext.newPage();
  await signIn(page, seeded.customer);
  await page.goto(`${server.base}/profile`);
  await hydrated(page);
  const section = page.getByRole('region', { name: 'Your data' });

  const json = JSON.parse(
    await downloaded(page, () =>
      section.getByRole('link', { name: 'Download my data (JSON)' }).click(),
    ),
  ) as {
    account: { email: string; name: string };
    enquiries: {
      reference: string;
      items: unknown[];
      orders: { documents: { number: string }[] }[];
    }[];
  };
  expect(json.account).toMatchObject({ email: seeded.customer.email, name: 'Mdm Tan Siew Ling' });
  expect(json.enquiries.map((e) => e.reference).sort()).toEqual(
    [seeded.sold.reference, seeded.unsold.reference].sort(),
  );
  const sold = json.enquiries.find((e) => e.reference === seeded.sold.reference)!;
  expect(sold.items.length).toBeGreaterThan(0);
  expect(sold.orders[0]!.documents[0]!.number).toBe(seeded.invoice.number);
  const html = await downloaded(page, () =>
    section.getByRole('link', { name: 'Download my data (HTML)' }).click(),
  );
  expect(html).toContain('<h1>Your data at Fieldhouse Sports Engineering</h1>');
  expect(html).toContain(`Enquiry ${seeded.sold.reference}`);
  expect(html).toContain(seeded.invoice.number);
  await expectNoSeriousViolations(page);

  // Deleting takes the password and the ticked box; each missing one is said under its field.
  const password = section.getByLabel('Password');
  const confirm = section.getByRole('checkbox', {
    name: 'I understand that my account is deleted for good.',
  });
  const remove = section.getByRole('button', { name: 'Delete my account' });
  await password.fill('not my password');
  await confirm.check();
  await remove.click();
  await expect(password).toHaveAccessibleDescription(/The password is not correct\./);
  await password.fill(seeded.customer.password);
  await confirm.uncheck();
  await remove.click();
  await expect(confirm).toHaveAccessibleDescription('Tick the box to confirm the deletion.');
  await confirm.check();
  await remove.click();
  await expect(page).toHaveURL(/\/login\?deleted=1$/);
  await expect(page.getByRole('status')).toHaveText(
    'Your account has been deleted and you have been signed out.',
  );
  // Signed out, and the account is gone: the same password signs in no more.
  expect((await page.goto(`${server.base}/profile`))!.url()).toContain('/login');
  await page.getByLabel('Email').fill(seeded.customer.email);
  await page.getByLabel('Password').fill(seeded.customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login/);
  await customerContext.close();

  // Staff: both enquiries are still there, with nobody's details.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, seeded.admin);
  for (const id of [seeded.sold.enquiryId, seeded.unsold.id]) {
    await staff.goto(`${server.base}/admin/enquiries/${id}`);
    const contact = staff.getByRole('region', { name: 'Contact' });
    await expect(contact).toContainText('Anonymised');
    await expect(staff.getByRole('main')).not.toContainText(seeded.customer.email);
    await expect(staff.getByRole('main')).not.toContainText('+65 9123 4567');
  }
  // The tax invoice of the order is kept as issued.
  const pdf = await staff.request.get(
    `${server.base}/admin/orders/${seeded.order.id}/documents/${seeded.invoice.number}.pdf`,
  );
  expect(pdf.status()).toBe(200);
  const text = await pdfText(await pdf.body());
  expect(text).toContain(seeded.invoice.number);
  expect(text).toContain('Mdm Tan Siew Ling');
  await staffContext.close();
});

test('staff carry out a guest’s access and deletion requests, recorded in the activity log', async ({
  page,
}) => {
  await signIn(page, seeded.admin);
  await page.goto(`${server.base}/admin/privacy`);
  await hydrated(page);
  await page.getByLabel('Email address').fill('not an address');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByLabel('Email address')).toHaveAccessibleDescription(
    'Please enter a valid email address.',
  );
  await page.getByLabel('Email address').fill(seeded.guestEmail);
  await page.getByRole('button', { name: 'Look up' }).click();
  const held = page.getByRole('region', { name: `Held about ${seeded.guestEmail}` });
  await expect(held).toContainText('AccountNone');
  await expect(held).toContainText('Enquiries1');
  await expectNoSeriousViolations(page);

  const exported = JSON.parse(
    await downloaded(page, () => held.getByRole('button', { name: 'Export JSON' }).click()),
  ) as { enquiries: { reference: string; contactName: string }[] };
  expect(exported.enquiries).toEqual([
    expect.objectContaining({ reference: seeded.guest.reference, contactName: 'Mr Guest Lim' }),
  ]);

  await held.getByRole('button', { name: 'Erase personal data' }).click();
  await expect(
    held.getByRole('checkbox', { name: /The person asked for their data to be deleted/ }),
  ).toHaveAccessibleDescription('Tick the box to confirm the deletion.');
  await held
    .getByRole('checkbox', { name: /The person asked for their data to be deleted/ })
    .check();
  await held.getByRole('button', { name: 'Erase personal data' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Erased: 1 enquiry and 0 messages anonymised; no account.',
  );
  await page.goto(`${server.base}/admin/enquiries/${seeded.guest.id}`);
  await expect(page.getByRole('region', { name: 'Contact' })).toContainText('Anonymised');

  await page.goto(`${server.base}/admin/activity?entity=person`);
  const entries = page.getByRole('list', { name: 'Changes, newest first' }).getByRole('listitem');
  await expect(entries.nth(0)).toContainText(
    'Privacy Admin erased the personal data of g•••@school.example',
  );
  await expect(entries.nth(1)).toContainText(
    'Privacy Admin exported the personal data of g•••@school.example',
  );
  await expect(page.getByRole('main')).not.toContainText(seeded.guestEmail);
});

test('the privacy notice states the periods in force and the Data Protection Officer', async ({
  page,
}) => {
  await page.goto(`${server.base}/privacy`);
  const retention = page.getByRole('region', { name: '4. How long we keep it' });
  await expect(retention).toContainText('Enquiries that never became an order: 18 months after');
  await expect(retention).toContainText('Contact form messages: 12 months after');
  await expect(retention).toContainText('kept for 5 years after the end of the financial year');
  await expect(page.getByRole('region', { name: '8. Data Protection Officer' })).toContainText(
    'E-mail: dpo@fieldhouse.test',
  );
});
