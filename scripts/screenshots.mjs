// Screenshots of the shop's pages at phone (390 px) and desktop (1280 px) widths, for looking at
// what a change did. Starts the built shop on a temporary data folder with the demo catalogue,
// signs a customer in and fills a cart so the account and cart pages show content.
//
//   node scripts/screenshots.mjs [out-dir] [name …]   (builds first when there is no build)
//
// Writes <out-dir>/<name>-<width>.png (default out-dir: ./screenshots, which git ignores).
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startShop } from './lib/shop-server.mjs';

const outDir = path.resolve(process.argv[2] ?? 'screenshots');
const only = process.argv.slice(3);
mkdirSync(outDir, { recursive: true });
const shop = await startShop({
  port: Number(process.env.SHOTS_PORT ?? 3207),
  env: { AUTH_RATE_LIMIT_MAX: '1000' },
});
const base = shop.base;

/** Pages to shoot: a name, a path, and whether a signed-in customer with a cart is needed. */
const pages = [
  { name: 'home', path: '/' },
  { name: 'shop', path: '/shop' },
  {
    // The filter panel with its counts; under Football some categories have none (greyed out).
    name: 'shop-filters',
    path: '/shop?sport=1&sort=name',
    act: async (page) => {
      await page.getByRole('button', { name: /Filters/ }).click();
      await page.getByRole('dialog', { name: 'Filters' }).waitFor();
    },
  },
  { name: 'product', path: '/products/3' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'reset-bogus', path: '/reset-password?token=bogus' },
  { name: 'about-us', path: '/about-us' },
  { name: 'contact-us', path: '/contact-us' },
  { name: 'portfolio', path: '/portfolio' },
  { name: 'napfa', path: '/napfa' },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'cart-guest', path: '/cart', guestCart: true },
  { name: 'cart', path: '/cart', signedIn: true },
  {
    name: 'orders',
    path: '/orders',
    signedIn: true,
    before: async (page) => {
      await page.goto(`${base}/cart`);
      await page.getByLabel('Organisation').fill('Bukit Timah Primary School');
      await page.getByLabel('Message').fill('Please quote for delivery and installation in March.');
      await page.getByRole('button', { name: 'ENQUIRE' }).click();
      await page.waitForURL(/\/orders\/\d+\?sent=1$/);
    },
  },
  {
    // A guest's enquiry just sent: the confirmation page as the sender's browser shows it.
    name: 'confirmation',
    before: async (page) => {
      confirmation = await guestEnquiry(page);
      pages.find((p) => p.name === 'confirmation').path = confirmation;
    },
  },
  {
    // The same page opened from the e-mailed link in another browser: contact details masked.
    name: 'confirmation-masked',
    before: async (page) => {
      confirmation ??= await guestEnquiry(page);
      await page.context().clearCookies();
      pages.find((p) => p.name === 'confirmation-masked').path = confirmation.split('?')[0];
    },
  },
  // The guest's cart after sending: the empty state, no Order Summary.
  { name: 'cart-empty', path: '/cart' },
  { name: 'profile', path: '/profile', signedIn: true },
  {
    name: 'profile-two-factor',
    path: '/profile',
    signedIn: true,
    act: async (page) => {
      const section = page.getByRole('region', { name: 'Two-factor sign-in' });
      await section.getByLabel('Password').fill('correct horse battery');
      await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await section.getByRole('img').waitFor();
    },
  },
  { name: 'two-factor-code', path: '/login/two-factor' },
  // The back office, signed in as the demo admin (`admin: true`).
  { name: 'admin', path: '/admin', admin: true },
  { name: 'admin-list', path: '/admin/list', admin: true },
  {
    name: 'admin-list-delete',
    path: '/admin/list',
    admin: true,
    act: async (page) => {
      await page
        .getByRole('link', { name: /^Delete / })
        .first()
        .click();
      await page.getByRole('alertdialog', { name: 'Are you sure?' }).waitFor();
    },
  },
  { name: 'admin-list-no-images', path: '/admin/list?images=none', admin: true },
  {
    // Two products hidden with the bulk actions, then two ticked: badges and the action bar.
    name: 'admin-list-bulk',
    path: '/admin/list?sort=name',
    admin: true,
    act: async (page) => {
      const boxes = page.getByRole('checkbox', { name: /^Select (?!all)/ });
      for (const n of [0, 1]) await boxes.nth(n).check();
      await page.getByRole('button', { name: 'Hide', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /hidden from the shop|Nothing to change/ })
        .waitFor();
      for (const n of [1, 2]) await boxes.nth(n).check();
    },
  },
  {
    name: 'admin-list-trash',
    path: '/admin/list?status=trashed',
    admin: true,
    before: async (page) => {
      await page.goto(`${base}/admin/list?sort=id-desc`, { waitUntil: 'networkidle' });
      await page
        .getByRole('checkbox', { name: /^Select (?!all)/ })
        .first()
        .check();
      await page.getByRole('button', { name: 'Move to trash' }).click();
      await page.getByRole('status').filter({ hasText: 'moved to the trash' }).waitFor();
    },
  },
  {
    name: 'admin-create-errors',
    path: '/admin/create',
    admin: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'SUBMIT' }).click();
      await page.getByText('Upload at least one image.').waitFor();
    },
  },
  {
    name: 'admin-create-crop',
    path: '/admin/create',
    admin: true,
    act: async (page) => {
      const sharp = (await import('sharp')).default;
      const buffer = await sharp({
        create: { width: 900, height: 600, channels: 3, background: '#0b5cd5' },
      })
        .png()
        .toBuffer();
      await page.locator('input[type=file]').setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer,
      });
      await page.getByRole('dialog', { name: 'Crop Image' }).waitFor();
      await page.waitForTimeout(300);
    },
  },
  { name: 'admin-create', path: '/admin/create', admin: true },
  { name: 'admin-edit', path: '/admin/edit/3', admin: true },
  { name: 'admin-sports', path: '/admin/sports', admin: true },
  {
    name: 'admin-sports-rename',
    path: '/admin/sports',
    admin: true,
    act: async (page) => {
      await page.getByRole('link', { name: 'Rename Basketball' }).click();
      await page.getByRole('dialog', { name: 'Rename sport' }).waitFor();
    },
  },
  {
    name: 'admin-sports-in-use',
    path: '/admin/sports',
    admin: true,
    act: async (page) => {
      await page.getByRole('link', { name: 'Delete Football' }).click();
      await page.getByRole('button', { name: 'Yes, delete it!' }).click();
      await page.getByRole('alertdialog', { name: 'Error' }).waitFor();
    },
  },
  { name: 'admin-categories', path: '/admin/categories', admin: true },
  { name: 'admin-create-sport', path: '/admin/create-sport', admin: true },
  {
    name: 'admin-create-categories-duplicate',
    path: '/admin/create-categories',
    admin: true,
    act: async (page) => {
      await page.getByLabel('Category name').fill('goalposts');
      await page.getByRole('button', { name: 'SUBMIT' }).click();
      await page.getByText('A category with this name already exists.').waitFor();
    },
  },
  {
    name: 'admin-activity',
    path: '/admin/activity',
    admin: true,
    // Something to show: a sport created and renamed (the second width finds it done already).
    before: async (page) => {
      for (const [path, name, act] of [
        ['/admin/create-sport', 'Sport name', 'Submit'],
        ['/admin/create-categories', 'Category name', 'Submit'],
      ]) {
        await page.goto(`${base}${path}`);
        await page.getByLabel(name).fill(path.includes('sport') ? 'Pickleball' : 'Paddles');
        await Promise.all([
          page.waitForResponse((r) => r.request().method() === 'POST'),
          page.getByRole('button', { name: act }).click(),
        ]);
      }
    },
  },
  // The inbox: a guest enquiry worked through (note, reply, quotation) before the first shot.
  { name: 'admin-enquiries', path: '/admin/enquiries', admin: true, before: workedEnquiry },
  {
    name: 'admin-enquiry',
    admin: true,
    before: async (page) =>
      (pages.find((p) => p.name === 'admin-enquiry').path = await workedEnquiry(page)),
  },
  {
    name: 'admin-quotation',
    admin: true,
    before: async (page) =>
      (pages.find((p) => p.name === 'admin-quotation').path =
        `${await workedEnquiry(page)}/quotation`),
  },
  { name: 'admin-messages', path: '/admin/messages', admin: true },
  {
    // The customer's own enquiry after staff replied and quoted.
    name: 'order-quoted',
    signedIn: true,
    before: async (page) => {
      await page.goto(`${base}/orders`);
      if (!(await page.getByRole('article').count())) {
        await page.goto(`${base}/cart`);
        await page
          .getByLabel('Message')
          .fill('Please quote for delivery and installation in March.');
        await page.getByRole('button', { name: 'ENQUIRE' }).click();
        await page.waitForURL(/\/orders\/\d+\?sent=1$/);
        await page.goto(`${base}/orders`);
      }
      const href = await page
        .getByRole('article')
        .first()
        .getByRole('link')
        .first()
        .getAttribute('href');
      const staff = await adminPage(page.context().browser(), 1280);
      await workThrough(staff, `/admin${href.replace('/orders', '/enquiries')}`);
      await staff.context().close();
      pages.find((p) => p.name === 'order-quoted').path = href;
    },
  },
].filter((p) => only.length === 0 || only.includes(p.name));

let worked = null;
/** The path of the guest enquiry's confirmation page that the `confirmation` shots show. */
let confirmation = null;

/** A guest sends an enquiry of two products; returns the confirmation page's path. */
async function guestEnquiry(page) {
  for (const id of [3, 13]) {
    await page.goto(`${base}/products/${id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Added to Cart').first().waitFor();
  }
  await page.goto(`${base}/cart`);
  await page
    .getByLabel('Message')
    .fill('Two sets for our NAPFA tests in April, delivered to the school hall.');
  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Information' });
  await dialog.getByLabel('Name (optional)').fill('Mdm Tan Siew Ling');
  await dialog.getByLabel('Email').fill('siewling.tan@bedokprimary.example');
  await dialog.getByLabel('Phone Number (optional)').fill('+65 6441 2345');
  await dialog.getByLabel('Organisation (optional)').fill('Bedok Primary School');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/enquiries\/[\w-]{43}(\?sent=1)?$/);
  return new URL(page.url()).pathname + new URL(page.url()).search;
}

/** Staff add a note, reply and send a quotation on the enquiry at `path` (an admin URL). */
async function workThrough(staff, path) {
  await staff.goto(`${base}${path}`);
  if (await staff.getByRole('region', { name: 'Timeline' }).getByText('replied by e-mail').count())
    return;
  await staff
    .getByLabel('Private note')
    .fill('Called the PE department: the field is ready from 10 March.');
  await staff.getByRole('button', { name: 'Add note' }).click();
  await staff.getByText('Called the PE department').first().waitFor();
  await staff
    .getByLabel('Reply to the customer')
    .fill(
      'Thank you for your enquiry. We can deliver and install in the second week of March; our quotation follows.',
    );
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await staff.getByText('replied by e-mail').first().waitFor();
  await staff.goto(`${base}${path}/quotation`);
  const prices = staff.getByLabel(/^Unit price \(S\$\) for /);
  const count = await prices.count();
  for (let i = 0; i < count; i++) await prices.nth(i).fill(['1250.50', '89.90', '420'][i % 3]);
  await staff.getByLabel('Extra line 1 description').fill('Delivery to school');
  await staff.getByLabel('Unit price (S$) of extra line 1').fill('150');
  await staff.getByLabel('Extra line 2 description').fill('Installation (2 technicians, half day)');
  await staff.getByLabel('Unit price (S$) of extra line 2').fill('380');
  await staff.getByRole('button', { name: 'Send quotation' }).click();
  await staff.waitForURL(/sent=/);
}

/** Once per run: a guest's enquiry, worked through by staff; returns its admin URL. */
async function workedEnquiry(staff) {
  if (worked) return worked;
  const context = await staff.context().browser().newContext();
  const guest = await context.newPage();
  for (const id of [3, 2, 13]) {
    await guest.goto(`${base}/products/${id}`);
    await guest.getByRole('button', { name: 'Add to Cart' }).click();
    await guest.getByText('Added to Cart').first().waitFor();
  }
  await guest.goto(`${base}/cart`);
  await guest
    .getByLabel('Message')
    .fill('Goalposts and court taping for our new field at Bedok; delivery before sports day.');
  await guest.getByRole('button', { name: 'ENQUIRE' }).click();
  const dialog = guest.getByRole('dialog', { name: 'Contact Information' });
  await dialog.getByLabel('Email').fill('ops@bedokprimary.example');
  await dialog.getByLabel('Phone Number (optional)').fill('+65 6441 2345');
  await dialog.getByLabel('Organisation (optional)').fill('Bedok Primary School');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const reference = await guest.getByTestId('enquiry-reference').textContent();
  await context.close();
  await staff.goto(`${base}/admin/enquiries?q=${reference}`);
  const href = await staff.getByRole('link', { name: reference }).getAttribute('href');
  await workThrough(staff, href);
  worked = href;
  return worked;
}

/** A page signed in as the demo admin (its generated password is in the data folder). */
async function adminPage(browser, width) {
  const password = /password:\s*(\S+)/.exec(
    readFileSync(path.join(shop.dataDir, 'demo-admin.txt'), 'utf8'),
  )?.[1];
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 900 },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill('admin@fieldhouse.example');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/admin/);
  return page;
}

try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const email = `shots-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password, name: 'Mdm Tan Siew Ling' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);

  for (const width of [390, 1280]) {
    const context = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 900 },
      deviceScaleFactor: 1,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    let signedIn = false;
    let admin = null;
    for (const shot of pages) {
      if (shot.admin) {
        admin ??= await adminPage(browser, width);
        await shot.before?.(admin);
        await admin.goto(`${base}${shot.path}`, { waitUntil: 'networkidle' });
        await shot.act?.(admin);
        const file = path.join(outDir, `${shot.name}-${width}.png`);
        await admin.screenshot({ path: file, fullPage: true });
        console.log(file);
        continue;
      }
      if (shot.guestCart) {
        await page.goto(`${base}/products/3`);
        await page.getByRole('button', { name: 'Add to Cart' }).click();
        await page.getByText('Added to Cart').first().waitFor();
      }
      if (shot.signedIn && !signedIn) {
        await page.goto(`${base}/login`);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(password);
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.waitForURL(`${base}/`);
        signedIn = true;
        for (const id of [2, 13]) {
          await page.goto(`${base}/products/${id}`);
          await page.getByRole('button', { name: 'Add to Cart' }).click();
          await page.getByText('Added to Cart').first().waitFor();
        }
      }
      if (!shot.signedIn && signedIn) {
        await context.clearCookies();
        signedIn = false;
      }
      await shot.before?.(page);
      await page.goto(`${base}${shot.path}`, { waitUntil: 'networkidle' });
      await shot.act?.(page);
      const file = path.join(outDir, `${shot.name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await context.close();
    await admin?.context().close();
  }
  await browser.close();
} finally {
  await shop.stop();
}
