// The storefront as a buyer meets it: the phone header, listing states that tell the
// truth, focus that stays where the user is, and the small things a first walk-through found.
import { randomUUID } from 'node:crypto';
import { expect, hydrated, test, type Page } from './test';

const phone = { viewport: { width: 390, height: 844 } };

async function headerHeight(page: Page) {
  return (await page.locator('header').first().boundingBox())!.height;
}

test('on a phone the header is one row and the product page shows Add to Cart without scrolling', async ({
  browser,
}) => {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  for (const path of ['/', '/shop', '/products/3']) {
    await page.goto(path);
    expect(await headerHeight(page), path).toBeLessThanOrEqual(64);
  }
  // /shop has its own search box: the header does not add a second one.
  await page.goto('/shop');
  await expect(page.getByRole('searchbox')).toHaveCount(1);

  await page.goto('/products/3');
  await hydrated(page);
  const add = page.getByRole('button', { name: 'Add to Cart' });
  const box = (await add.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);

  // The phone menu: closed submenus point down; the search opens from its own button.
  await page.locator('summary', { hasText: 'Menu' }).click();
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  await expect(mobile.getByRole('link', { name: 'Contact Us' })).toBeVisible();
  const chevron = mobile.locator('summary', { hasText: 'Categories' }).locator('svg');
  // Tailwind 4's rotate-180 sets the `rotate` property.
  const turned = () => chevron.evaluate((el) => getComputedStyle(el).rotate);
  expect(await turned()).toBe('none');
  await mobile.locator('summary', { hasText: 'Categories' }).click();
  await expect.poll(turned).toBe('180deg');
  await context.close();
});

test('signed in on a phone, the header fits the screen: nothing scrolls sideways', async ({
  browser,
}) => {
  const context = await browser.newContext(phone);
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: {
      email: `phone-${randomUUID().slice(0, 8)}@school.example`,
      password: 'a long enough phone password',
      name: 'Mdm Tan Siew Ling',
    },
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(response.ok(), await response.text()).toBe(true);
  for (const path of ['/', '/orders', '/profile', '/cart']) {
    await page.goto(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(390);
    await expect(page.locator('summary', { hasText: 'Menu' })).toBeInViewport({ ratio: 1 });
  }
  await context.close();
});

test('the phone header works without JavaScript: search and menu open as disclosures', async ({
  browser,
}) => {
  const context = await browser.newContext({ ...phone, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('summary', { hasText: 'Search' }).click();
  await page.getByRole('searchbox', { name: 'Search our catalog' }).last().fill('net');
  await page.getByRole('searchbox', { name: 'Search our catalog' }).last().press('Enter');
  await expect(page).toHaveURL(/\/shop\?q=net$/);
  await context.close();
});

test('listing states: past the last page, an unknown sport, an unknown filter id', async ({
  page,
}) => {
  const beyond = await page.goto('/shop?page=99');
  await hydrated(page);
  expect(beyond!.status()).toBe(404);
  await expect(page.getByText(/There are only \d+ pages of these products\./)).toBeVisible();
  await expect(page).toHaveTitle(/^Page 99 not found \|/);
  await expect(page.getByText('No products match your search.')).toHaveCount(0);
  await expect(page.getByText(/page 99 of/)).toHaveCount(0);
  await page.getByRole('link', { name: /Go to page \d+/ }).click();
  await expect(page.locator('main a[href^="/products/"]').first()).toBeVisible();

  const sportPage = await page.goto('/shop/sports/1?page=2');
  expect(sportPage!.status()).toBe(404);
  await expect(page.getByText(/There (is only 1 page|are only \d+ pages)/)).toBeVisible();

  expect((await page.goto('/shop/sports/999'))!.status()).toBe(404);
  await expect(page).toHaveTitle(/^Page not found \|/);
  expect((await page.goto('/shop/category/999'))!.status()).toBe(404);

  await page.goto('/shop?sport=999');
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
});

test('a listing search keeps the keyboard focus in the search box', async ({ page }) => {
  await page.goto('/shop');
  await hydrated(page);
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.fill('net');
  await box.press('Enter');
  await expect(page).toHaveURL(/q=net/);
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('net');
});

test('the skip link does not cover the logo; an empty cart shows no count', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await expect(page.locator('[data-testid="cart-count"]')).toHaveCount(0);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  const a = (await skip.boundingBox())!;
  const logo = (await page.getByRole('link', { name: /home$/ }).boundingBox())!;
  expect(a.y + a.height).toBeLessThanOrEqual(logo.y);
});

test('product page: one breadcrumb level per step, thumbnails in view on a desktop', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  // Product 13 is in 'Fitness / NAPFA', a sport whose name holds a slash.
  await page.goto('/products/13');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
  await expect(crumbs.filter({ hasText: 'Fitness / NAPFA' })).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).not.toContainText(
    ' / NAPFA /',
  );
  const thumbs = page.getByRole('list', { name: 'Product images' }).getByRole('button');
  if ((await thumbs.count()) > 1) {
    const last = (await thumbs.last().boundingBox())!;
    expect(last.y + last.height).toBeLessThanOrEqual(800);
  }
  await context.close();
});
