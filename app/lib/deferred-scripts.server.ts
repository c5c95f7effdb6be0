import { Transform } from 'node:stream';
import { HELD_MODULE, HELD_PRELOAD } from './deferred-scripts';

// What React renders for React Router's <Scripts>, and what the page is sent instead. The browser
// neither preloads nor runs the held forms; START_SCRIPTS (deferred-scripts.ts) restores them
// after the first paint.
const RULES: ReadonlyArray<readonly [Buffer, Buffer]> = [
  [Buffer.from('rel="modulepreload"'), Buffer.from(`rel="${HELD_PRELOAD}"`)],
  [Buffer.from(' type="module" async=""'), Buffer.from(` type="${HELD_MODULE}" async=""`)],
];

function replaceAll(chunk: Buffer, from: Buffer, to: Buffer): Buffer {
  let at = chunk.indexOf(from);
  if (at < 0) return chunk;
  const parts: Buffer[] = [];
  let start = 0;
  while (at >= 0) {
    parts.push(chunk.subarray(start, at), to);
    start = at + from.length;
    at = chunk.indexOf(from, start);
  }
  parts.push(chunk.subarray(start));
  return Buffer.concat(parts);
}

/** How many bytes at the end of `chunk` could be the start of a pattern the next chunk ends. */
function openTail(chunk: Buffer): number {
  let longest = 0;
  for (const [from] of RULES) {
    for (let length = Math.min(from.length - 1, chunk.length); length > longest; length--) {
      if (chunk.subarray(chunk.length - length).equals(from.subarray(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}

/**
 * Rewrites React Router's module preloads and module script in the HTML stream to their held
 * forms. React writes the page in chunks that may cut a pattern in two: the few bytes that could
 * begin one wait for the next chunk (only those; the rest goes on at once).
 *
 * It gathers what React writes in one turn of the event loop into one chunk: React renders a
 * page whose data is loaded in one go and writes it in pieces of 2 KB, and each piece went on
 * through two more streams to its own write on the socket (about 50 for the admin's product list).
 * Now the patterns are looked for once per turn, and a page goes out in a few writes. Anything
 * written in a later turn (a streamed boundary) follows in its own chunk.
 */
export function holdScripts(): Transform {
  let carried: Buffer = Buffer.alloc(0);
  let gathered: Buffer[] = [];
  let scheduled: NodeJS.Immediate | undefined;
  /** This turn's chunks, rewritten; a possible start of a pattern at the end waits (unless last). */
  const release = (last: boolean): Buffer => {
    let text: Buffer = Buffer.concat([carried, ...gathered]);
    gathered = [];
    for (const [from, to] of RULES) text = replaceAll(text, from, to);
    const tail = last ? 0 : openTail(text);
    carried = Buffer.from(text.subarray(text.length - tail));
    return text.subarray(0, text.length - tail);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      gathered.push(chunk);
      scheduled ??= setImmediate(() => {
        scheduled = undefined;
        const out = release(false);
        if (out.length) this.push(out);
      });
      callback();
    },
    flush(callback) {
      clearImmediate(scheduled);
      scheduled = undefined;
      const out = release(true);
      callback(null, out.length ? out : undefined);
    },
    destroy(error, callback) {
      clearImmediate(scheduled);
      callback(error);
    },
  });
}
