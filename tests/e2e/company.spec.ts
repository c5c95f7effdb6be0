// The company pages: the contact form (happy path with both e-mails, every field message, the
// status line, the post without JavaScript), the NAPFA range into the cart, the portfolio
// carousels by keyboard, the legal pages and their links, and axe on all six pages. The case where
// the e-mails cannot be queued is tested on the service (app/services/contact), where the
// database can refuse them for real.
import { randomUUID } from 'node:crypto';
import { expect, failPosts, hydrated, mailsAbout, test, type Page } from './test';
import { expectNoSeriousViolations } from './axe';
import { expectFieldMessage, openBeforeScripts } from './forms';

/** The mails sent to this address (the staff mail only names it in Reply-To). */
const acknowledgements = (email: string) =>
  mailsAbout(email).filter((m) => new RegExp(`^To: ${email}`, 'm').test(m));

async function fillContact(
  page: Page,
  v: { name: string; email: string; phone: string; message: string },
) {
  await page.getByLabel('Name', { exact: true }).fill(v.name);
  await page.getByLabel('Email', { exact: true }).fill(v.email);
  await page.getByLabel('Phone', { exact: true }).fill(v.phone);
  await page.getByLabel('Message', { exact: true }).fill(v.message);
}

const visitor = () => {
  const tag = randomUUID().slice(0, 8);
  return {
    name: `Mr Tan ${tag}`,
    email: `tan-${tag}@school.example`,
    phone: '+65 6123 4567',
    message: `Our school field needs two new goalposts before March. (${tag})`,
  };
};

test.describe('contact form', () => {
  test('sends a message: Sending..., success, the form cleared, staff mail and acknowledgement', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    const v = visitor();
    await fillContact(page, v);
    // Hold the post a moment, so the status line can be seen while it is under way.
    await page.route('**/contact-us*', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Message' }).click();
    const status = page.getByRole('status').filter({ hasText: /Sending|sent|Failed/ });
    await expect(status).toHaveText('Sending...');
    await expect(status).toHaveText('Message sent successfully!');
    for (const label of ['Name', 'Email', 'Phone', 'Message'])
      await expect(page.getByLabel(label, { exact: true })).toHaveValue('');

    await expect.poll(() => mailsAbout(`from ${v.name}`).length).toBe(1);
    const [staff] = mailsAbout(`from ${v.name}`);
    expect(staff).toMatch(/^To: sales@fieldhouse\.example/m);
    expect(staff).toMatch(new RegExp(`^Reply-To: ${v.email}`, 'm'));
    expect(staff).toContain(v.message);
    await expect.poll(() => acknowledgements(v.email).length).toBe(1);
    const [ack] = acknowledgements(v.email);
    expect(ack).toContain('We received your message');
    // The acknowledgement goes to whatever address was typed: it repeats nothing that was written.
    expect(ack).not.toContain(v.message);
    expect(ack).not.toContain(v.name);
  });

  test('says what each required field needs, and keeps what was typed', async ({ page }) => {
    await page.goto('/contact-us');
    await hydrated(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await expect(page.getByText('Please enter your phone number.')).toBeVisible();
    await expect(page.getByText('Please enter a message.')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Name', { exact: true }).fill('Ms Wong');
    await page.getByLabel('Email', { exact: true }).fill('wong at school');
    await page.getByLabel('Phone', { exact: true }).fill('12');
    await page.getByLabel('Message', { exact: true }).fill('Court coating quote, please.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();
    await expect(page.getByText('Please enter your name.')).toHaveCount(0);
    // The fields' order: Name, Email, Phone, Message; the first invalid one has the focus.
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    const order = await page
      .locator(
        'form[aria-labelledby="contact-form-title"] :is(input:not([type=hidden]), textarea):not([tabindex="-1"])',
      )
      .evaluateAll((fields) => fields.map((f) => f.getAttribute('name')));
    expect(order).toEqual(['name', 'email', 'phone', 'message']);
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(
      'Court coating quote, please.',
    );
    await expect(page.getByRole('link', { name: 'privacy notice', exact: true })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });

  test('focuses the first invalid field on screen', async ({ page }) => {
    await page.goto('/contact-us');
    await hydrated(page);
    await page.getByLabel('Name', { exact: true }).fill('Ms Wong');
    await page.getByLabel('Email', { exact: true }).fill('wong@school.example');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter your phone number.')).toBeVisible();
    await expect(page.getByText('Please enter a message.')).toBeVisible();
    await expect(page.getByLabel('Phone', { exact: true })).toBeFocused();
  });

  test('Enter in a filled field shows every message; a click on Send after a bad field lands', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    await hydrated(page);
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Ms Wong');
    await name.press('Enter');
    for (const message of [
      'Please enter your email address.',
      'Please enter your phone number.',
      'Please enter a message.',
    ])
      await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();

    // Leaving a bad field for the button shows its message only with the others, on the click.
    await page.reload();
    await hydrated(page);
    await page.getByLabel('Name', { exact: true }).fill('Ms Wong');
    await page.getByLabel('Email', { exact: true }).fill('wong@school.example');
    await page.getByLabel('Phone', { exact: true }).fill('12');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();
    await expect(page.getByText('Please enter a message.')).toBeVisible();
    await expect(page.getByLabel('Phone', { exact: true })).toBeFocused();
  });

  test('works without JavaScript: field messages with the text kept, then sent', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/contact-us');
    // Ten lines that fill the box to its 5,000 characters: the browser sends each line break as
    // two characters, which must not make it too long.
    const v = { ...visitor(), message: '' };
    v.message = Array.from({ length: 10 }, (_, i) => `${v.name} line ${i} `.padEnd(499, 'x'))
      .join('\n')
      .padEnd(5000, 'y');
    await fillContact(page, { ...v, email: 'not-an-email' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(v.message);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(v.name);

    await page.getByLabel('Email', { exact: true }).fill(v.email);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
    await expect.poll(() => mailsAbout(`from ${v.name}`).length).toBe(1);
    await expect.poll(() => acknowledgements(v.email).length).toBe(1);

    // The answer is a page of its own: reloading it sends nothing again.
    await expect(page).toHaveURL(/\/contact-us\?sent=1$/);
    await page.reload();
    await expect(page.getByText('Message sent successfully!')).toBeVisible();
    await page.goto('/contact-us');
    await expect(page.getByText('Message sent successfully!')).toHaveCount(0);
    expect(mailsAbout(`from ${v.name}`)).toHaveLength(1);
    await context.close();
  });

  test('a message that gets no answer (connection lost, a 500) says it failed and keeps the text; a retry sends it', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    const v = visitor();
    await fillContact(page, v);
    const failed = await failPosts(page, '**/contact-us.data*');
    const status = page.getByTestId('contact-status');
    for (const attempt of [1, 2]) {
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect.poll(() => failed.length).toBe(attempt);
      await expect(status).toHaveText('Failed to send message. Please try again.');
      await expect(page.getByLabel('Message', { exact: true })).toHaveValue(v.message);
      await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
    }
    await page.unroute('**/contact-us.data*');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(status).toHaveText('Message sent successfully!');
    await expect.poll(() => mailsAbout(`from ${v.name}`).length).toBe(1);
  });

  test('sent before the scripts run: messages under the fields, kept once the scripts run, then sent by them', async ({
    page,
  }) => {
    const runScripts = await openBeforeScripts(page, '/contact-us');
    const v = visitor();
    await page.getByLabel('Name', { exact: true }).fill(v.name);
    await page.getByLabel('Message', { exact: true }).fill(v.message);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectFieldMessage(
      page.getByLabel('Email', { exact: true }),
      'Please enter your email address.',
    );
    await expectFieldMessage(
      page.getByLabel('Phone', { exact: true }),
      'Please enter your phone number.',
    );
    await expect(page.getByLabel('Message', { exact: true })).toHaveValue(v.message);

    await runScripts();
    await expectFieldMessage(
      page.getByLabel('Email', { exact: true }),
      'Please enter your email address.',
    );
    await page.getByLabel('Email', { exact: true }).fill(v.email);
    await page.getByLabel('Phone', { exact: true }).fill(v.phone);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByTestId('contact-status')).toHaveText('Message sent successfully!');
    // Answered in place by the scripts, not by a plain post's new page.
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect.poll(() => mailsAbout(`from ${v.name}`).length).toBe(1);
  });

  test('shows the company details, opening hours and the drawn location picture', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    const aside = page.getByRole('complementary', { name: 'How to reach us' });
    await expect(aside).toContainText('21 Sports Hub Way');
    await expect(aside.getByRole('link', { name: /6123 4567/ })).toHaveAttribute(
      'href',
      'tel:+6561234567',
    );
    await expect(aside).toContainText('Monday to Friday');
    const picture = aside.getByRole('img', { name: /Location of Fieldhouse Sports Engineering/ });
    await expect(picture).toHaveAttribute('src', /^\/media\/company\//);
    expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });
});

test('NAPFA: eleven items, bulk pricing, and an item into the enquiry cart', async ({ page }) => {
  await page.goto('/napfa');
  await hydrated(page);
  await expect(
    page.getByText('Bulk pricing is available for schools and institutions.'),
  ).toBeVisible();
  const items = page.getByRole('article');
  await expect(items).toHaveCount(11);
  // The catalogue's names (what the cart will show), not the content file's.
  for (const name of [
    'Sit-and-Reach Box',
    'Pull-Up Bar Station',
    'Digital Stopwatch Set with Printer',
    'Gym Mat Trolley',
    'Participant Number Tags (Set of 100)',
  ])
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  const stopwatches = page.getByRole('article', { name: 'Digital Stopwatch Set with Printer' });
  await expect(stopwatches.getByRole('img')).toHaveCount(0); // decorative: the heading names it
  await stopwatches.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart').first()).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.goto('/cart');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line')).toContainText('Digital Stopwatch Set with Printer');
});

test('portfolio: three projects whose carousels work from the keyboard', async ({ page }) => {
  await page.goto('/portfolio');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Our Projects' })).toBeVisible();
  await expect(page.getByText('Innovative solutions for a better future')).toBeVisible();
  const carousels = page.locator('[aria-roledescription="carousel"]');
  await expect(carousels).toHaveCount(3);

  const goals = page.getByRole('region', {
    name: 'Pictures: Football goalposts for school fields',
  });
  const slide = (n: number) => goals.locator(`[aria-roledescription="slide"]`).nth(n - 1);
  await expect(slide(1)).toHaveAttribute('data-active', 'true');
  const next = goals.getByRole('button', { name: 'Next picture' });
  await next.focus();
  // Focus inside stops the timer, so the slide changes only when asked.
  await expect(goals).toHaveAttribute('data-state', 'paused');
  await page.keyboard.press('Enter');
  await expect(slide(2)).toHaveAttribute('data-active', 'true');
  await expect(slide(1)).toHaveAttribute('aria-hidden', 'true');
  await page.keyboard.press('Shift+Tab'); // the dot for picture 3
  await expect(page.locator(':focus')).toHaveAttribute('aria-label', /^Go to picture 3/);
  await page.keyboard.press('Enter');
  await expect(slide(3)).toHaveAttribute('data-active', 'true');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab'); // the pause button
  await page.keyboard.press('Space');
  await expect(goals.getByRole('button', { name: 'Play pictures' })).toBeFocused();
  await next.focus();
  await page.keyboard.press('Enter'); // wraps around
  await expect(slide(1)).toHaveAttribute('data-active', 'true');
  // Each picture is drawn, at most 400 px high.
  const box = await slide(1).locator('img').boundingBox();
  expect(box!.height).toBeLessThanOrEqual(400);
});

test('terms and privacy: real text, linked from the footer and the register page', async ({
  page,
}) => {
  await page.goto('/privacy');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible();
  for (const heading of [
    /What we collect/,
    /How long we keep it/,
    /Withdrawing consent/,
    /Access and correction/,
    /Data Protection Officer/,
  ])
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(page.getByText('Personal Data Protection Act 2012').first()).toBeVisible();
  await expect(page.getByRole('main')).toContainText('hello@fieldhouse.example');

  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'Terms and Conditions' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(
    page.getByRole('heading', { level: 2, name: /Enquiries and quotations/ }),
  ).toBeVisible();
  await expect(footer.getByRole('link', { name: /Privacy Notice/ })).toHaveAttribute(
    'href',
    '/privacy',
  );

  await page.goto('/register');
  await expect(page.getByRole('link', { name: 'privacy notice', exact: true })).toHaveAttribute(
    'href',
    '/privacy',
  );
});

const sixPages = ['/about-us', '/contact-us', '/portfolio', '/napfa', '/terms', '/privacy'];

for (const path of sixPages) {
  test(`${path}: title, description, canonical URL, Open Graph, sitemap, no serious axe violations`, async ({
    page,
  }) => {
    await page.goto(path);
    await expect(page).toHaveTitle(/\| Fieldhouse Sports Engineering$/);
    const base = new URL(page.url()).origin;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', base + path);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', base + path);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description!.length).toBeGreaterThan(50);
    const sitemap = await (await page.request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${base}${path}</loc>`);
    await expectNoSeriousViolations(page);
  });
}

test('about us: mission, vision, company description and the company details', async ({ page }) => {
  await page.goto('/about-us');
  for (const heading of ['Our Mission', 'Our Vision', 'Company Description'])
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('UEN 202612345K');
  await expect(page.getByRole('main')).toContainText(
    'Fieldhouse Sports Engineering is a Singapore sports engineering company.',
  );
});

test('every page fits a phone from 320 px, the header with all its buttons', async ({
  browser,
}) => {
  for (const width of [320, 360]) {
    const context = await browser.newContext({ viewport: { width, height: 700 } });
    const page = await context.newPage();
    for (const path of [
      '/',
      '/about-us',
      '/contact-us',
      '/napfa',
      '/shop',
      '/products/3',
      '/cart',
    ]) {
      await page.goto(path);
      const where = `${path} at ${width} px`;
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, where).toBe(0);
      // The last of the header's buttons (the menu) is on the screen.
      const menu = page.getByRole('banner').locator('summary', { hasText: /^Menu$/ });
      const last = await menu.boundingBox();
      expect(last!.x + last!.width, where).toBeLessThanOrEqual(width);
    }
    await context.close();
  }
});

test("the home page's promotions keep their 16:9 pictures", async ({ page }) => {
  await page.goto('/');
  const ratios = await page
    .locator('main [class*="aspect-[16/9]"]')
    .evaluateAll((boxes) =>
      boxes.map((box) => box.getBoundingClientRect()).map((r) => r.width / r.height),
    );
  expect(ratios.length).toBeGreaterThanOrEqual(6);
  for (const ratio of ratios) expect(ratio).toBeCloseTo(16 / 9, 1);
});

test('portfolio without JavaScript: every picture of a project is there to see', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/portfolio');
  const figures = page
    .locator('section[aria-roledescription="carousel"]')
    .first()
    .locator('figure');
  await expect(figures).toHaveCount(3);
  const boxes = await figures.evaluateAll((all) =>
    all.map((f) => ({ top: f.getBoundingClientRect().top, opacity: getComputedStyle(f).opacity })),
  );
  expect(boxes.map((b) => b.opacity)).toEqual(['1', '1', '1']);
  // And none hidden from screen readers (the carousel hides the others only once it runs).
  for (let i = 0; i < 3; i++)
    await expect(figures.nth(i)).not.toHaveAttribute('aria-hidden', 'true');
  // One under another, not stacked on the first.
  expect(boxes[1]!.top).toBeGreaterThan(boxes[0]!.top);
  expect(boxes[2]!.top).toBeGreaterThan(boxes[1]!.top);
  // No buttons that could do nothing.
  await expect(page.getByRole('button', { name: /Next picture/ })).toHaveCount(0);
  await context.close();
});

test('pages that end with a white band meet the footer without a strip between', async ({
  page,
}) => {
  for (const path of ['/', '/about-us']) {
    await page.goto(path);
    const gap = await page.evaluate(() => {
      const sections = [...document.querySelectorAll('main section')];
      const band = sections[sections.length - 1]!;
      const footer = document.querySelector('footer')!;
      return footer.getBoundingClientRect().top - band.getBoundingClientRect().bottom;
    });
    expect(gap, path).toBe(0);
  }
});
