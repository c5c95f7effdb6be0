import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { pinoHttp } from 'pino-http';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { log, requestLogs } from '~/services/log.server';
import { observeRequest } from '~/services/metrics.server';

/**
 * One log line and one metrics observation per request, and the request's id: what a buyer quotes
 * from an error page finds every line logged about their request.
 */

/** An incoming X-Request-Id (a proxy's) is kept when it is a short token of safe characters. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SAFE_REQUEST_ID.test(header) ? header : randomUUID();
}

/**
 * A function from a path to the pattern of the React Router route that serves it
 * (`/products/:productId`), from the build's route manifest: the metrics' `route` label and the
 * log's, a bounded set however many URLs there are (the catch-all route `*` takes the rest).
 */
export function routeLabeller(routes: ServerBuild['routes']): (pathname: string) => string {
  const byId = new Map<string, RouteObject & { children?: RouteObject[] }>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    byId.set(
      route.id,
      route.index
        ? { id: route.id, index: true }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: [] },
    );
  }
  const top: RouteObject[] = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    (parent?.children ?? top).push(byId.get(route.id)!);
  }
  // Matching ranks every route each time: the paths seen lately are remembered.
  const seen = new Map<string, string>();
  return (pathname) => {
    let label = seen.get(pathname);
    if (label) return label;
    const matches = matchRoutes(top, pathname) ?? [];
    const pattern = matches
      .map((match) => match.route.path)
      .filter(Boolean)
      .join('/');
    label = `/${pattern}`.replace(/\/{2,}/g, '/');
    if (seen.size >= 2000) seen.clear();
    seen.set(pathname, label);
    return label;
  };
}

/** Names the route of an Express handler for the log and the metrics (`/api/v1/products/:id`). */
export function nameRoute<P>(req: Request<P>, res: Response, next: NextFunction): void {
  res.locals.route = `${req.baseUrl}${(req.route as { path?: string } | undefined)?.path ?? ''}`;
  next();
}

/** The route label of a request: named by its Express route, else by path. */
function routeOf(req: IncomingMessage, res: ServerResponse, pageRoute: (path: string) => string) {
  const named = (res as Response).locals?.route;
  if (typeof named === 'string' && named) return named;
  const path = ((req as Request).originalUrl ?? req.url ?? '/').split('?')[0]!;
  if (path.startsWith('/assets/')) return '/assets/*';
  if (path.startsWith('/media/')) return '/media/*';
  if (path === '/__manifest') return path;
  // React Router's client navigations: `/products/3.data`, and `/_root.data` for `/`.
  if (path.endsWith('.data')) {
    const page = path === '/_root.data' ? '/' : path.slice(0, -'.data'.length);
    return `${pageRoute(page)}.data`;
  }
  return pageRoute(path);
}

interface Started {
  at: number;
  bytes: number;
}

/**
 * The Express middleware that comes first: gives the request its id (the X-Request-Id header of
 * the answer), and when the response ends writes the request line (`reqId`, method, route,
 * status, ms, bytes: no URL, no address, no header) and counts it for the metrics. Everything
 * logged while the request is handled carries its id (log.server.ts `log()`).
 */
export function observeRequests(pageRoute: (path: string) => string) {
  const started = new WeakMap<ServerResponse, Started>();
  const line = (req: IncomingMessage, res: ServerResponse) => {
    const start = started.get(res);
    const seconds = start ? (performance.now() - start.at) / 1000 : 0;
    const route = routeOf(req, res, pageRoute);
    const method = req.method ?? 'GET';
    observeRequest(route, method, res.statusCode, seconds);
    return {
      method,
      route,
      status: res.statusCode,
      ms: Math.round(seconds * 10_000) / 10,
      // On the wire (compressed, headers included): what this response added to its connection.
      bytes: start ? req.socket.bytesWritten - start.bytes : undefined,
    };
  };
  const http = pinoHttp({
    logger: log(),
    // The request line's fields are the ones above, made here: none to redact by name, which was
    // most of a line's cost (every line is still scrubbed of addresses and tokens). So `req.log`
    // redacts nothing: code logs through log(), never through it.
    redact: [],
    genReqId: (req, res) => {
      const id = requestIdFrom(req.headers['x-request-id']);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // The line binds only `reqId`: the request's URL and headers may carry tokens and addresses.
    // (What is logged while the request is handled goes through log(), with the same `reqId`.)
    quietReqLogger: true,
    quietResLogger: true,
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res) =>
      !req.readableAborted && res.writableEnded ? 'request' : 'request aborted',
    customErrorMessage: () => 'request',
    customSuccessObject: (req, res) => line(req, res),
    customErrorObject: (req, res) => line(req, res),
  });
  return (req: Request, res: Response, next: NextFunction) => {
    started.set(res, { at: performance.now(), bytes: req.socket.bytesWritten });
    http(req, res);
    requestLogs.run({ reqId: String(req.id) }, next);
  };
}
