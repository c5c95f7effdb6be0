import type { NextFunction, Request, Response } from 'express';

/** Forms, JSON and every auth call: enough for a cart of a few hundred lines. */
export const SMALL_BODY_LIMIT = 64 * 1024;
/**
 * The forms that take files (their parsers limit each file): the product forms with up to three
 * images of 10 MB each, an enquiry or a staff reply with up to three files of 10 MB each, and a
 * quotation's acceptance with a purchase order of 10 MB, where a larger file reaches the parser's
 * own message about it rather than this plain refusal.
 */
export const UPLOAD_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * The routes that take files, with their `.data` twins: the product forms (POST /admin/create,
 * /admin/edit/:productId), the cart's enquiry with its attachments (/cart), a staff reply with
 * its files (/admin/enquiries/:id), and a quotation's answer on its link's page or on My Orders.
 */
const UPLOAD_PATH =
  /^\/(admin\/(create|edit\/\d+|enquiries\/\d+)|cart|quotations\/[A-Za-z0-9_-]+|orders\/\d+)(\.data)?\/?$/;

/**
 * The catalogue import's form: a spreadsheet of up to 50 MB and a ZIP of images of up to 1 GB,
 * streamed to disk by its parser as they arrive (never held in memory).
 */
export const IMPORT_BODY_LIMIT = 1100 * 1024 * 1024;
const IMPORT_PATH = /^\/admin\/import(\.data)?\/?$/;

export function bodyLimitFor(path: string): number {
  if (IMPORT_PATH.test(path)) return IMPORT_BODY_LIMIT;
  return UPLOAD_PATH.test(path) ? UPLOAD_BODY_LIMIT : SMALL_BODY_LIMIT;
}

/** Lingers a refused request's connection once the answer is out (from lingerWhileUnread). */
type CloseAfterAnswer = (error?: Error) => void;

function refuse(
  req: Request,
  res: Response,
  limit: number,
  closeAfterAnswer: CloseAfterAnswer,
  error?: Error,
) {
  if (!res.headersSent) {
    const message = `The request is too large (at most ${Math.round(limit / 1024)} KiB).`;
    res.status(413).set('Connection', 'close');
    if (/^\/api\//.test(req.path)) res.json({ error: message });
    else res.type('text/plain').send(message);
  }
  closeAfterAnswer(error);
}

const LINGER_MS = 1000;

/**
 * Closes a connection whose request body is still arriving only after a linger, like nginx:
 * closing at once, with the client still sending, makes the kernel reset the connection, and the
 * client may lose the answer (EPIPE before it reads it). So what still arrives is thrown away
 * (never stored) for LINGER_MS, then the connection closes. Node would close at once in two ways:
 * after an answer when either side said `Connection: close` (the socket's destroySoon; Node says
 * it itself when it answers before the body was read), and when the request is destroyed with its
 * body incomplete (React Router's and Better Auth's adapters cancel an unread body once the
 * answer is done). Both wait for the linger here, for every request with a body: a refused one
 * (413, 400) and one its route answered without reading it (a guest's product form redirected to
 * sign in: 20 of 300 such requests ended in EPIPE before this applied to them). A request whose
 * body was read, or destroyed before any answer (the client went away), closes as before.
 */
function lingerWhileUnread(req: Request, res: Response): CloseAfterAnswer {
  const socket = req.socket;
  const destroy = req.destroy.bind(req);
  let lingering = false;
  let closeWith: Error | undefined;
  /** What still arrives of the body is thrown away, never stored. */
  const discard = () => {
    req.push = () => true;
    req.resume();
  };
  const linger = (error?: Error) => {
    closeWith ??= error;
    if (lingering) return;
    lingering = true;
    discard();
    setTimeout(() => {
      destroy(closeWith);
      socket?.destroy();
    }, LINGER_MS).unref();
  };
  req.destroy = (reason?: Error) => {
    if (req.complete || !res.headersSent) return destroy(reason ?? closeWith);
    linger();
    return req;
  };
  // A refusal (413, 400) lingers once its answer is out, whoever closes the connection.
  const closeAfterAnswer: CloseAfterAnswer = (error) => {
    if (res.writableFinished) linger(error);
    else res.once('finish', () => linger(error));
  };
  // An answer given before the body was read to its end, the connection kept alive (a route
  // that refused a file too large for it, having read part of the form): the rest is thrown away
  // without closing, as Node does with a body nobody began to read, so the client can finish
  // sending and show the answer, and the connection then serves its next request. Left unread,
  // the body held the client until the idle connection timed out.
  res.once('finish', () => {
    if (!req.complete) discard();
  });
  if (!socket) return closeAfterAnswer;
  // The socket outlives the request (keep-alive): its own destroySoon comes back once the
  // answer is done, unless a later request on it has put its own in place meanwhile.
  const destroySoon = socket.destroySoon;
  const lingerSoon = () => {
    if (req.complete && !lingering) return destroySoon.call(socket);
    socket.end();
    linger();
  };
  socket.destroySoon = lingerSoon;
  res.once('close', () => {
    if (!lingering && socket.destroySoon === lingerSoon) socket.destroySoon = destroySoon;
  });
  return closeAfterAnswer;
}

/** A NUL byte, raw or escaped for a form (%00) or JSON (\u0000): no text field can hold one. */
// eslint-disable-next-line no-control-regex -- a NUL byte is exactly what is looked for
const NUL = /\x00|%00|\\u0000/i;

export const NUL_MESSAGE =
  'The request contains a NUL character, which no field accepts. Please remove it and try again.';

function refuseInput(req: Request, res: Response, closeAfterAnswer: CloseAfterAnswer) {
  if (!res.headersSent) {
    res.status(400).set('Connection', 'close');
    if (/^\/api\/|\.data$/.test(req.path)) res.json({ error: NUL_MESSAGE });
    else res.type('text/plain').send(NUL_MESSAGE);
  }
  const error = Object.assign(new Error('NUL byte in the request body'), {
    status: 400,
    expose: true,
  });
  closeAfterAnswer(error);
}

/**
 * Refuses a body larger than the route's limit with 413 before anyone reads it: a Content-Length
 * over the limit is answered at once, and a body without one (chunked) is counted as it arrives
 * and cut off at the limit, so no handler ever buffers more than the limit.
 */
export function bodyLimit() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const closeAfterAnswer = lingerWhileUnread(req, res);
    const limit = bodyLimitFor(req.path);
    const declared = req.headers['content-length'];
    if (declared !== undefined && Number(declared) > limit) {
      req.on('data', () => {});
      refuse(req, res, limit, closeAfterAnswer);
      return;
    }
    let seen = 0;
    // The end of the previous chunk, so an escaped NUL split across two chunks is still seen.
    let tail = '';
    // A file's bytes may be anything: on the routes that take files, only a body without any
    // (the cart's other forms) is looked at for NUL bytes.
    const checkText =
      limit === SMALL_BODY_LIMIT ||
      !/^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (chunk == null) return push(chunk, encoding);
      const bytes = chunk as Buffer;
      seen += bytes.length;
      if (checkText) {
        const text = tail + bytes.toString('latin1');
        if (NUL.test(text)) {
          req.push = () => true;
          refuseInput(req, res, closeAfterAnswer);
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
        closeAfterAnswer,
        Object.assign(new Error('Request body too large'), { status: 413, expose: true }),
      );
      return true;
    };
    next();
  };
}
