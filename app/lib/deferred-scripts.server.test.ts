import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { START_SCRIPTS } from './deferred-scripts';
import { holdScripts } from './deferred-scripts.server';

// What React renders for React Router's <Scripts> (preloads hoisted into the head).
const PAGE =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/framework-b.js" nonce="n"/><title>Shop – Café</title></head>' +
  '<body><main>Sports équipement</main><script nonce="n">window.__reactRouterContext = {};</script>' +
  '<script nonce="n" type="module" async="">import * as route0 from "/assets/root-c.js";</script>' +
  `<script nonce="n">${START_SCRIPTS}</script></body></html>`;

const HELD = PAGE.replaceAll('rel="modulepreload"', 'rel="x-modulepreload"').replace(
  ' type="module" async=""',
  ' type="x-module" async=""',
);

/** The chunks through holdScripts, each written in its own turn of the event loop. */
async function through(chunks: Buffer[]): Promise<string> {
  const held = holdScripts();
  const out = text(held);
  for (const chunk of chunks) {
    held.write(chunk);
    await new Promise((resolve) => setImmediate(resolve));
  }
  held.end();
  return out;
}

describe('holdScripts', () => {
  it('holds the module preloads and the module script, and nothing else', async () => {
    expect(await through([Buffer.from(PAGE)])).toBe(HELD);
  });

  it('holds them however React cuts the page into chunks (every cut, bytes intact)', async () => {
    const page = Buffer.from(PAGE);
    for (let cut = 1; cut < page.length; cut++) {
      const out = await through([page.subarray(0, cut), page.subarray(cut)]);
      expect(out, `cut at byte ${cut}`).toBe(HELD);
    }
  });

  it('holds them across many one-byte chunks', async () => {
    const page = Buffer.from(PAGE);
    const bytes = Array.from(page, (_, i) => page.subarray(i, i + 1));
    expect(await through(bytes)).toBe(HELD);
  });

  it('passes the inline starter through unchanged (it must not hold itself)', async () => {
    expect(await through([Buffer.from(START_SCRIPTS)])).toBe(START_SCRIPTS);
  });

  it('gathers what is written in one turn into one chunk, and streams later turns on', async () => {
    const held = holdScripts();
    const out: string[] = [];
    held.on('data', (chunk: Buffer) => out.push(chunk.toString()));
    const page = Buffer.from(PAGE);
    const half = page.length >> 1;
    for (let i = 0; i < half; i += 7) held.write(page.subarray(i, Math.min(i + 7, half)));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.length).toBe(1);
    held.end(page.subarray(half));
    await new Promise((resolve) => held.on('end', resolve));
    expect(out.length).toBe(2);
    expect(out.join('')).toBe(HELD);
  });
});
