// Playwright's `test` for these specs: `page.goto` and `page.reload` resolve once React has
// hydrated the shop's page, as a visitor sees it a moment after it appears. The page's scripts
// start after its first paint (app/lib/deferred-scripts.ts), often after the load event that
// Playwright waits for; before they run, the page is the server's HTML (links and forms work, the
// client-side parts do not). Tests of that state turn JavaScript off. Every page gets this, also
// those a test opens in its own context.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';

export * from '@playwright/test';

/**
 * The .eml files in the server's outbox that mention `text`, quoted-printable undone (soft line
 * breaks, `=3D`). None before the first mail (the outbox folder does not exist yet).
 */
export function mailsAbout(text: string): string[] {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox);
  } catch {
    return [];
  }
  return files
    .map((f) =>
      readFileSync(path.join(outbox, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((m) => m.includes(text));
}

/** Resolves once React has hydrated the page (root.tsx marks `<html data-hydrated>`). */
export async function hydrated(page: Page) {
  // Only the shop's own pages hydrate (not a JSON answer, a PDF or the plain 503 page), and only
  // with JavaScript on: otherwise React Router's inline context script has not run.
  const hydrates = await page.evaluate(() => '__reactRouterContext' in window).catch(() => false);
  if (hydrates) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

let waiting = false;
/** Makes goto and reload wait for hydration on every page (their shared prototype). */
function waitForHydrationOnNavigation(page: Page) {
  if (waiting) return;
  waiting = true;
  const prototype = Object.getPrototypeOf(page) as Page;
  const { goto, reload } = prototype;
  prototype.goto = async function (this: Page, ...args: Parameters<Page['goto']>) {
    const response = await goto.apply(this, args);
    await hydrated(this);
    return response;
  };
  prototype.reload = async function (this: Page, ...args: Parameters<Page['reload']>) {
    const response = await reload.apply(this, args);
    await hydrated(this);
    return response;
  };
}

export const test = base.extend<{ hydrating: void }>({
  hydrating: [
    async ({ browser }, provide) => {
      if (!waiting) {
        const page = await browser.newPage();
        waitForHydrationOnNavigation(page);
        await page.close();
      }
      await provide();
    },
    { auto: true },
  ],
});

/**
 * Makes the page's POSTs to `pattern` (a form's `.data` request) get no usable answer: the first
 * loses its connection, the later ones get a 500. Returns the list of the URLs failed so far.
 */
export async function failPosts(page: Page, pattern: string): Promise<string[]> {
  const failed: string[] = [];
  await page.route(pattern, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    failed.push(route.request().url());
    if (failed.length === 1) await route.abort('internetdisconnected');
    else await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Server error' });
  });
  return failed;
}
