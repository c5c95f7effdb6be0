// Cart and enquiry: the guest flow with every validation message, the signed-in flow, My Orders,
// the guest cart merged at sign-in, and the e-mails in the outbox.
import { randomUUID } from 'node:crypto';
import {
  expect,
  failPosts,
  hydrated,
  mailsAbout,
  test,
  type Browser,
  type BrowserContext,
  type Page,
} from './test';
import { expectFieldMessage, openBeforeScripts } from './forms';
import { expectNoSeriousViolations } from './axe';

async function addProduct(page: Page, id: number) {
  await page.goto(`/products/${id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to Cart').first()).toBeVisible();
}

async function signUp(page: Page) {
  const email = `buyer-${randomUUID().slice(0, 8)}@school.example`;
  const origin = new URL(page.url() === 'about:blank' ? 'http://localhost' : page.url()).origin;
  const base = test.info().project.use.baseURL!;
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'correct horse battery', name: 'Mdm Tan' },
    headers: { origin: base || origin },
  });
  expect(response.ok()).toBe(true);
  return email;
}

/** A guest's browser whose cart (in the cookie, as the server keeps it) holds two goalposts. */
async function guestWithCookieCart(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  const url = test.info().project.use.baseURL!;
  await context.addCookies([{ name: 'fh_cart', value: '3:2', url }]);
  return context;
}

/** A new customer's cart page with one goalpost set in it; returns the line's quantity field. */
async function customerCartWithGoalposts(page: Page) {
  await page.goto('/');
  await signUp(page);
  await addProduct(page, 3);
  await page.goto('/cart');
  return page.getByLabel(/Quantity of Aluminium Football Goalposts/);
}

test('a guest fills a cart, meets every validation message, and sends an enquiry with e-mails', async ({
  page,
}) => {
  await addProduct(page, 3);
  await addProduct(page, 2);
  await page.getByRole('button', { name: 'Add to Cart' }).click(); // court taping twice
  await addProduct(page, 13);
  await expect(page.getByTestId('cart-count')).toHaveText('4');

  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'My Cart' })).toBeVisible();
  await expect(page.getByText('Log in to keep your cart and follow your enquiries.')).toBeVisible();
  const lines = page.getByTestId('cart-line');
  await expect(lines).toHaveCount(3);
  await expect(page.getByLabel(/Quantity of Professional Court Line Taping/)).toHaveValue('2');
  await page
    .getByRole('button', { name: /Increase quantity of Aluminium Football Goalposts/ })
    .click();
  const summary = page.getByRole('list', { name: 'Items in your enquiry' });
  // Enter takes what was typed as the field's blur does: too many becomes the most there can be.
  await page.getByLabel(/Quantity of Aluminium Football Goalposts/).fill('99999');
  await page.getByLabel(/Quantity of Aluminium Football Goalposts/).press('Enter');
  await expect(page.getByLabel(/Quantity of Aluminium Football Goalposts/)).toHaveValue('9999');
  await expect(summary).toContainText('Aluminium Football Goalposts (Full Size)× 9999');
  await page.getByLabel(/Quantity of Aluminium Football Goalposts/).fill('5');
  await page.getByLabel(/Quantity of Aluminium Football Goalposts/).press('Enter');
  await page.getByRole('button', { name: /Remove NAPFA Test Equipment Set/ }).click();
  await expect(lines).toHaveCount(2);
  await expect(summary).toContainText('Aluminium Football Goalposts (Full Size)× 5');
  await expect(summary).toContainText('Professional Court Line Taping Service× 2');

  // Apply says what becomes of the code (no prices here, so nothing is discounted on the spot).
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Type a promo code first.')).toBeVisible();
  await page.getByLabel('Promo code').fill('SCHOOL10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(
    page.getByText(
      'Code SCHOOL10 goes with your enquiry; our team checks it and applies it in your quotation.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Promo code applied!')).toHaveCount(0);

  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  await expect(page.getByText('Please enter a message.')).toBeVisible();
  await page.getByLabel('Message').fill('Please quote for Bedok Primary, delivery in March.');
  await page.getByRole('button', { name: 'ENQUIRE' }).click();

  const dialog = page.getByRole('dialog', { name: 'Contact Information' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeFocused();
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await submit.click();
  await expect(dialog.getByText('Please enter at least one contact method.')).toBeVisible();
  await dialog.getByLabel('Email').fill('not an email');
  await submit.click();
  await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
  await dialog.getByLabel('Email').fill('');
  await dialog.getByLabel('Phone Number (optional)').fill('12a');
  await submit.click();
  await expect(dialog.getByText('Please enter a valid phone number.')).toBeVisible();
  await dialog.getByLabel('Organisation (optional)').fill('Bedok Primary');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Opened again, the dialog still has what was typed.
  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  await expect(dialog.getByLabel('Phone Number (optional)')).toHaveValue('12a');
  await expect(dialog.getByLabel('Organisation (optional)')).toHaveValue('Bedok Primary');
  const email = `ops-${randomUUID().slice(0, 8)}@school.example`;
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone Number (optional)').fill('+65 6123 4567');
  await dialog.getByLabel('Organisation (optional)').fill('Bedok Primary School');
  await submit.click();
  // The guest lands on the enquiry's confirmation page behind its unguessable link.
  await expect(page).toHaveURL(/\/enquiries\/[\w-]{43}(\?sent=1)?$/);
  await expect(page.getByTestId('cart-count')).toHaveCount(0); // an empty cart shows no count
  const reference = (await page.getByTestId('enquiry-reference').textContent())!;
  expect(reference).toMatch(/^FH-\d{4}-\w{6}$/);

  await expect.poll(() => mailsAbout(reference).length).toBe(2);
  const [company, ack] = [
    // Header lines only: the company's mail names the customer in its Reply-To.
    mailsAbout(reference).find((m) => /^To: sales@fieldhouse\.example/m.test(m))!,
    mailsAbout(reference).find((m) => m.includes(`\nTo: ${email}`))!,
  ];
  for (const mail of [company, ack]) {
    expect(mail).toMatch(/Aluminium Football Goalposts \(Full Size\) (×|=C3=97) 5/);
    expect(mail).toMatch(/Professional Court Line Taping Service (×|=C3=97) 2/);
    expect(mail).not.toContain('NAPFA Test Equipment Set');
  }
  // The acknowledgement may go to an address nobody verified, so it carries nothing the sender
  // wrote: the promo code and organisation reach the company only.
  expect(company).toContain('SCHOOL10');
  expect(ack).not.toContain('SCHOOL10');
  expect(ack).not.toContain('Bedok Primary School');
  expect(company).toContain('Bedok Primary School');
  expect(company).toContain('Guest');
});

test('removing lines keeps the keyboard in the cart and says what happened', async ({ page }) => {
  await addProduct(page, 3);
  await addProduct(page, 2);
  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByTestId('cart-line')).toHaveCount(2);
  const status = page.getByRole('status').filter({ hasText: /removed from your cart/ });
  const first = page.getByRole('button', { name: /^Remove / }).first();
  const firstName = (await first.getAttribute('aria-label'))!.replace(/^Remove /, '');
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  // The focus moves to the remaining line's Remove, not to the page.
  const last = page.getByRole('button', { name: /^Remove / });
  await expect(last).toBeFocused();
  await expect(status).toHaveText(`${firstName} removed from your cart.`);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your shopping cart is empty.')).toBeFocused();
  await expect(status).toHaveText(/removed from your cart\.$/);
});

test('an empty cart shows a way to the shop, no count, and nothing to send', async ({ page }) => {
  // Every layout shift from the first paint on, to prove the empty state is there at once.
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number };
    w.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        w.shifts += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByText('Your shopping cart is empty.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0);
  await expect(page.getByRole('heading', { name: 'Order Summary' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'ENQUIRE' })).toHaveCount(0);
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
  await page.getByRole('link', { name: 'Browse the catalogue' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  // The server refuses an empty cart all the same (its service test has every case).
  const key = await page.request.post('/cart', {
    form: {
      intent: 'enquire',
      js: '1',
      message: 'Hello',
      idempotencyKey: randomUUID(),
      email: 'a@b.example',
      items: '[]',
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(key.status()).toBe(400);
  expect(await key.text()).toContain('Your cart is empty!');
});

test('a signed-in user enquires without the dialog and finds it on My Orders', async ({ page }) => {
  await page.goto('/');
  await signUp(page);
  await page.goto('/orders');
  await expect(page.getByText('You have not sent any enquiries yet')).toBeVisible();
  await addProduct(page, 3);
  await addProduct(page, 3);
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.goto('/cart');
  await hydrated(page);
  await expect(page.getByText('Log in to keep your cart and follow your enquiries.')).toHaveCount(
    0,
  );
  await expect(page.getByLabel(/Quantity of Aluminium Football Goalposts/)).toHaveValue('2');
  await page.getByLabel('PO / GeBIZ reference (optional)').fill('GBZ-2026-001');
  await page.getByLabel('Message').fill('For our new field. <b>Thanks</b>');
  // A double click sends once: the second click came before the button was busy, cancelled the
  // first request in the browser and logged it as a failed submission.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url());
  });
  await page.getByRole('button', { name: 'ENQUIRE' }).dblclick();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/orders\/\d+\?sent=1$/);
  expect(posts).toHaveLength(1);
  expect(errors).toEqual([]);
  await expect(page.getByTestId('cart-count')).toHaveCount(0);

  await page.goto('/orders');
  await hydrated(page);
  await expect(page.getByRole('article')).toHaveCount(1);
  const card = page.getByRole('article').first();
  await expect(card).toContainText('Aluminium Football Goalposts (Full Size)× 2');
  await expect(card).toContainText('For our new field. <b>Thanks</b>'); // shown as typed, escaped
  await expect(card).toContainText('Received');
  await card.getByRole('link', { name: /FH-/ }).click();
  await expect(page.getByRole('heading', { name: /Enquiry FH-/ })).toBeVisible();
  await expect(page.getByText('GBZ-2026-001')).toBeVisible();
  const own = page.url();

  // Another account cannot open it.
  await page.context().clearCookies();
  await signUp(page);
  const response = await page.goto(own);
  expect(response?.status()).toBe(404);
});

test('a customer whose session ended meanwhile is told so, not that the cart is empty', async ({
  page,
}) => {
  await expect(await customerCartWithGoalposts(page)).toHaveValue('1');
  await page.context().clearCookies(); // signed out elsewhere
  await page.getByLabel('Message').fill('Still there?');
  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  await expect(
    page.getByText('Your session has ended. Please log in again to send your enquiry.').first(),
  ).toBeVisible();
  await expect(page.getByText('Your cart is empty!')).toHaveCount(0);
  await expect(page.getByLabel('Message')).toHaveValue('Still there?');
});

test('a signed-in customer steps a quantity with the keyboard and keeps focus on the button', async ({
  page,
}) => {
  const quantity = await customerCartWithGoalposts(page);
  await expect(quantity).toHaveValue('1');
  const increase = page.getByRole('button', {
    name: /Increase quantity of Aluminium Football Goalposts/,
  });
  await increase.focus();
  for (const expected of ['2', '3']) {
    await page.keyboard.press('Space');
    await expect(quantity).toHaveValue(expected);
    await expect(increase).not.toHaveAttribute('aria-disabled');
    await expect(increase).toBeFocused();
  }
  // Down to 1: the − button says it can go no lower, and keeps the keyboard's focus.
  const decrease = page.getByRole('button', {
    name: /Decrease quantity of Aluminium Football Goalposts/,
  });
  await decrease.focus();
  await page.keyboard.press('Space');
  await expect(quantity).toHaveValue('2');
  await expect(decrease).not.toHaveAttribute('aria-disabled'); // the change is answered
  await page.keyboard.press('Space');
  await expect(quantity).toHaveValue('1');
  await expect(decrease).toHaveAttribute('aria-disabled', 'true');
  await expect(decrease).toBeFocused();
  await page.keyboard.press('Space');
  await expect(quantity).toHaveValue('1');
  await page.reload();
  await expect(quantity).toHaveValue('1');
});

test('My Orders asks a guest to log in', async ({ page }) => {
  await page.goto('/orders');
  await expect(page.getByText('Please log in to view your enquiries')).toBeVisible();
});

test('a guest cart is merged into the account cart at sign-in', async ({ page }) => {
  await addProduct(page, 13);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await signUp(page);
  await page.goto('/cart');
  await expect(
    page.getByText(/1 product you added before signing in is now in your account/),
  ).toBeVisible();
  await expect(page.getByLabel(/Quantity of NAPFA Test Equipment Set/)).toHaveValue('1');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
});

test('a guest cart merged at sign-in is not merged again when its merge is sent again', async ({
  page,
}) => {
  await addProduct(page, 13);
  const saved = await page.evaluate(() => ({
    cart: localStorage.getItem('cart')!,
    token: localStorage.getItem('cart-token')!,
  }));
  expect(saved.token).toMatch(/^[0-9a-f]{16}$/);
  await signUp(page);
  const mergePost = () =>
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/cart.data',
    );
  const first = mergePost();
  await page.goto('/cart');
  expect((await first).request().postDataJSON()).toMatchObject({
    intent: 'merge',
    token: saved.token,
  });
  await expect(page.getByLabel(/Quantity of NAPFA Test Equipment Set/)).toHaveValue('1');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cart-token'))).toBeNull();

  // The same cart and token come back, as when the first answer was lost before the cart was
  // cleared (or a second tab sent it too): the merge is sent again and changes nothing.
  await page.evaluate(({ cart, token }) => {
    localStorage.setItem('cart', cart);
    localStorage.setItem('cart-token', token);
  }, saved);
  const again = mergePost();
  await page.reload();
  expect((await again).request().postDataJSON()).toMatchObject({ token: saved.token });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
  await page.reload();
  await expect(page.getByLabel(/Quantity of NAPFA Test Equipment Set/)).toHaveValue('1');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('an enquiry that gets no answer (connection lost, a 500) keeps what was typed; a retry sends it', async ({
  page,
}) => {
  await addProduct(page, 2);
  await page.goto('/cart');
  await hydrated(page);
  const message = 'Two courts, please, before the sports day.';
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Information' });
  const email = `ops-${randomUUID().slice(0, 8)}@school.example`;
  await dialog.getByLabel('Email').fill(email);

  // The enquiry's POST (React Router's /cart.data) fails: first the connection, then the server.
  const failed = await failPosts(page, '**/cart.data*');
  const submit = dialog.getByRole('button', { name: 'Submit' });
  for (const attempt of [1, 2]) {
    await submit.click();
    await expect.poll(() => failed.length).toBe(attempt);
    await expect(submit).not.toHaveAttribute('aria-disabled'); // answered: no longer 'Sending…'
    await expect(dialog.getByRole('alert')).toHaveText('Something went wrong. Please try again.');
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Message')).toHaveValue(message);
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  }

  await page.unroute('**/cart.data*');
  await submit.click();
  await expect(page).toHaveURL(/\/enquiries\/[\w-]{43}(\?sent=1)?$/);
  await expect(page.getByText(message)).toBeVisible();
});

test('cart, contact dialog and My Orders have no serious or critical accessibility violations', async ({
  page,
}) => {
  // Several axe runs and a sign-up: 26-37 s on a busy 2-core machine.
  test.setTimeout(60_000);
  await page.goto('/cart');
  await expectNoSeriousViolations(page); // empty
  await addProduct(page, 2);
  await expectNoSeriousViolations(page); // with the 'Added to Cart' toast showing
  await page.goto('/cart');
  await hydrated(page);
  await page.getByLabel('Message').fill('Two courts, please.');
  await page.getByRole('button', { name: 'ENQUIRE' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact Information' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.keyboard.press('Escape');
  await signUp(page);
  await page.goto('/orders');
  // The guest cart is merged on the first page signed in, with a toast: checked with it showing.
  await expect(page.getByText(/now in your account's cart/)).toBeVisible();
  await expectNoSeriousViolations(page);
});

test.describe('before the scripts run', () => {
  test("a guest's enquiry is answered with every message under a visible field; fixed, it is sent", async ({
    browser,
  }) => {
    const context = await guestWithCookieCart(browser);
    const page = await context.newPage();
    await openBeforeScripts(page, '/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Phone Number (optional)')).toBeVisible();

    await page.getByRole('button', { name: 'ENQUIRE' }).click();
    await expectFieldMessage(page.getByLabel('Message'), 'Please enter a message.');
    await expectFieldMessage(page.getByLabel('Email'), 'Please enter at least one contact method.');
    await page.getByLabel('Message').fill('Two goals, before the scripts.');
    await page.getByLabel('Email').fill(`slow-${randomUUID().slice(0, 8)}@school.example`);
    await page.getByRole('button', { name: 'ENQUIRE' }).click();
    await expect(page).toHaveURL(/\/enquiries\/[\w-]{43}\?sent=1$/);
    await expect(page.getByTestId('enquiry-reference')).toHaveText(/^FH-\d{4}-\w{6}$/);
    await context.close();
  });

  test("a refused enquiry's messages stay once the scripts run, and the fixed one is sent by them", async ({
    browser,
  }) => {
    const context = await guestWithCookieCart(browser);
    const page = await context.newPage();
    const runScripts = await openBeforeScripts(page, '/cart');
    await page.getByLabel('Message').fill('Two goals, please.');
    await page.getByRole('button', { name: 'ENQUIRE' }).click();
    await expectFieldMessage(page.getByLabel('Email'), 'Please enter at least one contact method.');

    await runScripts();
    await expectFieldMessage(page.getByLabel('Email'), 'Please enter at least one contact method.');
    await expect(page.getByLabel('Message')).toHaveValue('Two goals, please.');
    await page.getByLabel('Email').fill(`later-${randomUUID().slice(0, 8)}@school.example`);
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().includes('/cart.data'),
    );
    await page.getByRole('button', { name: 'ENQUIRE' }).click();
    await sent; // by the scripts, without a dialog: the details are in the form already
    await expect(page).toHaveURL(/\/enquiries\/[\w-]{43}(\?sent=1)?$/);
    await expect(page.getByText('Two goals, please.')).toBeVisible();
    await context.close();
  });

  test('contact details typed before the scripts run stay in the form, and are sent', async ({
    browser,
  }) => {
    const context = await guestWithCookieCart(browser);
    const page = await context.newPage();
    const runScripts = await openBeforeScripts(page, '/cart');
    const email = `typed-${randomUUID().slice(0, 8)}@school.example`;
    await page.getByLabel('Email').fill(email);

    await runScripts();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByLabel('Message').fill('One set of goals.');
    await page.getByRole('button', { name: 'ENQUIRE' }).click();
    await expect(page).toHaveURL(/\/enquiries\/[\w-]{43}(\?sent=1)?$/);
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.close();
  });

  test('a cart only the scripts can read cannot be sent before they run; then the dialog asks', async ({
    page,
  }) => {
    await addProduct(page, 2); // into local storage, which only the scripts read
    const runScripts = await openBeforeScripts(page, '/cart');
    await expect(page.getByText('Loading your cart…')).toBeVisible();
    await expect(page.getByRole('button', { name: 'ENQUIRE' })).toBeDisabled();

    await runScripts();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    // Nothing was typed into the contact fields: the Contact Information dialog asks for them.
    await expect(page.getByLabel('Email')).toHaveCount(0);
    await page.getByLabel('Message').fill('Court taping, please.');
    await page.getByRole('button', { name: 'ENQUIRE' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Information' });
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectFieldMessage(
      dialog.getByLabel('Email'),
      'Please enter at least one contact method.',
    );
  });

  test('the form before the scripts run has no serious or critical accessibility violations', async ({
    browser,
  }) => {
    const context = await guestWithCookieCart(browser);
    const page = await context.newPage();
    await openBeforeScripts(page, '/cart');
    await page.getByRole('button', { name: 'ENQUIRE' }).click();
    await expect(page.getByText('Please enter a message.')).toBeVisible();
    await expectNoSeriousViolations(page);
    await context.close();
  });
});

test.describe('without JavaScript', () => {
  test('a guest fills a cart, changes it, and sends an enquiry with the contact fields inline', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/cart');
    await expect(page.getByText('Your shopping cart is empty.')).toBeVisible();
    await expect(page.getByText('Loading your cart…')).toBeHidden();

    await page.goto('/products/3');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/cart\?added=3$/);
    await expect(page.getByRole('status').filter({ hasText: 'Added to Cart' })).toHaveText(
      'Added to Cart: Aluminium Football Goalposts (Full Size)',
    );
    await page.goto('/products/13');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await page
      .getByRole('button', { name: /Increase quantity of Aluminium Football Goalposts/ })
      .click();
    await expect(page.getByLabel(/Quantity of Aluminium Football Goalposts/)).toHaveValue('2');
    await page.getByLabel(/Quantity of Aluminium Football Goalposts/).fill('7');
    await page.getByLabel(/Quantity of Aluminium Football Goalposts/).press('Enter');
    await expect(page.getByLabel(/Quantity of Aluminium Football Goalposts/)).toHaveValue('7');
    await page.getByRole('button', { name: /Remove NAPFA Test Equipment Set/ }).click();
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    // Apply needs scripts: without them only the field, sent with the enquiry, and its note.
    await expect(page.getByRole('button', { name: 'Apply' })).toBeHidden();
    await expect(page.getByText('Our team takes it into account in your quotation.')).toBeVisible();

    // One answer names every field to fix, each under its field.
    await page.getByRole('button', { name: 'ENQUIRE' }).click();
    await expectFieldMessage(page.getByLabel('Message'), 'Please enter a message.');
    await expectFieldMessage(page.getByLabel('Email'), 'Please enter at least one contact method.');
    await page.getByLabel('Message').fill('Two goals for Tampines, please.');
    await page.getByRole('button', { name: 'ENQUIRE' }).click();
    await expectFieldMessage(page.getByLabel('Email'), 'Please enter at least one contact method.');
    await expect(page.getByText('Please enter a message.')).toHaveCount(0);
    // The refused page comes back with what was typed.
    await expect(page.getByLabel('Message')).toHaveValue('Two goals for Tampines, please.');
    await page.getByLabel('Email').fill('not an email');
    await page.getByLabel('Organisation (optional)').fill('Tampines Primary');
    await page.getByLabel('Promo code').fill('SPORTSDAY');
    await page.getByRole('button', { name: 'ENQUIRE' }).click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveValue('Two goals for Tampines, please.');
    await expect(page.getByLabel('Email')).toHaveValue('not an email');
    await expect(page.getByLabel('Organisation (optional)')).toHaveValue('Tampines Primary');
    await expect(page.getByLabel('Promo code')).toHaveValue('SPORTSDAY');
    const email = `nojs-${randomUUID().slice(0, 8)}@school.example`;
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'ENQUIRE' }).click();
    const reference = (await page.getByTestId('enquiry-reference').textContent())!;
    expect(reference).toMatch(/^FH-\d{4}-\w{6}$/);
    await expect.poll(() => mailsAbout(reference).length).toBe(2);
    expect(mailsAbout(reference).join('\n')).toMatch(
      /Aluminium Football Goalposts \(Full Size\) (×|=C3=97) 7/,
    );
    await page.goto('/cart');
    await expect(page.getByText('Your shopping cart is empty.')).toBeVisible();
    await context.close();
  });

  test('lines added before the scripts ran join the local cart once they run', async ({
    browser,
  }) => {
    const noScripts = await browser.newContext({ javaScriptEnabled: false });
    const before = await noScripts.newPage();
    await before.goto('/products/2');
    await before.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(before.getByTestId('cart-line')).toHaveCount(1);
    const state = await noScripts.storageState();
    await noScripts.close();

    const context = await browser.newContext({ storageState: state });
    const page = await context.newPage();
    await page.goto('/cart');
    await expect(page.getByLabel(/Quantity of Professional Court Line Taping/)).toHaveValue('1');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]').length))
      .toBe(1);
    expect((await context.cookies()).some((c) => c.name === 'fh_cart')).toBe(false);
    await page.reload();
    await expect(page.getByTestId('cart-line')).toHaveCount(1); // folded once, not twice
    await expect(page.getByLabel(/Quantity of Professional Court Line Taping/)).toHaveValue('1');
    await context.close();
  });

  test('a line of a product no longer for sale leaves the cookie cart, so the rest can be sent', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const baseURL = test.info().project.use.baseURL!;
    await context.addCookies([{ name: 'fh_cart', value: '3:2.999999:1', url: baseURL }]);
    const page = await context.newPage();
    await page.goto('/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    const cookie = (await context.cookies()).find((c) => c.name === 'fh_cart');
    expect(cookie?.value).toMatch(/^3:2(\.t[0-9a-f]{16})?$/);
    await page.getByLabel('Message').fill('Two goals, please.');
    await page.getByLabel('Email').fill(`gone-${randomUUID().slice(0, 8)}@school.example`);
    await page.getByRole('button', { name: 'ENQUIRE' }).click();
    await expect(page.getByTestId('enquiry-reference')).toHaveText(/^FH-\d{4}-\w{6}$/);
    await context.close();
  });

  test('a signed-in customer sends an enquiry and lands on its page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await signUp(page);
    await page.goto('/products/3');
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/cart\?added=3$/);
    await expect(page.getByLabel(/Quantity of Aluminium Football Goalposts/)).toHaveValue('1');
    await page.getByRole('button', { name: 'ENQUIRE' }).click();
    await expect(page.getByText('Please enter a message.')).toBeVisible();
    await page.getByLabel('PO / GeBIZ reference (optional)').fill('GBZ-NOJS-1');
    await page.getByLabel('Message').fill('For the new field.');
    await page.getByRole('button', { name: 'ENQUIRE' }).click();
    await expect(page).toHaveURL(/\/orders\/\d+\?sent=1$/);
    await expect(
      page.getByRole('heading', { name: 'Thank you, your enquiry has been sent' }),
    ).toBeVisible();
    await expect(page.getByTestId('enquiry-reference')).toHaveText(/^FH-\d{4}-\w{6}$/);
    await expect(page.getByText('GBZ-NOJS-1')).toBeVisible();
    await page.goto('/cart');
    await expect(page.getByText('Your shopping cart is empty.')).toBeVisible();
    await context.close();
  });
});
