// Hydration and ARIA stay honest: every page, signed out, as a customer and as an admin, hydrates
// without an error or a mismatch that React reports, and every aria-controls, aria-labelledby,
// aria-describedby and label[for] points at an element that exists, also inside the dialogs and
// menus that open on a click. Server and browser ids come from the same renderer (React's useId);
// a renderer that numbers them differently leaves references dangling after hydration.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, hydrated, test, type Page } from './test';

type Who = 'guest' | 'customer' | 'admin';
const EVERYONE: Who[] = ['guest', 'customer', 'admin'];
const SIGNED_IN: Who[] = ['customer', 'admin'];

interface PageCase {
  path: string;
  /** Who visits it; a page that sends a guest to /login is checked for signed-in users only. */
  who: Who[];
  /** Opens what the page hides until a click (a dialog, a menu), so its ids are checked too. */
  open?: {
    name: string;
    viewport?: { width: number; height: number };
    run: (page: Page) => Promise<void>;
  };
}

const phone = { width: 390, height: 844 };
const openPhoneMenu = {
  name: 'phone menu',
  viewport: phone,
  run: async (page: Page) => {
    await page.locator('summary', { hasText: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  },
};

/** Every page of the shop. Add new pages here (admin pages with `who: ['admin']`). */
const PAGES: PageCase[] = [
  { path: '/', who: EVERYONE, open: openPhoneMenu },
  {
    path: '/shop',
    who: EVERYONE,
    open: {
      name: 'filter dialog',
      viewport: phone,
      run: async (page) => {
        await page.getByRole('button', { name: /Filters/ }).click();
        await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
      },
    },
  },
  { path: '/shop?q=net', who: EVERYONE },
  { path: '/shop/sports/1', who: EVERYONE },
  { path: '/shop/category/1', who: EVERYONE },
  { path: '/products/3', who: EVERYONE },
  {
    path: '/login',
    who: ['guest'],
    open: {
      name: 'forgot-password dialog',
      run: async (page) => {
        await page.getByRole('button', { name: 'Forgot password' }).click();
        await expect(page.getByRole('dialog', { name: 'Forgot password' })).toBeVisible();
      },
    },
  },
  { path: '/register', who: ['guest'] },
  { path: '/reset-password', who: ['guest'] },
  { path: '/cart', who: EVERYONE },
  { path: '/profile', who: SIGNED_IN },
  { path: '/orders', who: SIGNED_IN },
  { path: '/about-us', who: EVERYONE },
  { path: '/contact-us', who: EVERYONE },
  { path: '/portfolio', who: EVERYONE },
  { path: '/napfa', who: EVERYONE },
  { path: '/terms', who: EVERYONE },
  { path: '/privacy', who: EVERYONE },
  { path: '/no-such-page', who: EVERYONE },
  { path: '/admin', who: ['admin'] },
  { path: '/admin/list', who: ['admin'] },
  { path: '/admin/create', who: ['admin'] },
  { path: '/admin/edit/3', who: ['admin'] },
  { path: '/admin/sports', who: ['admin'] },
  { path: '/admin/categories', who: ['admin'] },
  { path: '/admin/create-sport', who: ['admin'] },
  { path: '/admin/create-categories', who: ['admin'] },
  { path: '/admin/activity', who: ['admin'] },
  { path: '/admin/enquiries', who: ['admin'] },
  { path: '/admin/messages', who: ['admin'] },
];

// React reports hydration trouble as console errors (development: "Hydration failed…", "did not
// match"; production: minified errors 418–425), as recoverable errors, or as uncaught errors.
const HYDRATION = /hydrat|did not match|didn't match|react\.dev\/errors\/4(1[89]|2[0-5])/i;

/** Collects what the page reports: uncaught errors, console errors, hydration warnings. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`${page.url()} pageerror: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    // A 404 page's document is the one failed load a browser logs by design.
    if (message.type() === 'error' && /status of 404/.test(text)) return;
    if (message.type() === 'error' || HYDRATION.test(text))
      problems.push(`${page.url()} console.${message.type()}: ${text}`);
  });
  return problems;
}

/** Resolves once React has hydrated the page and its effects have run. */
async function settled(page: Page) {
  await hydrated(page);
  // Effects that change the page after hydration (a hydrated flag, a lazily loaded panel).
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))),
  );
}

/**
 * Each id reference that points at nothing, as `tag[attribute="id"]`. A collapsed control's
 * aria-controls may name content that is not rendered until it opens (Radix triggers, disclosure
 * buttons; axe allows it when aria-expanded is false): the opened state is checked separately.
 */
function danglingReferences(page: Page) {
  return page.evaluate(() => {
    const missing: string[] = [];
    const attributes = ['aria-controls', 'aria-labelledby', 'aria-describedby', 'for'];
    for (const element of document.querySelectorAll(
      '[aria-controls], [aria-labelledby], [aria-describedby], label[for]',
    )) {
      for (const attribute of attributes) {
        if (attribute === 'for' && element.tagName !== 'LABEL') continue;
        if (attribute === 'aria-controls' && element.getAttribute('aria-expanded') === 'false')
          continue;
        for (const id of (element.getAttribute(attribute) ?? '').split(/\s+/).filter(Boolean))
          if (!document.getElementById(id))
            missing.push(`${element.tagName.toLowerCase()}[${attribute}="${id}"]`);
      }
    }
    return missing;
  });
}

async function signIn(page: Page, who: Who) {
  if (who === 'guest') return;
  const origin = new URL(test.info().project.use.baseURL!).origin;
  let email: string;
  let password: string;
  if (who === 'admin') {
    const text = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'demo-admin.txt'), 'utf8');
    email = text.match(/email: (\S+)/)![1]!;
    password = text.match(/password: (\S+)/)![1]!;
  } else {
    email = `aria-${randomUUID().slice(0, 8)}@example.com`;
    password = 'correct horse battery';
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { email, password, name: 'Mdm Tan Siew Ling' },
      headers: { origin },
    });
    expect(signUp.ok(), await signUp.text()).toBe(true);
  }
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password },
    headers: { origin },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

for (const who of EVERYONE) {
  test(`every page hydrates without errors and its ARIA ids resolve (${who})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems = watch(page);
    await signIn(page, who);
    if (who !== 'guest') {
      // A cart line, so the cart page renders its lines and forms rather than the empty state.
      await page.goto('/products/3');
      await settled(page);
      await page
        .getByRole('button', { name: /add to cart/i })
        .first()
        .click();
      await expect(page.getByRole('link', { name: /^Cart, [1-9]/ })).toBeVisible();
    }
    const dangling: string[] = [];
    for (const { path: url, who: visitors, open } of PAGES) {
      if (!visitors.includes(who)) continue;
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(url);
      await settled(page);
      expect(new URL(page.url()).pathname, `${url} as ${who} was redirected`).toBe(
        new URL(url, 'http://x').pathname,
      );
      dangling.push(...(await danglingReferences(page)).map((ref) => `${url}: ${ref}`));
      if (open) {
        if (open.viewport) {
          await page.setViewportSize(open.viewport);
          await page.goto(url);
          await settled(page);
        }
        await open.run(page);
        dangling.push(
          ...(await danglingReferences(page)).map((ref) => `${url} (${open.name}): ${ref}`),
        );
      }
    }
    // Both lists in one assertion, so a failure shows every kind of problem at once.
    expect({ dangling, problems }).toEqual({ dangling: [], problems: [] });
    await context.close();
  });
}
