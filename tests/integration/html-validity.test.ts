// The shop's pages are valid HTML: the Nu Html Checker (the W3C validator's engine, from the
// vnu-jar package, run with the machine's Java) finds no error in the server's HTML of the main
// public pages, as a guest gets them from the built server with the demo catalogue.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vnuJar from 'vnu-jar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../setup/built-server';

let server: BuiltServer;
const folder = mkdtempSync(path.join(tmpdir(), 'fieldhouse-html-'));

beforeAll(async () => {
  server = await startBuiltServer({ DATABASE_URL: 'memory://', SEED_DEMO: '1' });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

interface Message {
  type: string;
  subType?: string;
  message: string;
  url: string;
  lastLine?: number;
  extract?: string;
}

/** The checker's errors for these HTML files (its JSON report, errors only). */
async function errorsIn(files: string[]): Promise<Message[]> {
  const report = await vnuJar.vnu.check([
    '--errors-only',
    '--exit-zero-always',
    '--format',
    'json',
    '--stdout',
    ...files,
  ]);
  return (JSON.parse(report) as { messages: Message[] }).messages.filter(
    (m) => m.type === 'error' || m.subType === 'fatal',
  );
}

describe('the HTML of the shop', () => {
  it('has no error on the home, shop, product, cart, sign-in and contact pages', async () => {
    const shop = await (await fetch(`${server.base}/shop`)).text();
    const product = /href="(\/products\/\d+)"/.exec(shop)?.[1];
    expect(product).toBeTruthy();
    const paths = ['/', '/shop', product!, '/cart', '/login', '/contact-us'];
    const files: string[] = [];
    for (const page of paths) {
      const res = await fetch(`${server.base}${page}`);
      expect(res.status, page).toBe(200);
      const file = path.join(folder, `${page.replace(/\W+/g, '_') || 'home'}.html`);
      writeFileSync(file, await res.text());
      files.push(file);
    }
    const errors = await errorsIn(files);
    expect(
      errors.map((e) => `${path.basename(e.url)}:${e.lastLine}: ${e.message} ${e.extract ?? ''}`),
    ).toEqual([]);
  }, 120_000);

  it('reports an error it is shown (the checker runs and reads the files)', async () => {
    const file = path.join(folder, 'invalid.html');
    writeFileSync(
      file,
      '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><script type="x-module" async></script></body></html>',
    );
    const errors = await errorsIn([file]);
    expect(errors.length).toBeGreaterThan(0);
  }, 60_000);
});
