// Shared helpers for the specs. A page works before React has hydrated it (links, GET forms and
// every POST form have a server answer), but its client-side parts (dialogs, client-side checks,
// the cart badge of a guest) start only once React has taken the document over: a test that uses
// them right after a navigation waits for `hydrated(page)` first.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

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

/**
 * Resolves once React has hydrated the page (root.tsx marks `<html data-hydrated>`). Only for the
 * shop's own pages with JavaScript on: nothing else ever gets the mark.
 */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated]')).toBeAttached();
}

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
