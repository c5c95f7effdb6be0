import type { NextFunction, Request, Response } from 'express';

/** Forms, JSON and every auth call: enough for a cart of a few hundred lines. */
export const SMALL_BODY_LIMIT = 64 * 1024;
/** The product forms with up to three images of 10 MB each (their parser limits each file). */
export const UPLOAD_BODY_LIMIT = 32 * 1024 * 1024;

/** The two routes that take images: POST /admin/create and /admin/edit/:productId (and `.data`). */
const UPLOAD_PATH = /^\/admin\/(create|edit\/\d+)(\.data)?\/?$/;

export function bodyLimitFor(path: string): number {
  return UPLOAD_PATH.test(path) ? UPLOAD_BODY_LIMIT : SMALL_BODY_LIMIT;
}

function refuse(req: Request, res: Response, limit: number, error?: Error) {
  if (!res.headersSent) {
    const message = `The request is too large (at most ${Math.round(limit / 1024)} KiB).`;
    res.status(413).set('Connection', 'close');
    if (/^\/api\//.test(req.path)) res.json({ error: message });
    else res.type('text/plain').send(message);
  }
  closeAfterAnswer(req, res, error);
}

const LINGER_MS = 1000;

/** Closes the connection once the answer is out (lingering: see lingerOnEarlyAnswer). */
function closeAfterAnswer(req: Request, res: Response, error?: Error) {
  if (res.writableFinished) req.destroy(error);
  else res.once('finish', () => req.destroy(error));
}

/**
 * Lingering close, like nginx's, for a request answered before its body has all arrived (a 413,
 * or a handler that answers without reading). Closing at once, with the client still sending,
 * makes the kernel reset the connection, and the client may lose the answer already sent (EPIPE
 * before it reads the 413). Node closes at once in two ways: after the answer when either side
 * said `Connection: close` (the socket's destroySoon), and whenever the request is destroyed with
 * its body incomplete (the adapters of React Router and Better Auth cancel an unread body when
 * the answer is done). Both are made to linger: the answer's side of the connection is ended, what
 * still arrives is thrown away (never stored) for LINGER_MS, then the connection closes.
 */
function lingerOnEarlyAnswer(req: Request, res: Response) {
  let lingering = false;
  const linger = () => {
    if (lingering) return;
    lingering = true;
    req.push = () => true;
    req.resume();
    setTimeout(() => req.socket?.destroy(), LINGER_MS).unref();
  };
  const destroy = req.destroy.bind(req);
  req.destroy = (error?: Error) => {
    if (req.complete || !req.socket || req.socket.destroyed) return destroy(error);
    linger();
    return req;
  };
  // Before Node's own handler (resOnFinish), which calls destroySoon.
  res.prependOnceListener('finish', () => {
    const socket = req.socket;
    if (req.complete || !socket || socket.destroyed) return;
    socket.destroySoon = () => {
      socket.end();
      linger();
    };
    linger();
  });
}

/** A NUL byte, raw or escaped for a form (%00) or JSON (\u0000): no text field can hold one. */
// eslint-disable-next-line no-control-regex -- a NUL byte is exactly what is looked for
const NUL = /\x00|%00|\\u0000/i;

export const NUL_MESSAGE =
  'The request contains a NUL character, which no field accepts. Please remove it and try again.';

function refuseInput(req: Request, res: Response) {
  if (!res.headersSent) {
    res.status(400).set('Connection', 'close');
    if (/^\/api\/|\.data$/.test(req.path)) res.json({ error: NUL_MESSAGE });
    else res.type('text/plain').send(NUL_MESSAGE);
  }
  const error = Object.assign(new Error('NUL byte in the request body'), {
    status: 400,
    expose: true,
  });
  closeAfterAnswer(req, res, error);
}

/**
 * Refuses a body larger than the route's limit with 413 before anyone reads it: a Content-Length
 * over the limit is answered at once, and a body without one (chunked) is counted as it arrives
 * and cut off at the limit, so no handler ever buffers more than the limit.
 */
export function bodyLimit() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    lingerOnEarlyAnswer(req, res);
    const limit = bodyLimitFor(req.path);
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > limit) {
      req.on('data', () => {});
      refuse(req, res, limit);
      return;
    }
    let seen = 0;
    // The end of the previous chunk, so an escaped NUL split across two chunks is still seen.
    let tail = '';
    const checkText = limit === SMALL_BODY_LIMIT;
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (chunk == null) return push(chunk, encoding);
      const bytes = chunk as Buffer;
      seen += bytes.length;
      if (checkText) {
        const text = tail + bytes.toString('latin1');
        if (NUL.test(text)) {
          req.push = () => true;
          refuseInput(req, res);
          return true;
        }
        tail = text.slice(-6);
      }
      if (seen <= limit) return push(chunk, encoding);
      // Over the limit: nothing more reaches the handler, which sees the body fail when the
      // connection closes; the 413 is already out.
      req.push = () => true;
      refuse(
        req,
        res,
        limit,
        Object.assign(new Error('Request body too large'), { status: 413, expose: true }),
      );
      return true;
    };
    next();
  };
}
