import { createRequestHandler } from '@react-router/express';
import { toNodeHandler } from 'better-auth/node';
import express from 'express';
import { auth } from '~/services/auth.server';
import { env } from '~/services/env.server';
import { isDatabaseHealthy } from '~/services/boot.server';
import { uploadsDir } from '~/services/media/storage.server';
import { catalogueApi } from './api';

export { boot } from '~/services/boot.server';
export { ConfigError } from '~/services/env.server';
export { DataDirLockedError } from '~/services/data-lock.server';

/**
 * The HTTP app: hot paths (health, media, auth) are plain Express routes; everything else goes to
 * React Router. Built by Vite as the SSR entry, so it shares one module graph with the routes.
 */
export function createApp(): express.Express {
  const app = express();
  app.disable('x-powered-by');

  app.get('/healthz', async (_req, res) => {
    const ok = await isDatabaseHealthy();
    res.status(ok ? 200 : 503).json(ok ? { status: 'ok' } : { status: 'unavailable' });
  });

  // Stored images: keys are content hashes, so they never change.
  app.use(
    '/media',
    express.static(uploadsDir(), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );

  app.use('/api/v1', catalogueApi());

  // Better Auth reads the raw body itself: mount it before any body parser. It rate-limits by
  // the address in this header, which only the server sets.
  const trustProxy = env().TRUST_PROXY === '1';
  const handler = toNodeHandler(auth());
  app.all('/api/auth/{*rest}', (req, res) => {
    const forwarded = trustProxy
      ? String(req.headers['x-forwarded-for'] ?? '')
          .split(',')[0]
          ?.trim()
      : '';
    req.headers['x-fieldhouse-client-ip'] = forwarded || req.socket.remoteAddress || 'unknown';
    return handler(req, res);
  });

  // State-changing requests from other sites are refused: a POST must come from this site's
  // pages (its Origin is PUBLIC_URL or the host it was sent to). Browsers always send Origin on POST.
  const publicOrigin = new URL(env().publicUrl).origin;
  app.use((req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const origin = req.headers.origin;
    if (!origin || origin === publicOrigin || origin === `${req.protocol}://${req.headers.host}`)
      return next();
    res.status(403).type('text/plain').send('Cross-site request refused.');
  });

  app.use(
    createRequestHandler({
      build: () => import('virtual:react-router/server-build'),
      getLoadContext: (req) => ({ clientAddress: req.socket.remoteAddress }),
    }),
  );
  return app;
}
