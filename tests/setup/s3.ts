// A real S3 protocol server for tests (s3rver), on 127.0.0.1 with a free port and a temporary
// folder, with one empty bucket. Its credentials are s3rver's documented fixed pair.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '~/services/env.server';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** The settings as env.server.ts makes them from `env`. */
  config: S3Config;
  /** The S3_* variables for a server process using this bucket. */
  env: Record<string, string>;
  /** The bucket's own URL, which serves its objects to anyone (s3rver has no access policies). */
  bucketUrl: string;
  close(): Promise<void>;
}

export async function startS3(bucket = 'fieldhouse'): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'fieldhouse-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    bucketUrl: `${endpoint}/${bucket}`,
    config: { bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      // The SDK's notice that its 2027 releases need Node 22 (the machines run 20), once per
      // process on stderr, where the tests look for errors.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
