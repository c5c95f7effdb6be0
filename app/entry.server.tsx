// React Router's default Node entry (isbot, streaming, abort timeout) with two additions: every
// inline script gets this response's CSP nonce, and a lost database is answered 503.
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
import {
  isDatabaseMarkedDown,
  noteDatabaseError,
  UNAVAILABLE_HTML,
} from '~/services/db/availability.server';

export const streamTimeout = 5_000;

function unavailable(headers: Headers): Response {
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set('Retry-After', '30');
  headers.set('Cache-Control', 'no-store');
  return new Response(UNAVAILABLE_HTML, { status: 503, headers });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A loader failed because the database is away (handleError has seen it): say so, with a 503.
  if (responseStatusCode >= 500 && isDatabaseMarkedDown()) return unavailable(responseHeaders);

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
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
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
          // Errors inside the shell are logged here; shell errors by handleDocumentRequest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Client-side navigations (`.data`) that failed because the database is away: 503 too. */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  if (response.status >= 500 && isDatabaseMarkedDown()) {
    const headers = new Headers(response.headers);
    headers.set('Retry-After', '30');
    return new Response(response.body, { status: 503, headers });
  }
  return response;
};

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A body cut off at its size limit (server/body-limit.ts) was answered 413 already.
  if ((error as { status?: unknown } | null)?.status === 413) return;
  if (noteDatabaseError(error)) {
    console.error(`Database unavailable: ${request.method} ${new URL(request.url).pathname}`);
    return;
  }
  console.error(error);
};
