// The site frame: navigation from the database, search, 404, health, no-JS reading, the data lock.
import { spawn } from 'node:child_process';
import { expect, hydrated, test, type Locator } from './test';
import { expectNoSeriousViolations } from './axe';
import { demoCategories, demoSports } from '../../app/content/demo-catalogue';

const alphabetical = (names: string[]) => [...names].sort((a, b) => a.localeCompare(b, 'en'));

test('the Categories and Shop by Sport dropdowns list the seeded entries alphabetically', async ({
  page,
}) => {
  await page.goto('/');
  await hydrated(page);
  const nav = page.getByRole('navigation', { name: 'Main' });

  // The admin tests add and remove entries of their own meanwhile (parallel workers): check the
  // seeded ones are all there, and that the whole list is alphabetical.
  const seededInOrder = async (links: Locator, seeded: string[]) => {
    const names = await links.allTextContents();
    expect(names.filter((n) => seeded.includes(n))).toEqual(alphabetical(seeded));
    expect(names).toEqual(alphabetical(names));
  };
  await nav.getByText('Categories', { exact: true }).click();
  const categories = nav.getByRole('list', { name: 'Categories' }).getByRole('link');
  await expect(categories.first()).toBeVisible();
  await seededInOrder(
    categories,
    demoCategories.map((c) => c.name),
  );

  await nav.getByText('Shop by Sport', { exact: true }).click();
  const sports = nav.getByRole('list', { name: 'Sports' }).getByRole('link');
  await expect(sports.first()).toBeVisible();
  await seededInOrder(
    sports,
    demoSports.map((s) => s.name),
  );

  const first = alphabetical(demoSports.map((s) => s.name))[0]!;
  const sport = demoSports.find((s) => s.name === first)!;
  // The menus' links are plain anchors with one click handler: still a navigation in the app
  // (the page's JavaScript state survives it), not a new document.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await sports.first().click();
  await expect(page).toHaveURL(new RegExp(`/shop/sports/${sport.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: sport.name })).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
});

test('the top-bar search submits to the shop', async ({ page }) => {
  await page.goto('/about-us');
  await hydrated(page);
  const search = page.getByRole('search').getByRole('searchbox', { name: 'Search our catalog' });
  await search.fill('goalpost');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/shop\?q=goalpost$/);
  await expect(page.getByRole('link', { name: /goalpost/i }).first()).toBeVisible();
});

test('the top-bar search box follows the URL when the page changes in the app', async ({
  page,
}) => {
  await page.goto('/about-us');
  await hydrated(page);
  const search = page.getByRole('search').getByRole('searchbox', { name: 'Search our catalog' });
  await search.fill('goalpost');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/shop\?q=goalpost$/);
  await expect(search).toBeFocused();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Shop All' })
    .click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(search).toHaveValue('');
});

// A slow machine can paint while the parser is still in the header or the footer (most loads at
// 6x CPU throttling, docs/decisions/010): the search box took the whole row, then moved when the
// buttons to its right were read; on a short page the footer moved up when its last line arrived.
// Each document here is cut short where such a paint may catch it: what it shows of the frame
// must be where the whole page has it. The 404 page is short: its main stretches to the footer.
test('what a half-read page shows of its header and footer is where the whole page has it', async ({
  page,
}) => {
  const frameParts = () =>
    page.evaluate(() =>
      [
        ...document.querySelectorAll('header :is(a, input, summary, button, details), footer a'),
      ].map((el) => {
        const { x, y, width, height } = el.getBoundingClientRect();
        const label = el.getAttribute('aria-label') ?? el.getAttribute('placeholder');
        // A menu's own text is its summary's, which a cut may leave out.
        const text = el.localName === 'details' ? '' : el.textContent;
        const name = `${el.localName} ${label ?? text}`;
        const painted = el.checkVisibility({ visibilityProperty: true });
        return { name, box: painted && { x, y, width, height } };
      }),
    );
  /** The HTML up to the end of the last of `marks`, each looked for after the one before. */
  const cutAfter = (html: string, ...marks: string[]) => {
    let end = 0;
    for (const mark of marks) {
      const at = html.indexOf(mark, end);
      expect(at, mark).toBeGreaterThan(-1);
      end = at + mark.length;
    }
    return html.slice(0, end);
  };
  const cuts: [string, string[]][] = [
    ['the search box', ['id="site-search"', '</form>']],
    ['the account menu', ['>Account</span>', '</details>']],
    ["the opening tag of the navigation's first menu", ['aria-label="Main"', '<details', '>']],
    ["the footer's links, before its last line", ['<footer', 'aria-label="Footer"', '</nav>']],
  ];
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/no-such-page');
    await expect(page.getByRole('link', { name: /^Cart,/ })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link').first()).toBeVisible();
    const whole = await frameParts();
    for (const [cut, marks] of cuts) {
      await page.route('**/no-such-page', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: cutAfter(await response.text(), ...marks) });
      });
      await page.goto('/no-such-page');
      const parts = await frameParts();
      parts.forEach(({ name, box }, i) => {
        expect(name).toBe(whole[i]!.name);
        if (box) expect.soft(box, `${width} px, cut after ${cut}: ${name}`).toEqual(whole[i]!.box);
      });
      await page.unroute('**/no-such-page');
    }
  }
});

test('an unknown address shows the 404 page with a way back', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute(
    'href',
    '/shop',
  );
});

test('an error page shows the id of its request for the buyer to quote, also once hydrated', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto('/no-such-page');
  const id = response!.headers()['x-request-id'];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await hydrated(page);
  await expect(page.getByText(`Reference: ${id}`, { exact: true })).toBeVisible();
  // Taken over without a mismatch: the only error is the 404 document itself.
  expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
});

test('the footer carries the company details and the legal links', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
  await expect(footer).toContainText('Fieldhouse Sports Engineering');
  await expect(footer.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/);
});

test('on a phone the menu button opens the navigation', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  await hydrated(page);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.locator('summary', { hasText: 'Menu' }).click();
  await expect(page.getByRole('link', { name: 'Contact Us' }).last()).toBeVisible();
  await context.close();
});

test('on a phone Escape in a submenu closes only the submenu, back on its button', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await hydrated(page);
  const menu = page.locator('summary', { hasText: 'Menu' });
  await menu.focus();
  await page.keyboard.press('Enter');
  const mobile = page.getByRole('navigation', { name: 'Mobile' });
  await expect(mobile).toBeVisible();
  const categories = mobile.getByText('Categories', { exact: true });
  await categories.focus();
  await page.keyboard.press('Enter');
  const list = mobile.getByRole('list', { name: 'Categories' });
  await list.getByRole('link').first().focus();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(mobile).toBeVisible();
  await expect(categories).toBeFocused();
  // A second Escape closes the menu itself, back on the menu button.
  await page.keyboard.press('Escape');
  await expect(mobile).toBeHidden();
  await expect(menu).toBeFocused();
});

test('the frame reads and navigates without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByText('Categories', { exact: true }).click();
  await expect(nav.getByRole('list', { name: 'Categories' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search our catalog' }).fill('net');
  await page.getByRole('searchbox', { name: 'Search our catalog' }).press('Enter');
  await expect(page).toHaveURL(/\/shop\?q=net$/);
  await context.close();
});

test('keyboard users can skip to the content and open a dropdown', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const summary = page
    .getByRole('navigation', { name: 'Main' })
    .getByText('Shop by Sport', { exact: true });
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Sports' }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  const sports = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('list', { name: 'Sports' });
  await expect(sports).toBeHidden();
  await expect(summary).toBeFocused();
  // Focus leaving an open menu closes it: its panel would cover what has the focus next.
  await page.keyboard.press('Enter');
  await expect(sports).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search our catalog' }).focus();
  await expect(sports).toBeHidden();
});

test('a client-side navigation says the new page title to screen readers', async ({ page }) => {
  await page.goto('/');
  await hydrated(page);
  const announcer = page.getByTestId('route-announcer');
  await expect(announcer).toHaveText(''); // a page load announces itself
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(announcer).toHaveText(/^About Us/);
  expect(await announcer.textContent()).toBe(await page.title());
});

test('a link to another page hands the keyboard focus to its heading; the search box keeps it', async ({
  page,
}) => {
  await page.goto('/');
  await hydrated(page);
  // A footer link: the focus would stay in the footer, and Tab go on from there.
  const about = page.getByRole('contentinfo').getByRole('link', { name: 'About Us' });
  await about.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/about-us$/);
  const heading = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.getElementById('main')!.contains(document.activeElement)),
  ).toBe(true);
  // A link in the page, which goes with it: the new page's heading again.
  await page.goto('/shop');
  await hydrated(page);
  await page
    .getByRole('main')
    .getByRole('link', { name: /Football/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/products\/\d+/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeFocused();
  // The header's search box keeps the focus for the next search.
  const search = page.getByRole('search').getByRole('searchbox', { name: 'Search our catalog' });
  await search.fill('net');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/shop\?q=net$/);
  await expect(search).toBeFocused();
});

// React hydrates the server's document in place (app/entry.client.tsx). A hydration that goes
// wrong shows as a second copy of the page, a head that lost or doubled its links, a <title> left in
// the body, or an error in the console.
test('the browser takes the server page over in place and keeps the head right', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const shape = () =>
    page.evaluate(() => ({
      documents: document.querySelectorAll('html').length,
      mains: document.querySelectorAll('main').length,
      canonical: [...document.querySelectorAll('link[rel="canonical"]')].map(
        (link) => new URL(link.getAttribute('href')!).pathname,
      ),
      stylesheets: document.querySelectorAll('link[rel="stylesheet"]').length,
      descriptions: document.querySelectorAll('meta[name="description"]').length,
      titles: [...document.querySelectorAll('title')].map((title) => title.parentElement!.tagName),
    }));

  for (const path of ['/', '/shop', '/products/3', '/login', '/cart']) {
    await page.goto(path);
    await hydrated(page);
    expect(await shape(), path).toEqual({
      documents: 1,
      mains: 1,
      canonical: [path],
      stylesheets: 1,
      descriptions: 1,
      titles: ['HEAD'],
    });
  }

  // A client-side navigation (the page is not reloaded) brings the next page's head along.
  await page.goto('/');
  await hydrated(page);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Shop All' })
    .click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page).toHaveTitle(/^Shop All \|/);
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  expect(await shape()).toEqual({
    documents: 1,
    mains: 1,
    canonical: ['/shop'],
    stylesheets: 1,
    descriptions: 1,
    titles: ['HEAD'],
  });

  // The error page's <title> is rendered inside the page; React 19 puts it in the head.
  await page.goto('/no-such-page');
  await hydrated(page);
  expect((await shape()).titles).toEqual(['HEAD']);
  await expect(page).toHaveTitle(/^Page not found \|/);
  // The 404 document itself is the one expected error the browser logs.
  expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
});

// The page's scripts are React Router's own: module preloads the browser's preload scanner finds
// in the head, and one module script that hydrates the page. Each page in a fresh tab.
test('the scripts are preloaded and run as React Router renders them, and the page hydrates', async ({
  context,
}) => {
  for (const path of ['/shop', '/products/3', '/login']) {
    const page = await context.newPage();
    const response = await page.goto(path);
    const html = await response!.text();
    expect(html, path).not.toMatch(/type="x-|rel="x-/);
    expect(html.match(/<link rel="modulepreload"/g)?.length ?? 0, path).toBeGreaterThan(3);
    expect(html.match(/<script\b[^>]*\btype="module"/g)?.length, path).toBe(1);
    await hydrated(page);
    const scripts = await page.evaluate(
      () =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) =>
          r.name.endsWith('.js'),
        ).length,
    );
    expect(scripts, path).toBeGreaterThan(3);
    await page.close();
  }
});

test('health check answers ok when the database answers', async ({ request }) => {
  const response = await request.get('/healthz');
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: 'ok' });
});

test('the frame has no serious or critical accessibility violations', async ({ page }) => {
  for (const path of ['/about-us', '/no-such-page']) {
    await page.goto(path);
    await expectNoSeriousViolations(page);
  }
});

test('a second server on the same data folder exits with a clear message', async () => {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      DATA_DIR: process.env.E2E_DATA_DIR,
      PORT: '3199',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code).toBe(1);
  expect(output).toMatch(/in use by another Fieldhouse process/i);
});
