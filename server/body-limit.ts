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
  // Closing at once, with the client still sending, makes the kernel reset the connection, and
  // the client may lose the answer. So linger: throw away what still arrives for a moment (it is
  // never stored), then close (like nginx's lingering close).
  const close = () => setTimeout(() => req.destroy(error), LINGER_MS).unref();
  if (res.writableFinished) close();
  else res.once('finish', close);
}

const LINGER_MS = 1000;

/**
 * Refuses a body larger than the route's limit with 413 before anyone reads it: a Content-Length
 * over the limit is answered at once, and a body without one (chunked) is counted as it arrives
 * and cut off at the limit, so no handler ever buffers more than the limit.
 */
export function bodyLimit() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const limit = bodyLimitFor(req.path);
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > limit) {
      req.on('data', () => {});
      refuse(req, res, limit);
      return;
    }
    let seen = 0;
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (chunk == null) return push(chunk, encoding);
      seen += (chunk as Buffer).length;
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
