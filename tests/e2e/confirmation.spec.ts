// After sending an enquiry: the buyer lands on its confirmation page; a guest can reopen it only
// through the unguessable link in the acknowledgement, which masks the contact details for
// whoever opens it; a customer reopens it from My Orders and nobody else can. Also: a bogus
// password reset link is told up front.
import { randomUUID } from 'node:crypto';
import { expect, hydrated, mailsAbout, test, type Browser, type Page } from './test';
import { expectNoSeriousViolations } from './axe';

/** The acknowledgement sent to this address about this reference (quoted-printable undone). */
function acknowledgement(email: string, reference: string): string {
  return mailsAbout(reference).find((m) => m.includes(`\nTo: ${email}`)) ?? '';
}

/** The link to the enquiry in the acknowledgement e-mailed to `email`, once it has been sent. */
async function linkInAcknowledgement(email: string, reference: string): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      link =
        acknowledgement(email, reference).match(/https?:\/\/\S+\/enquiries\/[\w-]{43}/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

async function addProduct(page: Page, id: number) {
  await page.goto(`/products/${id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart').first()).toBeVisible();
}

async function signUp(page: Page): Promise<string> {
  const email = `confirm-${randomUUID().slice(0, 8)}@school.example`;
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct horse battery', name: 'Mdm Tan' },
    headers: { origin: test.info().project.use.baseURL! },
  });
  expect(response.ok()).toBe(true);
  return email;
}

const THANKS = 'Thank you, your enquiry has been sent';

test('a guest lands on the confirmation, shown in full to the browser that sent it', async ({
  page,
}) => {
  await addProduct(page, 3);
  await addProduct(page, 13);
  await page.getByRole('button', { name: 'Add to Cart' }).click(); // NAPFA set twice
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await page.goto('/cart');
  await hydrated(page);
  await page.getByLabel('Message').fill('For our sports day in March.');
  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Information' });
  const email = `sender-${randomUUID().slice(0, 8)}@school.example`;
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone Number (optional)').fill('+65 6441 2345');
  await dialog.getByLabel('Organisation (optional)').fill('Bedok Primary School');
  await dialog.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/enquiries\/[\w-]{43}(\?sent=1)?$/);
  const heading = page.getByRole('heading', { level: 1, name: THANKS });
  await expect(heading).toBeFocused();
  const reference = (await page.getByTestId('enquiry-reference').textContent())!;
  expect(reference).toMatch(/^FH-\d{4}-\w{6}$/);
  const items = page.getByRole('region', { name: /^Items/ });
  await expect(items).toContainText('Aluminium Football Goalposts (Full Size)× 1');
  await expect(items).toContainText('NAPFA Test Equipment Set× 2');
  await expect(page.getByRole('region', { name: 'What happens next' })).toContainText(
    'usually within one working day',
  );
  // The sender's own browser sees what it gave, in full.
  const contact = page.getByRole('region', { name: 'Your contact details' });
  await expect(contact).toContainText(email);
  await expect(contact).toContainText('+65 6441 2345');
  await expect(contact).toContainText('Bedok Primary School');
  await expect(page.getByText('For our sports day in March.')).toBeVisible();
  // The page is the confirmation: no toasts on top of it, and the cart is empty.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectNoSeriousViolations(page);
  // The address loses its `?sent`, and is the one the acknowledgement links to.
  await expect(page).toHaveURL(/\/enquiries\/[\w-]{43}$/);
  expect(new URL(await linkInAcknowledgement(email, reference)).pathname).toBe(
    new URL(page.url()).pathname,
  );
});

/**
 * A guest's enquiry about products 3 and 13 (twice), sent from `page`'s browser as the cart's form
 * posts it without JavaScript. Returns the sender's e-mail and the confirmation's address.
 */
async function sendAsGuest(page: Page): Promise<{ email: string; confirmation: string }> {
  const email = `sender-${randomUUID().slice(0, 8)}@school.example`;
  const sent = await page.request.post('/cart', {
    form: {
      intent: 'enquire',
      idempotencyKey: randomUUID(),
      message: 'For our sports day in March.',
      email,
      phone: '+65 6441 2345',
      organisation: 'Bedok Primary School',
      items: JSON.stringify([
        { productId: 3, quantity: 1 },
        { productId: 13, quantity: 2 },
      ]),
    },
    headers: { origin: test.info().project.use.baseURL! },
    maxRedirects: 0,
  });
  expect(sent.status(), await sent.text()).toBe(302);
  const location = new URL(sent.headers().location!, 'http://x');
  expect(location.pathname).toMatch(/^\/enquiries\/[\w-]{43}$/);
  expect(location.search).toBe('?sent=1');
  return { email, confirmation: location.pathname };
}

test('the confirmation drops its ?sent, so a reload keeps a cart filled since; printed bare', async ({
  page,
}) => {
  const { confirmation } = await sendAsGuest(page);
  // Where the cart's answer sends the sender's browser.
  await page.goto(`${confirmation}?sent=1`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: THANKS })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${confirmation}$`));
  await addProduct(page, 2);
  await page.goto(confirmation);
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();

  // Printed: no header, navigation, footer or Print button.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('body > header')).toBeHidden();
  await expect(page.locator('body > footer')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByTestId('enquiry-reference')).toBeVisible();
});

test('the e-mailed link reopens the confirmation masked in another browser; a wrong one is a 404', async ({
  page,
  browser,
}) => {
  const { email, confirmation } = await sendAsGuest(page);
  await page.goto(confirmation);
  const reference = (await page.getByTestId('enquiry-reference').textContent())!;
  expect(reference).toMatch(/^FH-\d{4}-\w{6}$/);

  // The link from the acknowledgement, opened in another browser: the same enquiry, masked.
  const link = await linkInAcknowledgement(email, reference);
  expect(new URL(link).pathname).toBe(confirmation);
  const other = await browser.newContext();
  const reader = await other.newPage();
  const response = await reader.goto(link);
  expect(response?.status()).toBe(200);
  const headers = response!.headers();
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cache-control']).toBe('private, no-store');
  expect(headers['x-robots-tag']).toMatch(/noindex/);
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(
    reader.getByRole('heading', { level: 1, name: `Enquiry ${reference}` }),
  ).toBeVisible();
  await expect(reader.getByRole('region', { name: /^Items/ })).toContainText(
    'NAPFA Test Equipment Set× 2',
  );
  const masked = reader.getByRole('region', { name: 'Your contact details' });
  await expect(masked).toContainText(`${email[0]}•••@school.example`);
  await expect(masked).toContainText('•••• 2345');
  await expect(masked).toContainText('Partly hidden');
  const html = await reader.content();
  for (const secret of [email, '6441', 'Bedok Primary School', 'sports day'])
    expect(html).not.toContain(secret);
  await expectNoSeriousViolations(reader);

  // The link with `?sent` is not "this browser just sent it": another visitor's cart stays, and
  // the page does not thank them for an enquiry they did not send.
  await addProduct(reader, 2);
  await reader.goto(`${link}?sent=1`);
  await hydrated(reader);
  await expect(
    reader.getByRole('heading', { level: 1, name: `Enquiry ${reference}` }),
  ).toBeVisible();
  await expect(reader.getByRole('heading', { name: THANKS })).toHaveCount(0);
  await reader.reload();
  await hydrated(reader);
  await expect(reader.getByTestId('cart-count')).toHaveText('1');
  await expect(reader.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');

  // One character changed, or no token at all: the same 404 as a page that does not exist.
  const token = new URL(link).pathname.split('/').pop()!;
  const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  for (const bad of [`/enquiries/${wrong}`, '/enquiries/short', '/enquiries/']) {
    const refused = await reader.goto(bad);
    expect(refused?.status(), bad).toBe(404);
    await expect(reader.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    expect(refused!.headers()['referrer-policy'], bad).toBe('no-referrer');
  }
  await other.close();
});

test('without JavaScript a guest lands on the same confirmation, shown in full', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/products/2');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByLabel('Message').fill('Court taping for two courts.');
  await page.getByLabel('Phone Number (optional)').fill('+65 9123 4567');
  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  await expect(page).toHaveURL(/\/enquiries\/[\w-]{43}\?sent=1$/);
  await expect(page.getByRole('heading', { level: 1, name: THANKS })).toBeVisible();
  await expect(page.getByTestId('enquiry-reference')).toHaveText(/^FH-\d{4}-\w{6}$/);
  await expect(page.getByRole('region', { name: /^Items/ })).toContainText(
    'Professional Court Line Taping Service× 1',
  );
  await expect(page.getByRole('region', { name: 'Your contact details' })).toContainText(
    '+65 9123 4567',
  );
  // Printing needs scripts: without them the button is not offered.
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.goto('/cart');
  await expect(page.getByText('Your shopping cart is empty.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'ENQUIRE' })).toHaveCount(0);
  await context.close();
});

async function customerPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await signUp(page);
  return page;
}

test('a customer lands on the confirmation of the enquiry just sent', async ({ browser }) => {
  const page = await customerPage(browser);
  await addProduct(page, 3);
  await page.goto('/cart');
  await hydrated(page);
  await page.getByLabel('Organisation (optional)').fill('Tampines Sports Club');
  await page.getByLabel('Message').fill('Two goals, please.');
  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  await expect(page).toHaveURL(/\/orders\/\d+\?sent=1$/);
  await expect(page.getByRole('heading', { level: 1, name: THANKS })).toBeFocused();
  await expect(page.getByTestId('enquiry-reference')).toHaveText(/^FH-\d{4}-\w{6}$/);
  await expect(page.getByRole('region', { name: /^Items/ })).toContainText(
    'Aluminium Football Goalposts (Full Size)× 1',
  );
  await expect(page.getByRole('region', { name: 'Your contact details' })).toContainText(
    'Tampines Sports Club',
  );
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.context().close();
});

test('a customer finds the enquiry again under My Orders; nobody else can', async ({ browser }) => {
  const page = await customerPage(browser);
  // Added and sent as the cart's forms post them without JavaScript.
  const origin = { origin: test.info().project.use.baseURL! };
  const added = await page.request.post('/cart', {
    form: { intent: 'add', productId: '3' },
    headers: origin,
    maxRedirects: 0,
  });
  expect(added.status(), await added.text()).toBe(302);
  const sent = await page.request.post('/cart', {
    form: { intent: 'enquire', idempotencyKey: randomUUID(), message: 'Two goals, please.' },
    headers: origin,
    maxRedirects: 0,
  });
  expect(sent.status(), await sent.text()).toBe(302);
  const own = new URL(sent.headers().location!, 'http://x').pathname;
  expect(own).toMatch(/^\/orders\/\d+$/);

  await page.goto('/orders');
  await hydrated(page);
  await page.getByRole('link', { name: /^FH-\d{4}-\w{6}$/ }).click();
  await expect(page).toHaveURL(new RegExp(`${own}$`));
  const reference = (await page.getByTestId('enquiry-reference').textContent())!;
  await expect(page.getByRole('heading', { level: 1, name: `Enquiry ${reference}` })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Items/ })).toContainText(
    'Aluminium Football Goalposts (Full Size)× 1',
  );

  const stranger = await customerPage(browser);
  expect((await stranger.goto(own))?.status()).toBe(404);
  await stranger.context().close();
  await page.context().close();
});

test('a bogus reset link says so up front, with the way to a new one', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await hydrated(page);
  await expect(page.getByRole('alert')).toContainText(
    'This reset link is invalid or has expired. Please ask for a new one.',
  );
  await expect(page.getByLabel('New Password')).toHaveCount(0);
  // The new link is asked for right there.
  await page.getByLabel('Email').fill('nobody@school.example');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('A password reset link has been sent to your email.')).toBeFocused();
});
