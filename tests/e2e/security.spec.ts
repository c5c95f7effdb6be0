// The Content-Security-Policy lets the shop's own scripts run (React Router's inline ones carry
// the response's nonce) and nothing on the main pages is refused by it.
import { expect, hydrated, test } from './test';

test('main pages run under the CSP without a single refusal', async ({ page }) => {
  const refusals: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refusals.push(message.text());
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (const path of ['/', '/shop', '/products/1', '/cart', '/login', '/register', '/contact-us']) {
    const response = await page.goto(path);
    expect(response?.headers()['content-security-policy'], path).toContain("'nonce-");
    await page.waitForLoadState('networkidle');
  }
  // Hydrated: a client-side navigation works (React Router's scripts ran).
  await page.goto('/shop');
  await hydrated(page);
  await page.getByRole('link', { name: /about/i }).first().click();
  await expect(page).toHaveURL(/about-us/);
  expect(refusals).toEqual([]);
  expect(errors).toEqual([]);
});
