// Helpers for the specs of forms: a field's message as a screen reader meets it, a page as a slow
// phone shows it before its scripts have arrived, and held requests (a reload after an answer).
import { expect, test, type Locator, type Page } from './test';

/** The field is on screen, marked invalid, and described by `message` (the line under it). */
export async function expectFieldMessage(field: Locator, message: string) {
  await expect(field).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

/**
 * Opens `path` as a slow phone shows it before the page's scripts have arrived: the server's
 * HTML with JavaScript on. The scripts wait until the returned function lets them load; it
 * resolves once they have hydrated the page then shown.
 */
export async function openBeforeScripts(page: Page, path: string): Promise<() => Promise<void>> {
  const release = await holdRequests(page, '**/assets/*.js');
  // The frame's own goto: it does not wait for the page to hydrate, which it cannot here.
  await page.mainFrame().goto(new URL(path, test.info().project.use.baseURL).href, {
    waitUntil: 'commit',
  });
  return async () => {
    release();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  };
}

/**
 * Holds the page's GET requests to `url` (its scripts; the data it reloads once a form has its
 * answer) until the returned function lets them, and every later one, through.
 */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() === 'GET') await held;
    // A form posted meanwhile has left that page, and the browser dropped its requests.
    await route.continue().catch(() => undefined);
  });
  return release;
}
