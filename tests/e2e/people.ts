// Who a spec acts as (the demo admin, or a new customer, each in a browser context of its own),
// and the steps of the sale several specs share.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, hydrated, mailsAbout, test, type Browser, type Page } from './test';

/** The demo admin the e2e server's seed wrote down. */
export function demoAdmin() {
  const text = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'demo-admin.txt'), 'utf8');
  return { email: text.match(/email: (\S+)/)![1]!, password: text.match(/password: (\S+)/)![1]! };
}

/** A page in its own browser context, signed in as the demo admin. */
export async function staffPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const admin = demoAdmin();
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin/);
  return page;
}

/** A page in its own browser context (scripts on unless told) with a new customer signed in. */
export async function customerPage(
  browser: Browser,
  { javaScriptEnabled = true }: { javaScriptEnabled?: boolean } = {},
): Promise<Page> {
  const page = await (await browser.newContext({ javaScriptEnabled })).newPage();
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: {
      email: `buyer-${randomUUID().slice(0, 8)}@school.example`,
      password: 'correct horse battery',
      name: 'Mdm Tan',
    },
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(response.ok()).toBe(true);
  return page;
}

/** Opens an enquiry in the back office from its reference, ready for its scripts. */
export async function openEnquiry(staff: Page, reference: string) {
  await staff.goto(`/admin/enquiries?q=${reference}`);
  await staff
    .getByRole('list', { name: 'Enquiries' })
    .getByRole('link', { name: reference })
    .click();
  await expect(staff.getByRole('heading', { name: `Enquiry ${reference}` })).toBeVisible();
  await hydrated(staff);
}

/** The buyer's link to answer a quotation revision, read from its e-mail. */
export async function quotationLink(number: string): Promise<string> {
  await expect.poll(() => mailsAbout(`Subject: Quotation ${number} for`).length).toBe(1);
  const mail = mailsAbout(`Subject: Quotation ${number} for`)[0]!;
  return new URL(mail.match(/https?:\/\/\S+?\/quotations\/[\w-]{43}/)![0]!).pathname;
}
