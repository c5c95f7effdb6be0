import express, { type NextFunction, type Request, type Response } from 'express';
import type { ServerBuild } from 'react-router';
import { RUM_MAX_BYTES } from '~/lib/rum/vitals';
import { RumReportSchema } from '~/lib/schemas/rum';
import { log } from '~/services/log.server';
import { noteDatabaseError, UNAVAILABLE_TEXT } from '~/services/db/availability.server';
import { clientAddress, hitRateLimit } from '~/services/rate-limit.server';
import { recordPageView } from '~/services/rum/rum.server';
import { nameRoute } from './observe';

/**
 * The shop's page routes by id, each with its URL pattern (`routes/products.$productId` →
 * `/products/:productId`): what a browser's report may name. Back-office pages are not the shop's
 * visitors', and resource routes (no component) render no page to measure.
 */
export function shopRoutePatterns(routes: ServerBuild['routes']): Map<string, string> {
  const patterns = new Map<string, string>();
  const pathOf = (id: string | undefined): string[] => {
    const route = id ? routes[id] : undefined;
    if (!route) return [];
    return [...pathOf(route.parentId), ...(route.path ? [route.path] : [])];
  };
  for (const route of Object.values(routes)) {
    if (!route || route.id === 'root' || !route.module.default) continue;
    const pattern = `/${pathOf(route.id).join('/')}`.replace(/\/{2,}/g, '/');
    if (/^\/admin(\/|$)/.test(pattern)) continue;
    patterns.set(route.id, pattern);
  }
  return patterns;
}

export interface RumEndpointOptions {
  /** The pattern of a shop page's route id, or undefined for any other id. */
  patternOf: (routeId: string) => string | undefined;
  /** The request's client address (server/app.ts derives it once per request). */
  addressOf: (req: Request) => string | undefined;
  /** Reports one client address may send per window. */
  max?: number;
  windowSeconds?: number;
}

/**
 * A page view sends one report when it is hidden, and again after a return from the back/forward
 * cache: a visitor reading thirty pages a minute for ten minutes stays well inside.
 */
export const RUM_RATE_LIMIT = { max: 300, windowSeconds: 600 };

/** Refused reports are logged by reason only: a report holds nothing about the visitor anyway. */
const refuse = (res: Response, status: number, error: string) => {
  if (status !== 429) log().info({ status, reason: error }, 'Speed report refused');
  res.status(status).set('Cache-Control', 'no-store').json({ error });
};

/**
 * POST /api/rum: one page view's Core Web Vitals from the shop's beacon
 * (components/layout/real-user-speed.tsx). Counted per client address first, so a flood is
 * refused (429) whatever it sends; then only a small JSON body of the known shape, a known shop
 * route and values within range is counted into the day's histograms (204). Nothing identifying
 * is accepted or kept: no cookie is read, and the address is only the rate limit's keyed hash.
 */
export function rumEndpoint(options: RumEndpointOptions): express.Router {
  const { max, windowSeconds } = { ...RUM_RATE_LIMIT, ...options };
  const router = express.Router();
  router.post(
    '/',
    nameRoute,
    async (req, res, next) => {
      try {
        const address = clientAddress(options.addressOf(req));
        const limit = await hitRateLimit(`rum:${address}`, max, windowSeconds);
        if (!limit.allowed) {
          res.set('Retry-After', String(limit.retryAfterSeconds));
          return refuse(res, 429, 'Too many reports. Please try again later.');
        }
        next();
      } catch (error) {
        next(error);
      }
    },
    // A beacon's body is JSON sent as text/plain or application/json; either is read as text.
    express.text({ type: () => true, limit: RUM_MAX_BYTES }),
    async (req, res, next) => {
      try {
        let body: unknown;
        try {
          body = typeof req.body === 'string' ? JSON.parse(req.body) : undefined;
        } catch {
          return refuse(res, 400, 'The report is not JSON.');
        }
        const parsed = RumReportSchema.safeParse(body);
        if (!parsed.success) return refuse(res, 400, 'The report is not a valid speed report.');
        const { route, ...view } = parsed.data;
        const pattern = options.patternOf(route);
        if (!pattern) return refuse(res, 400, 'The report names no page of the shop.');
        await recordPageView({ route: pattern, ...view });
        res.status(204).set('Cache-Control', 'no-store').end();
      } catch (error) {
        next(error);
      }
    },
  );
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 413)
      return refuse(res, 413, `The report is too large (at most ${RUM_MAX_BYTES} bytes).`);
    if (typeof status === 'number' && status >= 400 && status < 500)
      return refuse(res, 400, 'The report could not be read.');
    if (noteDatabaseError(error)) return refuse(res, 503, UNAVAILABLE_TEXT);
    next(error);
  });
  return router;
}
