// Storage in a bucket, against a real S3 protocol server (s3rver) on 127.0.0.1: public and private
// files put, read and deleted; private files under a prefix that /media cannot name, written
// without any ACL and with no-store; /media served from the bucket with the local folder's cache
// headers; readiness asks the bucket.
import type { AddressInfo } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFromBucket } from '../../../server/media';
import { startS3, type S3TestServer } from '../../../tests/setup/s3';
import { readiness, storageCheck } from '../health.server';
import { s3Client } from './s3-store.server';
import { bucketsFor, MEDIA_CACHE_CONTROL, s3Storage, type Buckets } from './storage.server';

let s3: S3TestServer;
let buckets: Buckets;
let client: S3Client;
/** The headers of every PutObject this client sent, by object key. */
const puts = new Map<string, Record<string, string>>();

beforeAll(async () => {
  s3 = await startS3();
  client = s3Client(s3.config);
  // The SDK's documented middleware stack: see each request as it goes on the wire.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { path: string; headers: Record<string, string> };
      if (context.commandName === 'PutObjectCommand') puts.set(request.path, request.headers);
      return next(args);
    },
    { step: 'finalizeRequest', name: 'recordPuts' },
  );
  buckets = bucketsFor(s3.config, client);
});
afterAll(() => s3?.close());

const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);

describe('public files in a bucket', () => {
  it('are put, found, read and deleted, and deleting twice is fine', async () => {
    const store = s3Storage(s3.config, buckets.public);
    expect(await store.has('products/abc123.jpg')).toBe(false);
    await store.put('products/abc123.jpg', jpeg, 'image/jpeg');
    expect(await store.has('products/abc123.jpg')).toBe(true);
    expect(await buckets.public.get('products/abc123.jpg')).toEqual(jpeg);
    await store.delete('products/abc123.jpg');
    expect(await store.has('products/abc123.jpg')).toBe(false);
    await store.delete('products/abc123.jpg');
  });

  it('are served from the shop at /media, or from S3_PUBLIC_URL when set', async () => {
    await buckets.public.put('products/url-test.webp', jpeg, 'image/webp');
    expect(s3Storage(s3.config, buckets.public).url('products/url-test.webp')).toBe(
      '/media/products/url-test.webp',
    );
    const cdn = s3Storage({ ...s3.config, publicUrl: s3.bucketUrl }, buckets.public);
    const url = cdn.url('products/url-test.webp');
    expect(url).toBe(`${s3.bucketUrl}/media/products/url-test.webp`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(jpeg);
  });

  it('refuses keys the server would never make', async () => {
    for (const key of ['../private/x.pdf', '/abs.jpg', 'a//b.jpg', 'a/../b.jpg', '']) {
      await expect(buckets.public.put(key, jpeg, 'image/jpeg'), key).rejects.toThrow(
        /Bad storage key/,
      );
    }
  });
});

describe('private files in a bucket', () => {
  it('are put, read and deleted under the private prefix, never the public one', async () => {
    const key = 'enquiries/7/0123abcd.pdf';
    await buckets.private.put(key, Buffer.from('%PDF-1.4 quote'), 'application/pdf');
    expect((await buckets.private.get(key))?.toString()).toBe('%PDF-1.4 quote');
    // Not where public files are, so no public URL or /media path can name it.
    expect(await buckets.public.get(key)).toBeNull();
    expect(buckets.private.where).toBe(`s3://${s3.bucket}/private/`);
    await buckets.private.delete(key);
    expect(await buckets.private.get(key)).toBeNull();
    await buckets.private.delete(key);
  });

  it('are written with no ACL and kept out of every cache', async () => {
    await buckets.private.put('enquiries/8/acl.png', jpeg, 'image/png');
    await buckets.public.put('products/acl.jpg', jpeg, 'image/jpeg');
    const privatePut = puts.get(`/${s3.bucket}/private/enquiries/8/acl.png`);
    const publicPut = puts.get(`/${s3.bucket}/media/products/acl.jpg`);
    expect(privatePut).toBeDefined();
    expect(publicPut).toBeDefined();
    for (const headers of [privatePut!, publicPut!]) {
      expect(Object.keys(headers).filter((h) => /acl|grant/i.test(h))).toEqual([]);
    }
    expect(privatePut!['cache-control']).toBe('private, no-store');
    expect(publicPut!['cache-control']).toBe(MEDIA_CACHE_CONTROL);
  });
});

describe('/media from the bucket', () => {
  let base: string;
  let close: () => void;
  beforeAll(async () => {
    const app = express();
    app.use('/media', mediaFromBucket(buckets.public));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('sends a public file with a year of caching and answers its ETag with 304', async () => {
    await buckets.public.put('products/served.jpg', jpeg, 'image/jpeg');
    const res = await fetch(`${base}/media/products/served.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(jpeg);
    const again = await fetch(`${base}/media/products/served.jpg`, {
      headers: { 'If-None-Match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    const head = await fetch(`${base}/media/products/served.jpg`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(jpeg.length));
  });

  it('answers 404 for a private file by its key or by any way round to its prefix', async () => {
    const key = 'enquiries/9/secret.pdf';
    await buckets.private.put(key, Buffer.from('%PDF-1.4 private'), 'application/pdf');
    for (const path of [
      `/media/${key}`,
      `/media/private/${key}`,
      `/media/..%2Fprivate%2F${key.replaceAll('/', '%2F')}`,
      `/media/%2e%2e/private/${key}`,
      '/media/products/missing.jpg',
      '/media/',
      '/media/%E0%A4%A',
    ]) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('PDF');
    }
  });

  it('answers 503 while the bucket cannot be reached', async () => {
    const away = express();
    const gone = bucketsFor({ ...s3.config, endpoint: 'http://127.0.0.1:9' });
    away.use('/media', mediaFromBucket(gone.public));
    const server = away.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/media/products/served.jpg`);
      expect(res.status).toBe(503);
      expect(res.headers.get('cache-control')).toBe('no-store');
    } finally {
      server.close();
    }
  });

  it('refuses methods other than GET and HEAD', async () => {
    const res = await fetch(`${base}/media/products/served.jpg`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(await buckets.public.size('products/served.jpg')).not.toBeNull();
  });
});

describe('readiness with a bucket', () => {
  it('is ready while the bucket answers, and not when the bucket is missing', async () => {
    expect((await readiness(5000, storageCheck(buckets))).checks.storage).toBe('ok');
    const missing = bucketsFor({ ...s3.config, bucket: 'no-such-bucket' });
    expect(await readiness(5000, storageCheck(missing))).toMatchObject({
      ready: false,
      checks: { database: 'ok', storage: 'unavailable' },
    });
  });
});
