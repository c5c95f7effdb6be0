import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { log } from '~/services/log.server';
import type { BucketStore } from '~/services/media/object-store.server';
import { MEDIA_CACHE_CONTROL } from '~/services/media/storage.server';

/**
 * `/media/<key>` from the bucket's public prefix, with the headers the local folder's files get
 * (a year, immutable: keys are content hashes), for shops whose bucket is not public
 * (S3_PUBLIC_URL unset) and for links made before it was set. Only public keys can be named
 * here: private files live under another prefix, which no path under /media reaches.
 */
export function mediaFromBucket(files: Pick<BucketStore, 'open'>) {
  return async (req: Request, res: Response) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').type('text/plain').send('Method not allowed.');
      return;
    }
    let key: string;
    try {
      key = decodeURIComponent(req.path.slice(1));
    } catch {
      key = '';
    }
    try {
      const file = await files.open(key, { ifNoneMatch: req.headers['if-none-match'] });
      if (!file) {
        res.status(404).type('text/plain').send('Not found.');
        return;
      }
      res.set('Cache-Control', MEDIA_CACHE_CONTROL);
      if ('notModified' in file) {
        res.set('ETag', req.headers['if-none-match']).status(304).end();
        return;
      }
      res.set({ 'Content-Type': file.contentType, 'Content-Length': String(file.size) });
      if (file.etag) res.set('ETag', file.etag);
      if (file.lastModified) res.set('Last-Modified', file.lastModified.toUTCString());
      if (req.method === 'HEAD') {
        file.body.destroy();
        res.end();
        return;
      }
      await pipeline(file.body, res);
    } catch (error) {
      if (!res.headersSent) {
        // The bucket did not answer: this file is unavailable for now, not a bug of the page.
        log().warn({ err: error, key }, 'Media read failed');
        res
          .status(503)
          .set({ 'Retry-After': '30', 'Cache-Control': 'no-store' })
          .type('text/plain')
          .send('The file cannot be read just now. Please try again.');
        return;
      }
      // The bucket stopped sending half-way: the client sees a cut-off response, not a 200.
      log().warn({ err: error, key }, 'Media stream failed');
      res.destroy();
    }
  };
}
