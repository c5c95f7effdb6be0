// The public catalogue: home carousel, listing with search, filters and pages, product pages, SEO.
import { expect, hydrated, test } from './test';
import { expectNoSeriousViolations } from './axe';
import { demoCategories, demoProducts, demoSports } from '../../app/content/demo-catalogue';

const sportId = (name: string) => demoSports.find((s) => s.name === name)!.id;
const categoryId = (name: string) => demoCategories.find((c) => c.name === name)!.id;

test.describe('home', () => {
  test('the carousel advances, pauses on hover and focus, and obeys its controls', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await hydrated(page);
    const carousel = page.getByRole('region', { name: 'Highlights' });
    const active = carousel.locator('[data-active="true"]');
    await expect(active).toHaveAttribute('aria-label', /^1 of 4/);
    await page.mouse.move(5, 5); // away from the carousel
    await page.clock.runFor(5_100);
    await expect(active).toHaveAttribute('aria-label', /^2 of 4/);

    await carousel.hover();
    await expect(carousel).toHaveAttribute('data-state', 'paused');
    await page.clock.runFor(12_000);
    await expect(active).toHaveAttribute('aria-label', /^2 of 4/);
    await page.mouse.move(5, 5);
    await expect(carousel).toHaveAttribute('data-state', 'playing');

    await carousel.getByRole('button', { name: 'Next slide' }).focus();
    await expect(carousel).toHaveAttribute('data-state', 'paused');
    await page.keyboard.press('Enter');
    await expect(active).toHaveAttribute('aria-label', /^3 of 4/);
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await expect(active).toHaveAttribute('aria-label', /^2 of 4/);
    await carousel.getByRole('button', { name: /Go to slide 4/ }).click();
    await expect(active).toHaveAttribute('aria-label', /^4 of 4/);
    await expect(carousel.getByRole('button', { name: /Go to slide 4/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(active.getByRole('link', { name: 'View NAPFA set' })).toHaveAttribute(
      'href',
      '/products/13',
    );
  });

  test('the carousel does not advance under reduced motion, and follows a swipe', async ({
    browser,
  }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto('/');
    await hydrated(page);
    const carousel = page.getByRole('region', { name: 'Highlights' });
    const active = carousel.locator('[data-active="true"]');
    await page.mouse.move(5, 5);
    await page.clock.runFor(11_000);
    await expect(active).toHaveAttribute('aria-label', /^1 of 4/);
    const box = (await carousel.boundingBox())!;
    const y = box.y + box.height / 3;
    await page.mouse.move(box.x + 300, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 200, y, { steps: 4 });
    await page.mouse.up();
    await expect(active).toHaveAttribute('aria-label', /^2 of 4/);
    await context.close();
  });

  test("the hidden slides fetch their images only once the first slide's image is shown", async ({
    page,
  }) => {
    // The first slide's image is the one React's server renderer preloads in <head>.
    const html = await (await page.request.get('/')).text();
    const first = html.match(/imageSrcSet="(\/media\/products\/[0-9a-f]+)-/)![1]!;
    let show!: () => void;
    const held = new Promise<void>((resolve) => (show = resolve));
    await page.route(`**${first}-*`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    const slides = page
      .getByRole('region', { name: 'Highlights' })
      .locator('[aria-roledescription="slide"]');
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('header') ?? {}).some((k) => k.startsWith('__reactProps')),
    );
    await page.waitForTimeout(500);
    // Not displayed, so their lazy images are not fetched.
    await expect(slides.nth(0)).toBeVisible();
    for (const i of [1, 2, 3]) await expect(slides.nth(i)).toBeHidden();
    show();
    // Displayed (faded out) under the first: their images load now.
    for (const i of [1, 2, 3]) await expect(slides.nth(i).locator('img')).toBeVisible();
    await expect(slides.nth(1)).toHaveCSS('opacity', '0');
  });

  test('without JavaScript every slide shows, side by side in a strip that scrolls', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Highlights' });
    const slides = carousel.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(4);
    const boxes = await slides.evaluateAll((all) =>
      all.map((s) => {
        const box = s.getBoundingClientRect();
        return {
          left: box.left,
          top: box.top,
          width: box.width,
          opacity: getComputedStyle(s).opacity,
        };
      }),
    );
    const width = boxes[0]!.width;
    expect(width).toBeGreaterThan(300);
    boxes.forEach((box, i) => {
      expect(box.opacity).toBe('1');
      expect(box.top).toBe(boxes[0]!.top);
      expect(box.left).toBeCloseTo(boxes[0]!.left + i * width, 0);
    });
    for (let i = 0; i < 4; i++)
      await expect(slides.nth(i)).not.toHaveAttribute('aria-hidden', 'true');
    // The last slide's link is reached from the keyboard and scrolled into view.
    const last = slides.nth(3).getByRole('link', { name: 'View NAPFA set' });
    for (let i = 0; i < 40 && !(await last.evaluate((a) => a === document.activeElement)); i++)
      await page.keyboard.press('Tab');
    await expect(last).toBeFocused();
    await expect(last).toBeInViewport();
    await expect(carousel.getByRole('button')).toHaveCount(0);
    await context.close();
  });

  test('has six promo cards with their links and a strip of new products', async ({ page }) => {
    await page.goto('/');
    const promos = page.getByRole('region', { name: 'What we do' }).getByRole('article');
    await expect(promos).toHaveCount(6);
    await expect(page.getByRole('link', { name: /Shop NAPFA/ })).toHaveAttribute(
      'href',
      '/shop/category/18',
    );
    await expect(page.getByRole('link', { name: /See projects/ })).toHaveAttribute(
      'href',
      '/portfolio',
    );
    await expect(
      page.getByRole('region', { name: 'New products' }).getByRole('listitem'),
    ).toHaveCount(8);
  });
});

test.describe('listing', () => {
  test('search tolerates a typo: goalpst finds the goalposts', async ({ page }) => {
    await page.goto('/shop');
    await hydrated(page);
    await page.getByRole('searchbox', { name: 'Search products' }).fill('goalpst');
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/shop\?q=goalpst$/);
    await expect(page.getByRole('link', { name: /Aluminium Football Goalposts/ })).toBeVisible();
  });

  test('filters by sport and by category combine with search, and Clear All resets them', async ({
    page,
  }) => {
    await page.goto('/shop?q=net');
    await hydrated(page);
    const all = Number((await page.getByText(/^\d+ products?/).textContent())!.match(/\d+/)![0]);
    await page.getByRole('button', { name: /Filters/ }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await panel.getByRole('checkbox', { name: 'Volleyball' }).click();
    await expect(page).toHaveURL(new RegExp(`q=net&sport=${sportId('Volleyball')}$`));
    await expect(panel.getByText('(1 selected)')).toBeVisible();
    await panel.getByRole('checkbox', { name: 'Nets' }).click();
    await expect(panel.getByRole('checkbox', { name: 'Nets' })).toBeChecked();
    await expect(page).toHaveURL(
      new RegExp(`q=net&sport=${sportId('Volleyball')}&category=${categoryId('Nets')}$`),
    );
    await panel.getByRole('button', { name: /Show \d+ product/ }).click();
    const cards = page.locator('main ul li a[href^="/products/"]');
    const expected = demoProducts.filter(
      (p) => p.sportId === sportId('Volleyball') && p.categoryIds.includes(categoryId('Nets')),
    );
    await expect(cards).toHaveCount(expected.length);
    for (const product of expected)
      await expect(page.getByRole('link', { name: product.name })).toBeVisible();
    await page.getByRole('link', { name: 'Clear All' }).click();
    await expect(page).toHaveURL(/\/shop\?q=net$/);
    await expect(page.getByText(new RegExp(`^${all} products?`))).toBeVisible();
  });

  test('pages through the results with the URL, and the back button restores the filter state', async ({
    page,
  }) => {
    await page.goto('/shop');
    await hydrated(page);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
    const firstOnPage1 = await page
      .locator('main ul li a[href^="/products/"]')
      .first()
      .getAttribute('href');
    // Plain links with one click handler: the pages change in the app, not as new documents.
    await page.evaluate(
      () => ((window as unknown as { sameDocument: boolean }).sameDocument = true),
    );
    await page.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/shop\?page=2$/);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      await page.locator('main ul li a[href^="/products/"]').first().getAttribute('href'),
    ).not.toBe(firstOnPage1);
    await page.getByRole('link', { name: /Next/ }).click();
    await expect(page).toHaveURL(/\/shop\?page=3$/);
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);

    await page.getByRole('button', { name: /Filters/ }).click();
    await page.getByRole('dialog').getByRole('checkbox', { name: 'Football' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop\\?sport=${sportId('Football')}$`)); // back to page 1
    await page.keyboard.press('Escape');
    await page.goBack();
    await expect(page).toHaveURL(/\/shop\?page=3$/);
    await expect(page.getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`sport=${sportId('Football')}$`));
    await expect(page.getByRole('link', { name: /Remove filter Football/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

    // A text typed but never sent does not stay beside results it did not make.
    await page.getByRole('searchbox', { name: 'Search products' }).fill('xyz');
    await page.getByRole('searchbox', { name: 'Search our catalog' }).fill('abc');
    await page.goBack();
    await expect(page).toHaveURL(/\/shop\?page=3$/);
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
    await expect(page.getByRole('searchbox', { name: 'Search our catalog' })).toHaveValue('');
  });

  test('the two search boxes read a long search alike and take at most 100 characters', async ({
    page,
  }) => {
    await page.goto(`/shop?q=${'b'.repeat(200)}`);
    for (const name of ['Search products', 'Search our catalog']) {
      const box = page.getByRole('searchbox', { name });
      await expect(box).toHaveValue('b'.repeat(100));
      await expect(box).toHaveAttribute('maxlength', '100');
    }
    expect((await page.goto('/shop?page=99999999999999999999'))?.status()).toBe(200);
    await expect(page).toHaveTitle(/^Shop All/);
  });

  test('the sport and category paths filter, and undefined counts as absent', async ({ page }) => {
    await page.goto(`/shop/category/${categoryId('NAPFA Equipment')}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('NAPFA Equipment');
    await expect(page.getByRole('link', { name: 'NAPFA Test Equipment Set' })).toBeVisible();
    await page.goto('/shop/sports/undefined');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop All');
  });

  test('shows skeleton cards while a client-side navigation loads', async ({ page }) => {
    await page.goto('/shop');
    await hydrated(page);
    await page.route(/\/shop\.data/, async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    await page.getByRole('link', { name: 'Page 2' }).click();
    await expect(page.getByTestId('skeleton-card')).toHaveCount(8);
    await expect(page.getByTestId('skeleton-card')).toHaveCount(0);
  });

  test('filters work without JavaScript as a plain form', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/shop');
    await page.getByText('Filters', { exact: true }).click();
    await page.getByRole('checkbox', { name: 'Basketball', exact: true }).check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(new RegExp(`sport=${sportId('Basketball')}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Basketball');
    // Two sports: the heading names both (it said 'Shop All').
    await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByRole('checkbox', { name: 'Netball', exact: true }).check();
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Basketball, Netball');
    await expect(page).toHaveTitle(/^Basketball, Netball \|/);
    await context.close();
  });

  test('images: responsive WebP, sized, the first row on a phone first and the rest lazily', async ({
    page,
    request,
  }) => {
    // Sports no other test adds products to (the back-office tests create Football products
    // while these run), so the first cards are demo products with every image variant.
    await page.goto('/shop?sport=11,12');
    const images = page.locator('main ul img');
    await expect(images).toHaveCount(16);
    const first = images.nth(0);
    await expect(first).toHaveAttribute('srcset', /-320\.webp 320w/);
    await expect(first).toHaveAttribute('sizes', /.+/);
    await expect(first).toHaveAttribute('width', /\d+/);
    await expect(first).toHaveAttribute('height', /\d+/);
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(images.nth(1)).toHaveAttribute('loading', 'eager');
    await expect(images.nth(1)).toHaveAttribute('fetchpriority', 'high');
    await expect(images.nth(2)).toHaveAttribute('loading', 'lazy');
    await expect(images.nth(2)).toHaveAttribute('fetchpriority', 'low');
    await expect(images.nth(15)).toHaveAttribute('loading', 'lazy');
    const src = (await first.getAttribute('srcset'))!.split(' ')[0]!;
    const response = await request.get(src);
    expect(response.headers()['content-type']).toBe('image/webp');
    expect(response.headers()['cache-control']).toMatch(/immutable/);
  });

  test('card images say the width they are drawn at, so a phone fetches the small variant', async ({
    browser,
  }) => {
    // Lighthouse's phone: 412 px wide at 1.75x; its 182 px cards need 319 device pixels.
    const phone = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
    });
    const page = await phone.newPage();
    await page.goto('/shop?sport=11,12'); // demo products only (see the test above)
    const first = page.locator('main ul img').first();
    await expect(first).toHaveJSProperty('complete', true);
    expect(await first.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/-320\.webp$/);

    // At every layout of the grid, `sizes` resolves to the width the image is drawn at.
    for (const width of [360, 412, 800, 1100, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const [declared, drawn] = await first.evaluate((img: HTMLImageElement) => {
        const entries = img.sizes.split(/,\s*(?![^()]*\))/);
        const length =
          entries
            .map((entry) => /^(\(.+?\))\s+(.+)$/.exec(entry))
            .find((m) => m && matchMedia(m[1]!).matches)?.[2] ?? entries.at(-1)!;
        const probe = document.createElement('div');
        probe.style.width = length;
        document.body.append(probe);
        const resolved = probe.getBoundingClientRect().width;
        probe.remove();
        return [resolved, img.getBoundingClientRect().width];
      });
      // vw counts the scrollbar, the layout does not: a few pixels apart at most.
      expect(
        Math.abs(declared - drawn),
        `at ${width} px: sizes ${declared}, drawn ${drawn}`,
      ).toBeLessThan(drawn * 0.05);
    }
    await phone.close();
  });

  test('a search without results says so helpfully', async ({ page }) => {
    await page.goto('/shop?q=qqqzzzxxx');
    await expect(page.getByText('No products match your search.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See all products' })).toHaveAttribute(
      'href',
      '/shop',
    );
    // Searches are endless: not indexed, their links followed.
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  });

  test('a search nothing matches in full shows what matches fewer of its words, and says so', async ({
    page,
  }) => {
    // 'umpire' is in no product: the badminton products, with a note.
    await page.goto('/shop?q=badminton+umpire');
    await expect(
      page.getByText('No products match “badminton umpire”. Showing results for “badminton”.'),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: /Badminton Net \(Tournament Grade\)/ }).first(),
    ).toBeVisible();
    await expect(page.getByText('No products match your search.')).toHaveCount(0);
    // Both words exist but never in one product: either will do.
    await page.goto('/shop?q=hoop+stand');
    await expect(
      page.getByText(
        'No product matches every word of “hoop stand”. Showing products that match any of them.',
      ),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: /Volleyball Referee Stand/ }).first(),
    ).toBeVisible();
    await expect(
      page.getByRole('link', { name: /Height-Adjustable Basketball Hoop/ }).first(),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test('filters that match nothing say so, without blaming the spelling', async ({ page }) => {
    // Football goalposts exist, but no football product is in Basketball Hoops & Backboards.
    await page.goto('/shop?sport=1&category=2');
    await expect(page.getByText('No products match these filters.')).toBeVisible();
    await expect(page.getByText('Remove a filter to see more.')).toBeVisible();
    await expect(page.getByText(/spelling/)).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test('the canonical URL is what the listing understood, however it was asked for', async ({
    browser,
  }) => {
    // A visitor with a cart cookie gets a fresh render (the guest page cache re-renders anyway).
    const context = await browser.newContext();
    const base = test.info().project.use.baseURL!;
    await context.addCookies([{ name: 'fh_cart', value: 'x', url: base }]);
    const page = await context.newPage();
    for (const [asked, canonical] of [
      ['/shop?page=abc', '/shop'],
      ['/shop?sport=abc&q=%20%20', '/shop'],
      ['/shop?sport=1', '/shop/sports/1'],
      ['/shop?category=2&sort=name', '/shop/category/2'],
      ['/shop?sport=1,7&page=1', '/shop?sport=1%2C7'],
    ] as const) {
      await page.goto(asked);
      await expect(page.locator('link[rel="canonical"]'), asked).toHaveAttribute(
        'href',
        base.replace(/\/$/, '') + canonical,
      );
    }
    await context.close();
  });
});

test.describe('product page', () => {
  test('without JavaScript, the thumbnails open their pictures', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/products/3');
    const thumbs = page.getByRole('list', { name: 'Product images' });
    await expect(thumbs.getByRole('button')).toHaveCount(0);
    const links = thumbs.getByRole('link', { name: /^Open image \d of 3$/ });
    await expect(links).toHaveCount(3);
    const href = await links.nth(1).getAttribute('href');
    expect(href).toMatch(/^\/media\/products\/.+\.jpg$/);
    expect((await page.request.get(href!)).headers()['content-type']).toBe('image/jpeg');
    await context.close();
  });

  test('thumbnails switch the main image, by mouse and keyboard', async ({ page }) => {
    await page.goto('/products/3');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Goalposts/);
    const main = page.getByTestId('main-image');
    // Shown whole: a picture added without cropping (landscape, say) is not cut to the square.
    expect(await main.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
    const first = await main.getAttribute('src');
    const thumbs = page.getByRole('list', { name: 'Product images' }).getByRole('button');
    await expect(thumbs).toHaveCount(3);
    await thumbs.nth(1).click();
    await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
    const second = await main.getAttribute('src');
    expect(second).not.toBe(first);
    await thumbs.nth(2).focus();
    await page.keyboard.press('Enter');
    await expect(main).not.toHaveAttribute('src', second!);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  });

  test('shows the sport, the categories and structured data', async ({ page }) => {
    await page.goto('/products/13');
    await expect(page.getByRole('link', { name: 'NAPFA Equipment' }).last()).toBeVisible();
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent())!,
    );
    expect(jsonLd).toMatchObject({ '@type': 'Product', name: 'NAPFA Test Equipment Set' });
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products\/13$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /NAPFA/);
  });

  test('a shared link shows a large card with the first picture and its alt text', async ({
    page,
  }) => {
    await page.goto('/products/3');
    const name = (await page.getByRole('heading', { level: 1 }).textContent())!;
    const picture = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(picture).toMatch(/^https?:\/\/[^/]+\/media\/products\//);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      'content',
      'summary_large_image',
    );
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', picture!);
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', name);
    await expect(page.locator('meta[name="twitter:image:alt"]')).toHaveAttribute('content', name);
  });

  test('a missing or malformed product id is a 404', async ({ page }) => {
    for (const path of ['/products/999999', '/products/abc', '/products/01']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    }
  });
});

test.describe('SEO and accessibility', () => {
  test('sitemap lists every product, sport, category and page; robots points at it', async ({
    request,
  }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const p of demoProducts) expect(sitemap).toContain(`/products/${p.id}</loc>`);
    for (const s of demoSports) expect(sitemap).toContain(`/shop/sports/${s.id}</loc>`);
    for (const c of demoCategories) expect(sitemap).toContain(`/shop/category/${c.id}</loc>`);
    expect(sitemap).toContain('/about-us</loc>');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
    expect(robots).toContain('Disallow: /admin');
    expect(robots).toContain('Disallow: /cart');
  });

  test('public pages have their own title, description and canonical URL', async ({ page }) => {
    const titles = new Set<string>();
    for (const path of ['/', '/shop', '/products/2', '/about-us', '/contact-us', '/terms']) {
      await page.goto(path);
      titles.add(await page.title());
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${path === '/' ? '/' : path}$`),
      );
    }
    expect(titles.size).toBe(6);
  });

  test('home, listing and product pages have no serious or critical axe violations', async ({
    page,
  }) => {
    // Five axe runs: 33 s on a busy 2-core machine, over the default 30.
    test.setTimeout(90_000);
    for (const path of ['/', '/shop', '/shop?q=net', '/products/3']) {
      await page.goto(path);
      await expectNoSeriousViolations(page);
    }
    await page.goto('/shop');
    await hydrated(page);
    await page.getByRole('button', { name: /Filters/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});
