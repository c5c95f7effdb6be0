// React Router's default Node entry (isbot, streaming, abort timeout) with three additions: every
// inline script gets this response's CSP nonce, a lost database or unreadable input is answered
// 503 or 400 instead of 500, and every page and `.data` answer gets its one Cache-Control
// (services/cache-control.server.ts).
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
} from 'react-router';
import { ServerRouter } from 'react-router';
import { NonceContext } from '~/lib/nonce';
import { RequestIdContext } from '~/lib/request-id';
import { applyCacheControl } from '~/services/cache-control.server';
import { log } from '~/services/log.server';
import {
  isPoolBusyError,
  noteDatabaseError,
  UNAVAILABLE_HTML,
} from '~/services/db/availability.server';
import {
  BAD_INPUT_HTML,
  BAD_INPUT_TEXT,
  noteDegraded,
  noteRequestFailure,
  requestState,
} from '~/services/request-state.server';

export const streamTimeout = 5_000;

/** A plain page for a failure that is not the page's fault: 503 database away, 400 bad input. */
function failurePage(request: Request, headers: Headers): Response | null {
  const failure = requestState.getStore()?.failure;
  if (!failure) return null;
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Cache-Control', 'no-store');
  applyCacheControl(request, headers);
  if (failure === 'input') return new Response(BAD_INPUT_HTML, { status: 400, headers });
  headers.set('Retry-After', '30');
  return new Response(UNAVAILABLE_HTML, { status: 503, headers });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A loader or action failed because the database is away or the input could not be read
  // (handleError has classified it): say so, with a 503 or a 400, instead of a 500.
  if (responseStatusCode >= 500) {
    const page = failurePage(request, responseHeaders);
    if (page) return page;
  }
  applyCacheControl(request, responseHeaders);

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce ?? '';

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');

    // Bots and SPA mode wait for all content before the response starts.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort the rendering stream after `streamTimeout`, leaving time to flush rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RequestIdContext.Provider value={loadContext.requestId ?? ''}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestIdContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // After the shell the 200 is sent already: keep the page out of the guest page cache.
          noteDegraded();
          // Errors inside the shell are logged here; shell errors by handleDocumentRequest.
          if (shellRendered) log().error({ err: error }, 'Rendering part of a page failed');
        },
      },
    );
  });
}

/**
 * Client-side navigations and fetcher submissions (`.data`): the same 503 and 400, and the same
 * Cache-Control as their pages.
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  const failure = response.status >= 500 ? requestState.getStore()?.failure : undefined;
  const headers = new Headers(response.headers);
  if (failure) headers.set('Cache-Control', 'no-store');
  applyCacheControl(request, headers);
  if (failure === 'input')
    return Response.json({ error: BAD_INPUT_TEXT }, { status: 400, headers });
  if (failure === 'database') {
    headers.set('Retry-After', '30');
    return new Response(response.body, { status: 503, headers });
  }
  if (headers.get('Cache-Control') === response.headers.get('Cache-Control')) return response;
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
};

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A body cut off at its size limit or at a NUL byte (server/body-limit.ts) was answered already.
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 413 || status === 400) return;
  const failure = noteRequestFailure(error);
  if (failure === 'database') {
    noteDatabaseError(error);
    // A guest's enquiry link is its key: logs get the path without it.
    const path = new URL(request.url).pathname.replace(/^\/enquiries\/[^/]+/, '/enquiries/…');
    const what = isPoolBusyError(error) ? 'busy (every connection in use)' : 'unavailable';
    log().error({ method: request.method, path }, `Database ${what}`);
    return;
  }
  if (failure === 'input') return;
  log().error({ err: error }, 'Request failed');
};
