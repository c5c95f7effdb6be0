// What buyers of a B2B catalogue expect: the listing's sort in the URL, a count next to
// each filter option, a quantity beside Add to Cart, and password fields with a show/hide toggle
// and the rules shown before the first error.
import { randomUUID } from 'node:crypto';
import { expect, hydrated, test, type APIRequestContext, type Page } from './test';
import { expectNoSeriousViolations } from './axe';
import { demoCategories, demoProducts, demoSports } from '../../app/content/demo-catalogue';
import { MAX_QUANTITY, QUANTITY_MESSAGE } from '../../app/lib/cart';
import { PASSWORD_RULES } from '../../app/lib/schemas/account';

const sportId = (name: string) => demoSports.find((s) => s.name === name)!.id;
const cards = (page: Page) => page.locator('main ul li a[href^="/products/"]');
const cardNames = async (page: Page) =>
  (await cards(page).locator('h2').allTextContents()).map((text) => text.trim());
const origin = () => new URL(test.info().project.use.baseURL!).origin;

/** A filter option's description: how many products ticking it would list. */
const matching = (n: number) => `${n} matching ${n === 1 ? 'product' : 'products'}`;

/** How many products the read API lists for a query (the catalogue service's own count). */
async function apiTotal(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/api/v1/products?${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { total: number }).total;
}

test.describe('sort', () => {
  test('changes the order and the URL, keeps the filters, resets the page and survives a reload', async ({
    page,
  }) => {
    const football = sportId('Football');
    await page.goto(`/shop?sport=${football}&page=1`);
    await hydrated(page);
    const sort = page.getByLabel('Sort by');
    await expect(sort).toHaveValue('newest');
    // Relevance is only offered for a search.
    await expect(sort.locator('option')).toHaveText(['Newest', 'Name A–Z']);
    const newest = await cardNames(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));

    await sort.selectOption({ label: 'Name A–Z' });
    await expect(page).toHaveURL(new RegExp(`/shop\\?sport=${football}&sort=name$`));
    // Other tests add products as this runs, so the order is checked, not a list fixed up front.
    const byName = (names: string[]) =>
      [...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    const firstFootball = byName(
      demoProducts.filter((p) => p.sportId === football).map((p) => p.name),
    )[0]!;
    const inNameOrder = (names: string[]) =>
      names.includes(firstFootball) && names.join('|') === byName(names).join('|');
    await expect.poll(async () => inNameOrder(await cardNames(page))).toBe(true);
    const named = await cardNames(page);
    expect(named).not.toEqual(newest);
    // No full reload: the window is the same one.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await expect(page.getByRole('link', { name: /Remove filter Football/ })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Sort by')).toHaveValue('name');
    expect(inNameOrder(await cardNames(page))).toBe(true);
    // The canonical URL is the listing without its order.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/shop/sports/${football}$`),
    );

    // From page 2, a new order starts again at page 1.
    await page.goto('/shop?page=2');
    await hydrated(page);
    await page.getByLabel('Sort by').selectOption('name');
    await expect(page).toHaveURL(/\/shop\?sort=name$/);
    await expect(page.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('relevance is the default of a search; a bad sort is ignored, not an error', async ({
    page,
  }) => {
    await page.goto('/shop?q=net');
    await hydrated(page);
    await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
    await page.getByLabel('Sort by').selectOption('newest');
    await expect(page).toHaveURL(/\/shop\?q=net&sort=newest$/);
    // A new search keeps the chosen order.
    await page.getByRole('searchbox', { name: 'Search products' }).fill('goal');
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/shop\?q=goal&sort=newest$/);

    for (const bad of ['bogus', 'relevance', '', 'NAME', 'name%20']) {
      const response = await page.goto(`/shop?sort=${bad}`);
      expect(response!.status(), bad).toBe(200);
      await expect(page.getByLabel('Sort by')).toHaveValue('newest');
    }
  });

  test('works without JavaScript as a GET form that keeps the filters', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const basketball = sportId('Basketball');
    await page.goto(`/shop?q=hoop&sport=${basketball}`);
    await page.getByLabel('Sort by').selectOption('name');
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await expect(page).toHaveURL(/sort=name/);
    const url = new URL(page.url());
    expect(url.searchParams.get('q')).toBe('hoop');
    expect(url.searchParams.get('sport')).toBe(String(basketball));
    await expect(page.getByLabel('Sort by')).toHaveValue('name');
    const names = await cardNames(page);
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    await context.close();
  });
});

test.describe('filter counts', () => {
  test('each sport and category shows how many products it would list', async ({
    page,
    request,
  }) => {
    await page.goto('/shop');
    await hydrated(page);
    await page.getByRole('button', { name: /Filters/ }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await expect(panel.getByRole('checkbox', { name: 'Football', exact: true })).toBeVisible();
    // Already there when the dialog opens (read when the page ran), not a moment later. At least
    // the demo's sports: specs running beside this one may have added a sport of their own.
    expect(await panel.locator('[id^="sport-"][id$="-count"]').count()).toBeGreaterThanOrEqual(
      demoSports.length,
    );
    for (const sport of demoSports) {
      const n = await apiTotal(request, `sport=${sport.id}`);
      const box = panel.getByRole('checkbox', { name: sport.name, exact: true });
      await expect(box).toHaveAccessibleDescription(matching(n));
      await expect(
        panel.locator('li', { has: page.locator(`#sport-${sport.id}-count`) }),
      ).toContainText(`${sport.name} (${n})`);
    }
    for (const category of demoCategories) {
      const n = await apiTotal(request, `category=${category.id}`);
      const box = panel.getByRole('checkbox', { name: category.name, exact: true });
      await expect(box).toHaveAccessibleDescription(matching(n));
    }
    await expectNoSeriousViolations(page);
  });

  test('counts follow the search and the other filters; an option with none cannot be ticked', async ({
    page,
    request,
  }) => {
    const football = sportId('Football');
    // A category that no football product has (from the demo catalogue the shop was seeded with).
    const empty = demoCategories.find(
      (c) => !demoProducts.some((p) => p.sportId === football && p.categoryIds.includes(c.id)),
    )!;
    const full = demoCategories.find((c) =>
      demoProducts.some((p) => p.sportId === football && p.categoryIds.includes(c.id)),
    )!;
    await page.goto(`/shop?sport=${football}`);
    await hydrated(page);
    await page.getByRole('button', { name: /Filters/ }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    const emptyBox = panel.getByRole('checkbox', { name: empty.name, exact: true });
    await expect(emptyBox).toBeDisabled();
    await expect(emptyBox).toHaveAccessibleDescription(matching(0));
    const n = await apiTotal(request, `sport=${football}&category=${full.id}`);
    expect(n).toBeGreaterThan(0);
    const fullBox = panel.getByRole('checkbox', { name: full.name, exact: true });
    await expect(fullBox).toBeEnabled();
    await expect(fullBox).toHaveAccessibleDescription(matching(n));
    // A sport's count ignores the selected sport (it says what ticking it would add).
    const basketball = sportId('Basketball');
    await expect(
      panel.getByRole('checkbox', { name: 'Basketball', exact: true }),
    ).toHaveAccessibleDescription(
      new RegExp(`^${await apiTotal(request, `sport=${basketball}`)} `),
    );
    // The ticked sport can always be unticked.
    await panel.getByRole('checkbox', { name: 'Football', exact: true }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(emptyBox).toBeEnabled();

    // With a search, the counts are those of the search.
    await page.keyboard.press('Escape');
    await page.goto('/shop?q=net');
    await hydrated(page);
    await page.getByRole('button', { name: /Filters/ }).click();
    for (const sport of demoSports) {
      const count = await apiTotal(request, `q=net&sport=${sport.id}`);
      await expect(
        page.getByRole('dialog').getByRole('checkbox', { name: sport.name, exact: true }),
      ).toHaveAccessibleDescription(matching(count));
    }
    await expectNoSeriousViolations(page);
  });
});

async function signUp(page: Page) {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: {
      email: `qty-${randomUUID().slice(0, 8)}@school.example`,
      password: 'correct horse battery',
      name: 'Mdm Tan',
    },
    headers: { origin: origin() },
  });
  expect(response.ok()).toBe(true);
}

async function addThree(page: Page) {
  await page.goto('/products/3');
  await hydrated(page);
  const quantity = page.getByLabel('Quantity', { exact: true });
  await expect(quantity).toHaveValue('1');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(quantity).toHaveValue('3');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('3 × Aluminium Football Goalposts').first()).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByLabel(/Quantity of Aluminium Football Goalposts/)).toHaveValue('3');
}

/**
 * A slow phone: opens `path` with its scripts held back (the server's page on screen, not yet
 * hydrated); the returned function lets them load and resolves once the page has hydrated.
 */
async function openBeforeScripts(page: Page, path: string): Promise<() => Promise<void>> {
  let release!: () => void;
  const scripts = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scripts;
    await route.continue();
  });
  const base = test.info().project.use.baseURL!.replace(/\/$/, '');
  // Not page.goto: it waits for the hydration held back here.
  await page.evaluate((url) => (location.href = url), `${base}${path}`);
  return async () => {
    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  };
}

test('a filter ticked before the scripts have run is applied when they have', async ({ page }) => {
  const release = await openBeforeScripts(page, '/shop');
  await page.getByText('Filters', { exact: true }).click();
  await page.getByRole('checkbox', { name: /^Football/ }).check();
  await release();
  // The tick went into the URL, and the filters stay open (as the dialog).
  await expect(page).toHaveURL(/\/shop\?sport=\d+$/);
  const panel = page.getByRole('dialog', { name: 'Filters' });
  await expect(panel.getByRole('checkbox', { name: /^Football/ })).toBeChecked();
});

test('filters opened but not changed before the scripts have run stay open, the listing as it was', async ({
  page,
}) => {
  const release = await openBeforeScripts(page, '/shop?page=2');
  await page.getByText('Filters', { exact: true }).click();
  await release();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  await expect(page).toHaveURL(/\/shop\?page=2$/);
});

test.describe('quantity on the product page', () => {
  test('a guest adds 3 to the local cart', async ({ page }) => {
    await addThree(page);
    await expect(page.getByTestId('cart-count')).toHaveText('3');
  });

  test('a signed-in customer adds 3 to the account cart', async ({ page }) => {
    await signUp(page);
    await addThree(page);
    // The server's cart, not local storage.
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
  });

  test('a typed quantity is added; an invalid one is refused with a message', async ({ page }) => {
    await page.goto('/products/3');
    await hydrated(page);
    const quantity = page.getByLabel('Quantity', { exact: true });
    for (const bad of ['0', String(MAX_QUANTITY + 1), '2.5', '']) {
      await quantity.fill(bad);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByText(QUANTITY_MESSAGE)).toBeVisible();
      await expect(quantity).toHaveAttribute('aria-invalid', 'true');
      await expect(quantity).toHaveAccessibleDescription(QUANTITY_MESSAGE);
      await expect(quantity).toBeFocused();
    }
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
    await quantity.fill('12');
    await expect(page.getByText(QUANTITY_MESSAGE)).toHaveCount(0);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('12 × Aluminium Football Goalposts').first()).toBeVisible();
    await expect(page.getByTestId('cart-count')).toHaveText('12');
    await expectNoSeriousViolations(page);
  });

  test('the server refuses a bad quantity with a 400 and its message', async ({ request }) => {
    for (const quantity of ['0', '-2', '1.5', 'many', String(MAX_QUANTITY + 1)]) {
      const response = await request.post('/cart', {
        form: { intent: 'add', productId: '3', quantity, js: '1' },
        headers: { origin: origin(), accept: 'text/html' },
      });
      expect(response.status(), quantity).toBe(400);
    }
    const data = await request.post('/cart.data', {
      form: { intent: 'add', productId: '3', quantity: '0', js: '1' },
      headers: { origin: origin() },
    });
    expect(await data.text()).toContain(QUANTITY_MESSAGE);
  });

  test('without JavaScript a guest adds 3 through the cart cookie', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/products/3');
    await page.getByLabel('Quantity', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/cart\?added=3$/);
    await expect(page.getByLabel(/Quantity of Aluminium Football Goalposts/)).toHaveValue('3');
    // The browser's own check stops a bad number before it is sent.
    await page.goto('/products/3');
    await page.getByLabel('Quantity', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/products\/3$/);
    await context.close();
  });

  test('Add to Cart is above the fold on a 390 px phone', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/products/3');
    const box = (await page.getByRole('button', { name: 'Add to Cart' }).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    const field = (await page.getByLabel('Quantity', { exact: true }).boundingBox())!;
    expect(field.y + field.height).toBeLessThanOrEqual(844);
    await context.close();
  });
});

test.describe('password fields', () => {
  test('register shows the rules before typing, and the toggle shows and hides by mouse and keyboard', async ({
    page,
  }) => {
    await page.goto('/register');
    await hydrated(page);
    const password = page.getByLabel('Password', { exact: true });
    await expect(page.getByText(PASSWORD_RULES)).toBeVisible();
    await expect(password).toHaveAccessibleDescription(PASSWORD_RULES);
    await expect(password).toHaveAttribute('type', 'password');

    const toggle = page.locator('button[aria-controls="password"]');
    await expect(toggle).toHaveAccessibleName('Show password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await password.fill('abcdef');
    // The caret after 'ab': a mouse click on the toggle keeps the focus and the caret there.
    await password.evaluate((el: HTMLInputElement) => el.setSelectionRange(2, 2));
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toBeFocused();
    await page.keyboard.type('Z');
    await expect(password).toHaveValue('abZcdef');

    // By keyboard: Tab reaches the toggle, Space and Enter press it.
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Enter');
    await expect(password).toHaveAttribute('type', 'text');
    await expectNoSeriousViolations(page);

    // The confirmation has its own toggle and no rules.
    const confirm = page.getByLabel('Confirm Password');
    await expect(page.locator('button[aria-controls="confirm"]')).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(confirm).not.toHaveAccessibleDescription(PASSWORD_RULES);

    // A rule broken: the error joins the rules in the description.
    await password.fill('short');
    await confirm.focus();
    await expect(password).toHaveAccessibleDescription(
      `${PASSWORD_RULES} Password cannot be less than 8 characters`,
    );
  });

  test('login, reset and profile have the toggle; only new passwords show the rules', async ({
    page,
  }) => {
    await page.goto('/login');
    await hydrated(page);
    await expect(page.locator('button[aria-controls="password"]')).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(page.getByText(PASSWORD_RULES)).toHaveCount(0);
    await page.locator('button[aria-controls="password"]').click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');

    await page.goto('/reset-password?token=not-a-real-token');
    const reset = page.getByLabel('New Password');
    if (await reset.count()) {
      await expect(reset).toHaveAccessibleDescription(PASSWORD_RULES);
      await expect(page.locator('button[aria-controls="password"]')).toBeVisible();
    }

    await signUp(page);
    await page.goto('/profile');
    await expect(page.getByLabel('New Password')).toHaveAccessibleDescription(PASSWORD_RULES);
    await expect(page.getByLabel('Current Password')).not.toHaveAccessibleDescription(
      PASSWORD_RULES,
    );
    await expect(page.locator('button[aria-controls="current"]')).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  test('without JavaScript there is no dead toggle, and the rules still show', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/register');
    await expect(page.getByText(PASSWORD_RULES)).toBeVisible();
    await expect(page.locator('button[aria-pressed]')).toHaveCount(0);
    await context.close();
  });
});
