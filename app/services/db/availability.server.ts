/**
 * Whether the database is reachable, as far as this process has seen. A connection error anywhere
 * (the pool, a query, a page) marks it away; while it is away every request first waits for one
 * shared probe (at most one a second), and is answered 503 at once if the probe fails. The first
 * probe that succeeds brings the shop back, without a restart.
 */

// Connection-level failures: the server is down, restarting, refusing or unreachable, or our
// connection was ended (pg_terminate_backend, a failover). SQLSTATE class 08 and 57P0x.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|not queryable/i;

/** Whether `error` (or one of its causes) says the database cannot be reached. */
export function isDatabaseUnavailableError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}

let down = false;
let lastProbe = 0;
let probing: Promise<boolean> | undefined;

export function markDatabaseDown(): void {
  down = true;
}

export function isDatabaseMarkedDown(): boolean {
  return down;
}

/**
 * Whether `error` is pg-pool's "timeout exceeded when trying to connect": the query waited longer
 * than the pool's connection timeout for one of its connections, all busy. The database answers;
 * this process has more queries at once than connections (DATABASE_POOL_SIZE). Such a request is
 * answered 503 like a lost database, but the database is not marked away: that would make every
 * request wait for a probe, and answer 503 to all of them if one probe met the same queue. (A new
 * connection that cannot be made in time fails otherwise: 'Connection terminated due to
 * connection timeout', a lost database.)
 */
export function isPoolBusyError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const { message, cause } = current as { message?: unknown; cause?: unknown };
    if (typeof message === 'string' && /timeout exceeded when trying to connect/i.test(message))
      return true;
    current = cause;
  }
  return false;
}

/**
 * Records `error` when it is a lost database (or a busy pool, which is not recorded: see
 * isPoolBusyError); returns whether it was either, to be answered 503.
 */
export function noteDatabaseError(error: unknown): boolean {
  if (!isDatabaseUnavailableError(error)) return false;
  if (!isPoolBusyError(error)) markDatabaseDown();
  return true;
}

/**
 * Resolves true when the database is believed up; while it is marked away, probes it (one probe
 * shared by all waiting requests, at most one a second) and clears the mark when it answers.
 */
export async function databaseAvailable(probe: () => Promise<boolean>): Promise<boolean> {
  if (!down) return true;
  if (!probing && Date.now() - lastProbe >= 1000) {
    lastProbe = Date.now();
    probing = probe()
      .catch(() => false)
      .then((ok) => {
        if (ok) down = false;
        return ok;
      })
      .finally(() => {
        probing = undefined;
      });
  }
  return probing ?? !down;
}

export const UNAVAILABLE_TEXT =
  'The shop is briefly unavailable while we reconnect to our database. Please try again in a minute.';

/** The page a browser sees while the database is away (no scripts, no external resources). */
export const UNAVAILABLE_HTML = `<!doctype html><html lang="en-SG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Briefly unavailable</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>We'll be right back</h1><p>${UNAVAILABLE_TEXT}</p></body></html>`;
