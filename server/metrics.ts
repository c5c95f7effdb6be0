import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { log } from '~/services/log.server';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * GET /metrics: 404 when no token is configured (metrics are off), 401 without the right
 * `Authorization: Bearer <token>` (compared in constant time), else the metrics as text.
 */
export function metricsEndpoint(
  token: string | undefined,
  text: () => Promise<string>,
  contentType: string,
) {
  const expected = token ? digest(`Bearer ${token}`) : undefined;
  return async (req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store');
    if (!expected) return void res.status(404).type('text/plain').send('Not found.');
    const given = digest(req.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      res.status(401).set('WWW-Authenticate', 'Bearer').type('text/plain').send('Unauthorized.');
      return;
    }
    try {
      res.type(contentType).send(await text());
    } catch (error) {
      log().error({ err: error }, 'The metrics could not be gathered');
      res.status(500).type('text/plain').send('The metrics could not be gathered.');
    }
  };
}
