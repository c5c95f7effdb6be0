import { AsyncLocalStorage } from 'node:async_hooks';
import { isDatabaseUnavailableError } from './db/availability.server';
import type { SessionUser } from './permissions.server';

/**
 * What went wrong while React Router handled this request, noted by entry.server's handleError
 * and read when the response is made: a lost database is a 503, input that could not be read a
 * 400, instead of the 500 React Router would send for any thrown error.
 */
export interface RequestState {
  failure?: 'database' | 'input';
  /** GET or HEAD: the request changes nothing, so what its loaders read holds for all of them. */
  safeMethod?: boolean;
  /**
   * Part of the page could not be made (a streamed part failed or timed out) although the page
   * answers 200: fine for this visitor, but the guest page cache must not keep it for others.
   */
  degraded?: boolean;
  /** The signed-in user as read from this cookie header (permissions.server.ts getUser). */
  user?: { cookie: string; user: Promise<SessionUser | null> };
}

export const requestState = new AsyncLocalStorage<RequestState>();

/** Notes that this request's page lacks a part it should have (see RequestState.degraded). */
export function noteDegraded(): void {
  const state = requestState.getStore();
  if (state) state.degraded = true;
}

// PostgreSQL refusing a value that came from the request: a NUL byte or bad encoding (22021,
// 22P05), a number out of range (22003), text that is not a number (22P02).
const BAD_VALUE_CODES = new Set(['22021', '22P05', '22003', '22P02']);
// The body could not be read as a form (wrong content type, broken multipart) or was cut off.
const UNREADABLE_BODY =
  /FormData|multipart|boundary|Unexpected end of form|Malformed part|content-type/i;

/** Whether `error` comes from input the request sent that could not be read or stored. */
export function isBadInputError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const { code, message, name, cause } = current as Record<string, unknown>;
    if (typeof code === 'string' && BAD_VALUE_CODES.has(code)) return true;
    if (name === 'MultipartParseError' || name === 'FormDataParseError') return true;
    if (name === 'TypeError' && typeof message === 'string' && UNREADABLE_BODY.test(message))
      return true;
    current = cause;
  }
  return false;
}

/** Classifies an error thrown while handling the current request; returns the class, if any. */
export function noteRequestFailure(error: unknown): RequestState['failure'] {
  const state = requestState.getStore();
  const failure = isDatabaseUnavailableError(error)
    ? 'database'
    : isBadInputError(error)
      ? 'input'
      : undefined;
  if (state && failure) state.failure ??= failure;
  return failure;
}

export const BAD_INPUT_TEXT =
  'We could not read that request: a field held something it cannot take (for example an invisible control character or a number far too large), or the form was not sent as a form. Please check what you entered and try again.';

/**
 * A page of its own for a request the app cannot hand to React (no frame, no scripts), or that a
 * resource route answers (it cannot render the app's pages). Its title, text and links are the
 * code's own, never from the request: they are not escaped.
 */
export const plainPage = (
  title: string,
  text: string,
  links: [href: string, label: string][] = [
    ['/', 'Back to the shop'],
    ['/shop', 'Browse the catalogue'],
  ],
) =>
  `<!doctype html><html lang="en-SG"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>${title}</h1><p>${text}</p><p>${links.map(([href, label]) => `<a href="${href}">${label}</a>`).join(' · ')}</p></body></html>`;

export const BAD_INPUT_HTML = plainPage('Request not understood', BAD_INPUT_TEXT);

/** An address with a NUL byte (%00) in it: no page has one, and no field can take one. */
export const BAD_ADDRESS_TEXT =
  'This address holds a character that no address of the shop has (a NUL byte, %00). Please check the link, or start again from the shop.';

export const BAD_ADDRESS_HTML = plainPage('Address not understood', BAD_ADDRESS_TEXT);
