// The S3 side of object-store.server.ts, loaded only when S3_BUCKET is set (storage.server.ts).
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkKey, contentTypeOf, isStorageKey, type BucketStore } from './object-store.server';

/** The connection settings of env.server.ts's `s3`. */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 requires them: the newer default (a CRC header on every upload, a
    // checksum mode on every download) is refused or mis-signed by several S3-compatible
    // services, and TLS already protects the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/** Null for "no such object" (404), the error itself otherwise. */
function absent(error: unknown): null {
  if (statusOf(error) === 404) return null;
  throw error;
}

/**
 * The objects under `prefix` in a bucket. No object is written with an ACL: whether anything is
 * public is the bucket's policy alone (private by default on every S3-compatible service, and
 * several refuse ACLs outright). `cacheControl` is stored with each object, so a CDN or the
 * bucket's own URL serves it with the same headers the shop would.
 */
export function bucketStore(
  client: S3Client,
  bucket: string,
  prefix: string,
  options: { cacheControl: string },
): BucketStore {
  const Key = (key: string) => prefix + checkKey(key);
  return {
    where: `s3://${bucket}/${prefix}`,
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: Key(key),
          Body: data,
          ContentType: contentType,
          ContentLength: data.length,
          CacheControl: options.cacheControl,
        }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: Key(key) }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (error) {
        return absent(error);
      }
    },
    async size(key) {
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: Key(key) }));
        return out.ContentLength ?? 0;
      } catch (error) {
        return absent(error);
      }
    },
    async delete(key) {
      // S3 answers a delete of a missing key with success, as the interface wants.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: Key(key) }));
    },
    async *list() {
      for await (const page of paginateListObjectsV2(
        { client },
        { Bucket: bucket, Prefix: prefix },
      )) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(prefix.length);
          if (key && isStorageKey(key)) yield { key, size: object.Size ?? 0 };
        }
      }
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    },
    async open(key, { ifNoneMatch } = {}) {
      if (!isStorageKey(key)) return null;
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: Key(key), IfNoneMatch: ifNoneMatch }),
        );
        return {
          body: out.Body as Readable,
          size: out.ContentLength ?? 0,
          contentType: out.ContentType ?? contentTypeOf(key),
          etag: out.ETag,
          lastModified: out.LastModified,
        };
      } catch (error) {
        if (statusOf(error) === 304) return { notModified: true };
        return absent(error);
      }
    },
  };
}
