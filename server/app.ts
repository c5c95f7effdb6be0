import { createRequestHandler } from '@react-router/express';
import { toNodeHandler } from 'better-auth/node';
import { createRequestHandler as createReactRouterHandler } from 'react-router';
import express, { type NextFunction, type Request, type Response } from 'express';
import { CLIENT_IP_HEADER } from '~/services/accounts/auth-hooks.server';
import { authEndpointOf, servedOverHttp } from '~/services/accounts/auth-http.server';
import { auth } from '~/services/auth.server';
import { BAD_ADDRESS_HTML, BAD_ADDRESS_TEXT, requestState } from '~/services/request-state.server';
import { clientAddressFrom, proxyWarning } from '~/services/client-address.server';
import {
  databaseAvailable,
  isDatabaseMarkedDown,
  noteDatabaseError,
  UNAVAILABLE_HTML,
  UNAVAILABLE_TEXT,
} from '~/services/db/availability.server';
import { env } from '~/services/env.server';
import { isDatabaseHealthy } from '~/services/boot.server';
import { readiness } from '~/services/health.server';
import { log } from '~/services/log.server';
import { enableMetrics, METRICS_CONTENT_TYPE, metricsText } from '~/services/metrics.server';
import { configuredBuckets, uploadsDir } from '~/services/media/storage.server';
import { catalogueApi } from './api';
import { mediaFromBucket } from './media';
import { bodyLimit } from './body-limit';
import { securityHeaders, varyByVisitor } from './headers';
import { metricsEndpoint } from './metrics';
import { nameRoute, observeRequests, routeLabeller } from './observe';
import { guestPageCache } from './page-cache';
import { isStopping } from './shutdown';
import { rumEndpoint, shopRoutePatterns } from './rum';

export { boot } from '~/services/boot.server';
export { prepareShutdown } from './shutdown';
export { ConfigError } from '~/services/env.server';
export { DataDirLockedError } from '~/services/data-lock.server';
export { log } from '~/services/log.server';

/** The routes' build, loaded once in production (see `build` in createApp). */
const serverBuild = import.meta.env.DEV
  ? undefined
  : await import('virtual:react-router/server-build');

/** The security headers of server/headers.ts as configured for this environment. */
export function securityHeadersFor() {
  const config = env();
  return securityHeaders({
    https: config.publicUrl.startsWith('https://'),
    development: config.NODE_ENV === 'development',
    imageOrigins: config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : [],
  });
}

/**
 * The request line, request id and metrics (server/observe.ts): start.mjs mounts it before
 * anything else, so static files are counted too. Routes are named from the build's manifest.
 */
export function requestObserver() {
  if (serverBuild) return observeRequests(routeLabeller(serverBuild.routes));
  // `npm run dev`: the routes as they were when the first request came in.
  let label: ((path: string) => string) | undefined;
  void import('virtual:react-router/server-build').then((build) => {
    label = routeLabeller(build.routes);
  });
  return observeRequests((path) => label?.(path) ?? 'unknown');
}

const wantsJson = (req: Request) => req.path.startsWith('/api/') || req.path.endsWith('.data');

function sendUnavailable(req: Request, res: Response) {
  res.status(503).set({ 'Retry-After': '30', 'Cache-Control': 'no-store' });
  if (wantsJson(req)) res.json({ error: UNAVAILABLE_TEXT });
  else res.type('html').send(UNAVAILABLE_HTML);
}

/**
 * The HTTP app: hot paths (health, media, auth) are plain Express routes; everything else goes to
 * React Router. Built by Vite as the SSR entry, so it shares one module graph with the routes.
 */
export function createApp(): express.Express {
  const config = env();
  const app = express();
  app.disable('x-powered-by');
  // Behind TRUST_PROXY proxies, req.protocol (the Origin check below) and req.hostname come from
  // the X-Forwarded-* headers the nearest proxy set; with 0, from the connection itself.
  app.set('trust proxy', config.trustedHops);
  // Where the address is read, once per request: says once when a proxy seems untrusted.
  const noticeProxy = proxyWarning(config.trustedHops);
  const addressOf = (req: Request) => {
    noticeProxy(req.headers['x-forwarded-for']);
    return clientAddressFrom(
      req.socket.remoteAddress,
      req.headers['x-forwarded-for'],
      config.trustedHops,
    );
  };

  const headers = securityHeadersFor();
  // start.mjs sets them before its static files; once per response is enough.
  app.use((req, res, next) => (res.locals.cspNonce ? next() : headers(req, res, next)));

  // TRACE echoes the request (cookies included) back; nothing here needs it or CONNECT. OPTIONS
  // gets the same list of methods for every URL (no page is meant for other sites' scripts, so
  // there is no CORS to negotiate); React Router had no answer for it and logged each one as an
  // error with its stack.
  app.use((req, res, next) => {
    if (req.method === 'OPTIONS') return void res.status(204).set('Allow', 'GET, HEAD, POST').end();
    if (req.method !== 'TRACE' && req.method !== 'TRACK' && req.method !== 'CONNECT') return next();
    res.status(405).set('Allow', 'GET, HEAD, POST').type('text/plain').send('Method not allowed.');
  });

  // HTTP/1.0 allows a request without a Host, which React Router needs to make the page's URL
  // (it was a 500): such a request is taken as meant for this site (load balancers' health
  // checks send them).
  const publicHost = new URL(config.publicUrl).host;
  app.use((req, _res, next) => {
    req.headers.host ||= publicHost;
    next();
  });

  // No field anywhere takes a NUL byte (PostgreSQL cannot store one in text): refuse it in the
  // address at once; bodies are checked as they arrive (body-limit.ts).
  app.use((req, res, next) => {
    if (!/%00/.test(req.originalUrl)) return next();
    res.status(400);
    if (wantsJson(req)) res.json({ error: BAD_ADDRESS_TEXT });
    else if (req.accepts(['text/plain', 'html']) === 'html')
      res.type('html').send(BAD_ADDRESS_HTML);
    else res.type('text/plain').send(BAD_ADDRESS_TEXT);
  });

  app.use(bodyLimit());

  // The one client address of this request, for every limit: the app's (load context) and
  // Better Auth's, also when the app calls Better Auth itself with the page's headers.
  app.use((req, _res, next) => {
    req.headers[CLIENT_IP_HEADER] = addressOf(req);
    next();
  });

  // Liveness: the process is up and answers (a load balancer or supervisor restarts it if not).
  app.get('/healthz', nameRoute, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  // Readiness: the database and the storage answer; 503 while either does not (a load balancer
  // sends no traffic here meanwhile; the process recovers by itself).
  app.get('/readyz', nameRoute, async (_req, res) => {
    // A stopping process sends balancers away before its connections close.
    if (isStopping()) {
      return void res.status(503).set('Cache-Control', 'no-store').json({ status: 'stopping' });
    }
    const { ready, checks } = await readiness();
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: ready ? 'ok' : 'unavailable', checks });
  });

  // Prometheus metrics, only with METRICS_TOKEN (then only for that bearer token).
  if (config.METRICS_TOKEN) enableMetrics();
  app.get(
    '/metrics',
    nameRoute,
    metricsEndpoint(config.METRICS_TOKEN, metricsText, METRICS_CONTENT_TYPE),
  );

  // The icon is an SVG (root.tsx links it); clients that ask for the old name are sent there.
  app.get('/favicon.ico', nameRoute, (_req, res) => res.redirect(301, '/favicon.svg'));

  // Stored images: keys are content hashes, so they never change. From the bucket when there
  // is one (also when S3_PUBLIC_URL sends browsers there: older links keep working).
  const buckets = configuredBuckets();
  app.use(
    '/media',
    buckets
      ? mediaFromBucket(buckets.public)
      : express.static(uploadsDir(), {
          immutable: true,
          maxAge: '1y',
          index: false,
          fallthrough: false,
        }),
  );

  // While the database is away, every request that needs it is answered 503 at once (after one
  // shared probe a second), instead of each waiting for a connection that will not come.
  const probe = () => isDatabaseHealthy(2000);
  app.use((req, res, next) => {
    databaseAvailable(probe).then(
      (ok) => (ok ? next() : sendUnavailable(req, res)),
      (error: unknown) => next(error),
    );
  });

  app.use('/api/v1', catalogueApi());

  // Better Auth reads the raw body itself: mount it before any body parser. It rate-limits by
  // the address in this header, which only the server sets (from the same derivation as the app).
  const handler = toNodeHandler(async (request: globalThis.Request) => {
    try {
      const response = await auth().handler(request);
      if (response.status >= 500 && isDatabaseMarkedDown()) {
        return Response.json({ error: UNAVAILABLE_TEXT }, { status: 503 });
      }
      return response;
    } catch (error) {
      if (noteDatabaseError(error)) {
        return Response.json({ error: UNAVAILABLE_TEXT }, { status: 503 });
      }
      throw error;
    }
  });
  // Only the endpoints the shop uses over HTTP (auth-http.server.ts); the rest of Better Auth's
  // (checking a password without the sign-in's limits, listing session tokens, the admin
  // plugin's user management past the back office's rules) stay server-side. Nothing it answers
  // is for a cache.
  app.all('/api/auth/{*rest}', nameRoute, (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    // Returned: Express passes a rejection on (a body refused while Better Auth was reading it).
    const endpoint = authEndpointOf(req.originalUrl);
    if (endpoint && servedOverHttp(endpoint)) return handler(req, res);
    res.status(404).json({ error: 'Not found.' });
  });

  // State-changing requests from other sites are refused: a POST must come from this site's
  // pages (its Origin is PUBLIC_URL or the host it was sent to). Browsers always send Origin on POST.
  // A page whose referrer policy is no-referrer (a reset link's, a guest's enquiry link's) posts a
  // plain form with `Origin: null`; the browser's own Sec-Fetch-Site, which no page can set, then
  // says whether it came from this site.
  const publicOrigin = new URL(config.publicUrl).origin;
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const origin = req.headers.origin;
    if (!origin || origin === publicOrigin || origin === `${req.protocol}://${req.headers.host}`)
      return next();
    if (origin === 'null' && req.headers['sec-fetch-site'] === 'same-origin') {
      // React Router's own check of actions would take "null" for another site's.
      delete req.headers.origin;
      return next();
    }
    res.status(403).type('text/plain').send('Cross-site request refused.');
  });

  // Visitors' Core Web Vitals (server/rum.ts); after the Origin check, so only this site's pages
  // report. The routes a report may name come from the build, as the metrics' labels do.
  let patterns = serverBuild ? shopRoutePatterns(serverBuild.routes) : new Map<string, string>();
  if (!serverBuild)
    void import('virtual:react-router/server-build').then((loaded) => {
      patterns = shopRoutePatterns(loaded.routes);
    });
  app.use(
    '/api/rum',
    rumEndpoint({
      patternOf: (id) => patterns.get(id),
      addressOf: (req) => String(req.headers[CLIENT_IP_HEADER]),
    }),
  );

  // Given a function, React Router re-derives its route tables from the build on every request
  // (so `npm run dev` picks up edited routes); a production server hands it the loaded build,
  // which saved a tenth of a signed-in page's CPU.
  const build = serverBuild ?? (() => import('virtual:react-router/server-build'));
  // A guest's catalogue pages come from memory (server/page-cache.ts); PAGE_CACHE=0 turns it off.
  if (config.PAGE_CACHE !== '0') {
    const cache = guestPageCache({
      handle: createReactRouterHandler(build, process.env.NODE_ENV),
      origin: publicOrigin,
      clientAddress: (req) => String(req.headers[CLIENT_IP_HEADER]),
      requestId: (req) => String(req.id),
    });
    // A rejection goes to the error handler below: left alone it would end the process.
    app.use((req, res, next) => void cache(req, res, next).catch(next));
  }

  const pages = createRequestHandler({
    build,
    getLoadContext: (req, res) => ({
      clientAddress: String(req.headers[CLIENT_IP_HEADER]),
      cspNonce: String(res.locals.cspNonce ?? ''),
      requestId: String(req.id),
    }),
  });
  // Each request's own state, so entry.server can tell a lost database or unreadable input
  // (503, 400) from a bug (500).
  app.use((req, res, next) => {
    varyByVisitor(req, res);
    return requestState.run({ safeMethod: req.method === 'GET' || req.method === 'HEAD' }, () =>
      pages(req, res, next),
    );
  });

  // Last resort: a body cut off at its limit, a lost database, anything else without details.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (noteDatabaseError(error)) return sendUnavailable(req, res);
    // A request target or Host that makes no URL (a port out of range): bad input, not a bug.
    if ((error as { code?: unknown }).code === 'ERR_INVALID_URL') {
      res.status(400).type('text/plain').send('The request could not be read.');
      return;
    }
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      res.status(status).type('text/plain').send('The request could not be read.');
      return;
    }
    log().error({ err: error }, 'Request failed');
    res
      .status(500)
      .type('text/plain')
      .send(`Something went wrong. Please try again. Reference: ${String(req.id)}`);
  });
  return app;
}
