import { sql } from 'drizzle-orm';
import { db, rowsOf } from '../db/client.server';

/**
 * Results computed from the catalogue, kept until the catalogue changes. Every catalogue write
 * bumps `catalogue_state.version` (database triggers), so instances sharing one database see each
 * other's writes: each reads the version at most once per `VERSION_TTL_MS` and drops its cache when
 * it moved. A write made through this process calls `catalogueChanged()` and is seen at once.
 */
const VERSION_TTL_MS = 1000;
const MAX_ENTRIES = 2000;
/**
 * Bound on the bytes of all entries together: the server's memory budget (250 MB
 * resident, with V8's old space capped at 192 MB by `npm start`) leaves the caches about this.
 * Entries that can be large declare their size (listProducts' id lists and pages, the API's
 * bodies, the sitemap's index); any other counts as ENTRY_BYTES plus its key.
 */
const MAX_BYTES = 32 * 1024 * 1024;
/** The size assumed for an entry that does not declare one (a count, option counts, a product). */
export const ENTRY_BYTES = 1024;

let known: { version: number; checkedAt: number } | undefined;
let pending: Promise<number> | undefined;
const entries = new Map<string, Promise<unknown>>();
const sizes = new Map<string, number>();
let bytes = 0;

function forget(key: string): void {
  entries.delete(key);
  bytes -= sizes.get(key) ?? 0;
  sizes.delete(key);
}

function clearAll(): void {
  entries.clear();
  sizes.clear();
  bytes = 0;
}

async function readVersion(): Promise<number> {
  const result = await db().execute<{ version: number }>(
    sql`SELECT version FROM catalogue_state WHERE id = 1`,
  );
  const rows = rowsOf<{ version: number }>(result);
  return Number(rows[0]?.version ?? 0);
}

/** The catalogue's version, re-read from the database at most once a second. */
export async function catalogueVersion(now = Date.now()): Promise<number> {
  if (known && now - known.checkedAt < VERSION_TTL_MS) return known.version;
  pending ??= readVersion().finally(() => (pending = undefined));
  const version = await pending;
  if (known?.version !== version) clearAll();
  known = { version, checkedAt: now };
  return version;
}

/** How many entries the cache holds and their bytes (as counted against MAX_BYTES). */
export function cacheUsage(): { entries: number; bytes: number } {
  return { entries: entries.size, bytes };
}

/** Forgets every cached result and the known version (call after a catalogue write). */
export function catalogueChanged(): void {
  clearAll();
  known = undefined;
}

/**
 * The cached value for `key` at the current catalogue version, computed by `compute` on a miss.
 * Concurrent misses share one computation; a failed computation is not kept. `sizeOf` gives a
 * value's size in bytes for values that can be large (others count as ENTRY_BYTES): the least
 * recently used entries are dropped while all together exceed MAX_BYTES.
 */
export async function cached<T>(
  key: string,
  compute: () => PromiseLike<T>,
  sizeOf?: (value: T) => number,
): Promise<T> {
  await catalogueVersion();
  const hit = entries.get(key) as Promise<T> | undefined;
  if (hit) {
    // Keep the most recently used entries at the end of the map (LRU order).
    entries.delete(key);
    entries.set(key, hit);
    return hit;
  }
  // Resolved once here: a Drizzle query is a thenable that would run again on every await.
  const value = (async () => await compute())();
  entries.set(key, value);
  value.then(
    (v) => {
      if (entries.get(key) !== value) return;
      const size = (sizeOf ? sizeOf(v) : ENTRY_BYTES) + key.length * 2;
      sizes.set(key, size);
      bytes += size;
      for (const oldest of entries.keys()) {
        if (bytes <= MAX_BYTES || oldest === key) break;
        forget(oldest);
      }
    },
    () => {
      if (entries.get(key) === value) forget(key);
    },
  );
  if (entries.size > MAX_ENTRIES) forget(entries.keys().next().value!);
  return value;
}
