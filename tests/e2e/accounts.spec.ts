// Accounts: register with every validation message, sign in and out, admins, unsafe redirects,
// the password reset through the outbox, profile edits, cross-site posts, staff two-factor.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, hydrated, mailsAbout, test, type Page } from './test';
import { expectNoSeriousViolations } from './axe';
import { Secret, TOTP } from 'otpauth';

const password = 'correct horse battery';
const uniqueEmail = () => `user-${randomUUID().slice(0, 8)}@example.com`;

function demoAdmin() {
  const text = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'demo-admin.txt'), 'utf8');
  return { email: text.match(/email: (\S+)/)![1]!, password: text.match(/password: (\S+)/)![1]! };
}

async function register(page: Page, email = uniqueEmail(), name = 'Mdm Tan Siew Ling') {
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password, name },
    headers: { origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(response.ok(), await response.text()).toBe(true);
  await page.context().clearCookies();
  return email;
}

/** The reset link mailed to `email` (the newest), once it has arrived. */
async function resetLinkFor(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(() => {
      for (const mail of mailsAbout(`To: ${email}`))
        link = mail.match(/https?:\/\/\S+\/reset-password\?token=[\w.-]+/)?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

async function signIn(
  page: Page,
  email: string,
  pass = password,
  path = '/login',
  { scripts = true }: { scripts?: boolean } = {},
) {
  await page.goto(path);
  // Without JavaScript the form is the server's: there is nothing to wait for.
  if (scripts) await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(pass);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('register shows each validation message, then creates the account and signs it in', async ({
  page,
}) => {
  await page.goto('/register');
  await hydrated(page);
  const email = page.getByLabel('Email');
  await email.fill('not-an-email');
  await email.blur();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await page.getByLabel('Full Name').focus();
  await page.getByLabel('Full Name').blur();
  await expect(page.getByText('This field cannot be left blank')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Password', { exact: true }).blur();
  await expect(page.getByText('Password cannot be less than 8 characters')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByLabel('Confirm Password').blur();
  await expect(page.getByText('Passwords does not match')).toBeVisible();
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await expect(page).toHaveURL(/\/register$/); // blocked: nothing was sent

  const taken = await register(page);
  await page.goto('/register');
  await hydrated(page);
  await page.getByLabel('Email').fill(taken);
  await page.getByLabel('Full Name').fill('Someone Else');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  const error = page.getByRole('alertdialog', { name: 'Error' });
  await expect(error).toContainText('Email is already taken');
  await error.getByRole('button', { name: 'Try Again' }).click();

  const fresh = uniqueEmail();
  await page.getByLabel('Email').fill(fresh);
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Your account has been created.');
  await page.getByRole('button', { name: 'Continue' }).click();
  // Signed in by registering: no second form for the password just typed.
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(fresh).first()).toBeVisible();
});

test('sign in, wrong password in an Error dialog, sign out ends the session', async ({ page }) => {
  const email = await register(page);
  await signIn(page, email, 'wrong password!');
  const error = page.getByRole('alertdialog', { name: 'Error' });
  await expect(error).toBeVisible();
  // The dialog takes the keyboard's focus (its one button), and Enter dismisses it.
  await expect(error.getByRole('button', { name: 'Try Again' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(error).toHaveCount(0);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.getByText('Mdm Tan Siew Ling').first().click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByText('Account').first()).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
});

test('redirectTo is followed only for same-site paths', async ({ page }) => {
  const email = await register(page);
  await signIn(page, email, password, '/login?redirectTo=%2Forders');
  await expect(page).toHaveURL(/\/orders$/);
  for (const evil of ['//evil.example', 'https://evil.example']) {
    await page.context().clearCookies();
    await signIn(page, email, password, `/login?redirectTo=${encodeURIComponent(evil)}`);
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  }
});

test('a failed Google sign-in comes back to the sign-in page with a way on', async ({ page }) => {
  await page.goto('/login?error=google');
  await expect(page.getByRole('alert')).toContainText('Signing in with Google did not work.');
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
});

test('an admin lands on /admin/list; a customer gets 403 there', async ({ page }) => {
  const admin = demoAdmin();
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/list$/);
  await page.context().clearCookies();
  const email = await register(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  const response = await page.goto('/admin/list');
  expect(response?.status()).toBe(403);
});

test('password reset through the e-mailed link, once', async ({ page }) => {
  const email = await register(page);
  await page.goto('/login');
  await hydrated(page);
  await page.getByRole('button', { name: 'Forgot password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot password' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    dialog.getByText('A password reset link has been sent to your email.'),
  ).toBeFocused();

  const link = await resetLinkFor(email);

  await page.goto(link);
  await hydrated(page);
  await page.getByLabel('New Password').fill('brand new password');
  await page.getByLabel('Confirm Password').fill('brand new password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Your password has been changed');

  // The used link says so at once, with the way to a new one, and asks for no password.
  await page.goto(link);
  await hydrated(page);
  await expect(page.getByRole('alert')).toContainText(
    'This reset link is invalid or has expired. Please ask for a new one.',
  );
  await expect(page.getByLabel('New Password')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();

  await signIn(page, email, password);
  await expect(page.getByRole('alertdialog', { name: 'Error' })).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await signIn(page, email, 'brand new password');
  await expect(page).toHaveURL(/\/$/);
});

test('without JavaScript, Forgot password leads to a page that sends the link', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = await register(page);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel('Email').fill(email.replace('@', ' at '));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email.replace('@', ' at '));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('A password reset link has been sent to your email.')).toBeVisible();
  const link = await resetLinkFor(email);
  // The link's page sends no referrer, so its plain post carries Origin null: still accepted.
  await page.goto(link);
  await page.getByLabel('New Password').fill('brand new password');
  await page.getByLabel('Confirm Password').fill('brand new password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login\?reset=1$/);
  await context.close();
});

test('a long name in the header is cut short, leaving the search box its room', async ({
  page,
}) => {
  const name = 'Wolfeschlegelsteinhausenbergerdorff Maximilia';
  const email = await register(page, uniqueEmail(), name);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.setViewportSize({ width: 768, height: 900 });
  const account = page.getByRole('banner').getByText(name);
  await expect(account).toBeVisible();
  await expect(account).toHaveCSS('text-overflow', 'ellipsis');
  const search = page.locator('#site-search');
  expect((await search.boundingBox())!.width).toBeGreaterThan(200);
});

test('the reset dialog answers the same for an unknown e-mail', async ({ page }) => {
  await page.goto('/login');
  await hydrated(page);
  await page.getByRole('button', { name: 'Forgot password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot password' });
  await dialog.getByLabel('Email').fill(uniqueEmail());
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    dialog.getByText('A password reset link has been sent to your email.'),
  ).toBeVisible();
});

test('profile edits persist; a password change needs the current one', async ({ page }) => {
  const email = await register(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await hydrated(page);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('Full Name').fill('Mr Lim Wei Jie');
  await page.getByLabel('Phone (used for your enquiries)').fill('12');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();
  await page.getByLabel('Phone (used for your enquiries)').fill('+65 9123 4567');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId('profile-name')).toHaveText('Mr Lim Wei Jie');
  await expect(page.getByLabel('Phone (used for your enquiries)')).toHaveValue('+65 9123 4567');

  await page.getByLabel('Current Password').fill('not my password');
  await page.getByLabel('New Password').fill('a better password');
  await page.getByLabel('Confirm Password').fill('a better password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();
  await page.getByLabel('Current Password').fill(password);
  await page.getByLabel('New Password').fill('a better password');
  await page.getByLabel('Confirm Password').fill('a better password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('profile-name')).toHaveText('Mr Lim Wei Jie'); // this session kept
});

test('a password that is easy to guess is refused under its field, on register and profile', async ({
  page,
}) => {
  await page.goto('/register');
  await page.getByLabel('Email').fill(uniqueEmail());
  await page.getByLabel('Full Name').fill('Mdm Tan Siew Ling');
  const field = page.getByLabel('Password', { exact: true });
  await field.fill('Passw0rd!');
  await page.getByLabel('Confirm Password').fill('Passw0rd!');
  await page.getByRole('button', { name: 'CREATE ACCOUNT' }).click();
  await expect(field).toHaveAccessibleDescription(/This password is too easy to guess\./);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expectNoSeriousViolations(page);

  const email = await register(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await page.getByLabel('Current Password').fill(password);
  await page.getByLabel('New Password').fill('12341234');
  await page.getByLabel('Confirm Password').fill('12341234');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('New Password')).toHaveAccessibleDescription(
    /This password is too easy to guess\./,
  );
  // The page a password change without JavaScript lands on.
  await page.goto('/profile?password-changed=1');
  await expect(page.getByRole('status').filter({ hasText: 'Other sessions' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('without JavaScript, a password change on the profile keeps this device signed in', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = await register(page);
  // Another device, signed in before the change: it is signed out by it.
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await signIn(elsewhere, email);
  await expect(elsewhere).toHaveURL(/\/$/);

  await signIn(page, email, password, '/login', { scripts: false });
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  // A refusal is the server's page, said under the field.
  await page.getByLabel('Current Password').fill('not my password');
  await page.getByLabel('New Password').fill('quiet otter lantern');
  await page.getByLabel('Confirm Password').fill('quiet otter lantern');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.')).toBeVisible();

  await page.getByLabel('Current Password').fill(password);
  await page.getByLabel('New Password').fill('quiet otter lantern');
  await page.getByLabel('Confirm Password').fill('quiet otter lantern');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/profile\?password-changed=1$/);
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been changed. Other sessions were signed out.',
  );
  await expect(page.getByText(email)).toBeVisible();
  // Still signed in here on the next page; the other device is not.
  await page.goto('/orders');
  await expect(page).toHaveURL(/\/orders$/);
  const response = await elsewhere.goto('/profile');
  expect(response?.url()).toMatch(/\/login\?redirectTo=%2Fprofile$/);
  await other.close();
  await context.close();
});

test('without JavaScript, signing in and a wrong password are answered by the server', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = await register(page);
  // signIn's steps, with no hydration to wait for.
  const signInPlain = async (pass: string, path = '/login') => {
    await page.goto(path);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(pass);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };
  await signInPlain('wrong password!');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await signInPlain(password, '/login?redirectTo=%2Forders');
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText('You have not sent any enquiries yet')).toBeVisible();
  await context.close();
});

test('a form post from another site is refused', async ({ request }) => {
  const response = await request.post('/cart', {
    form: { intent: 'enquire' },
    headers: { origin: 'https://evil.example' },
  });
  expect(response.status()).toBe(403);
  // A page that sends no referrer posts with Origin null: only the browser's own word that it
  // came from this site lets it through.
  for (const [site, status] of [
    ['cross-site', 403],
    ['same-site', 403],
    [undefined, 403],
  ] as const) {
    const answer = await request.post('/reset-password', {
      form: { intent: 'request', email: 'nobody@school.example' },
      headers: { origin: 'null', ...(site ? { 'sec-fetch-site': site } : {}) },
    });
    expect(answer.status(), site).toBe(status);
  }
});

test('the sign-in and register pages are not indexed, their links followed', async ({
  request,
}) => {
  for (const path of ['/login', '/login?redirectTo=%2Fcart', '/register']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<meta name="robots" content="noindex, follow"/>');
  }
});

test('Continue with Google is hidden when Google is not configured', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
});

test.describe('two-factor sign-in', () => {
  // Turning it on cannot be undone without the secret, so a retry would meet a different account.
  test.describe.configure({ retries: 0 });

  test('an admin turns on TOTP from the profile and is then asked for a code', async ({ page }) => {
    const staff = { email: 'staff@fieldhouse.test', password: 'staff two-factor password' };
    await signIn(page, staff.email, staff.password);
    await expect(page).toHaveURL(/\/admin\/list$/);
    await page.goto('/profile');
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Two-factor sign-in' });
    // The same password field as everywhere else, with its show/hide toggle.
    await section.getByLabel('Password').fill('not the password');
    await section.getByRole('button', { name: 'Show password' }).click();
    await expect(section.getByLabel('Password')).toHaveAttribute('type', 'text');
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(section.getByText('The password is not correct.')).toBeVisible();
    await section.getByLabel('Password').fill(staff.password);
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(section.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);
    const totp = new TOTP({
      secret: Secret.fromBase32(await section.getByTestId('totp-secret').innerText()),
    });
    await section.getByLabel('Code from your app').fill('000000');
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect(section.getByText('That code is not correct. Please try again.')).toBeVisible();
    await section.getByLabel('Code from your app').fill(totp.generate());
    await section.getByRole('button', { name: 'Turn on' }).click();
    await expect(section.getByTestId('two-factor-status')).toHaveText(/^On:/);

    await page.context().clearCookies();
    await signIn(page, staff.email, staff.password);
    await expect(page).toHaveURL(/\/login\/two-factor/);
    await expect(page.getByText('Account').first()).toBeVisible(); // not signed in yet
    await page.getByLabel('Code').fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('That code is not correct. Please try again.')).toBeVisible();
    // The next period's code: the current one was spent turning two-factor on.
    await page.getByLabel('Code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/admin\/list$/);
  });
});

test('account pages have no serious or critical accessibility violations', async ({ page }) => {
  // Five axe runs, a sign-up and a password hash: about 28 s on a busy 2-core machine.
  test.setTimeout(90_000);
  for (const path of ['/login', '/register', '/login/two-factor']) {
    await page.goto(path);
    await expectNoSeriousViolations(page);
  }
  const email = await register(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await hydrated(page);
  await expectNoSeriousViolations(page);
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByLabel('Password').fill(password);
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expectNoSeriousViolations(page);
});
