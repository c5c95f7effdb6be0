import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.server';

describe('parseEnv', () => {
  it('defaults to the embedded database in ./data with the demo seed on', () => {
    const env = parseEnv({ DATA_DIR: '/tmp/fh-env-test' });
    expect(env.database).toEqual({ kind: 'pglite', dir: '/tmp/fh-env-test/db' });
    expect(env.seedDemo).toBe(true);
    expect(env.publicUrl).toBe('http://localhost:3000');
    expect(env.authSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(parseEnv({ DATA_DIR: '/tmp/fh-env-test' }).authSecret).toBe(env.authSecret);
  });

  it('marks cookies Secure when the shop is served over https', () => {
    expect(parseEnv({ DATA_DIR: '/tmp/fh-env-test' }).secureCookies).toBe(false);
    const https = parseEnv({ DATA_DIR: '/tmp/fh-env-test', PUBLIC_URL: 'https://shop.example' });
    expect(https.secureCookies).toBe(true);
  });

  it('reads TRUST_PROXY as a number of proxy hops', () => {
    expect(parseEnv({ DATA_DIR: '/tmp/fh-env-test' }).trustedHops).toBe(0);
    expect(parseEnv({ DATA_DIR: '/tmp/fh-env-test', TRUST_PROXY: '2' }).trustedHops).toBe(2);
    expect(() => parseEnv({ DATA_DIR: '/tmp/fh-env-test', TRUST_PROXY: 'yes' })).toThrow(
      /TRUST_PROXY: must be the number of proxies/,
    );
  });

  it('reads the reminder days and the scheduler interval as numbers', () => {
    const defaults = parseEnv({ DATA_DIR: '/tmp/fh-env-test' });
    expect(defaults.quotationReminderDays).toBe(3);
    expect(defaults.jobsIntervalMs).toBe(60_000);
    const set = parseEnv({
      DATA_DIR: '/tmp/fh-env-test',
      QUOTATION_REMINDER_DAYS: '0',
      JOBS_INTERVAL_MS: '250',
    });
    expect(set.quotationReminderDays).toBe(0);
    expect(set.jobsIntervalMs).toBe(250);
    for (const bad of ['-1', '61', 'three', '2.5'])
      expect(() => parseEnv({ QUOTATION_REMINDER_DAYS: bad }), bad).toThrow(
        /QUOTATION_REMINDER_DAYS: must be a number of days, 0 to 60/,
      );
    for (const bad of ['0', '99', 'soon'])
      expect(() => parseEnv({ JOBS_INTERVAL_MS: bad }), bad).toThrow(/JOBS_INTERVAL_MS/);
  });

  it('reads the shutdown time limit in milliseconds, 10 s by default', () => {
    expect(parseEnv({ DATA_DIR: '/tmp/fh-env-test' }).shutdownTimeoutMs).toBe(10_000);
    expect(
      parseEnv({ DATA_DIR: '/tmp/fh-env-test', SHUTDOWN_TIMEOUT_MS: '30000' }).shutdownTimeoutMs,
    ).toBe(30_000);
    for (const bad of ['0', '99', '1000000', '10s', '-5'])
      expect(() => parseEnv({ SHUTDOWN_TIMEOUT_MS: bad }), bad).toThrow(
        /SHUTDOWN_TIMEOUT_MS: must be milliseconds, 100 to 999999/,
      );
  });

  it('reads the retention periods in months and the DPO address', () => {
    const defaults = parseEnv({ DATA_DIR: '/tmp/fh-env-test' });
    expect(defaults.retentionEnquiryMonths).toBe(24);
    expect(defaults.retentionContactMonths).toBe(12);
    expect(defaults.SITE_DPO_EMAIL).toBeUndefined();
    const set = parseEnv({
      DATA_DIR: '/tmp/fh-env-test',
      RETENTION_ENQUIRY_MONTHS: '36',
      RETENTION_CONTACT_MONTHS: '6',
      SITE_DPO_EMAIL: 'dpo@fieldhouse.example',
    });
    expect(set.retentionEnquiryMonths).toBe(36);
    expect(set.retentionContactMonths).toBe(6);
    expect(set.SITE_DPO_EMAIL).toBe('dpo@fieldhouse.example');
    for (const bad of ['0', '121', 'two years', '1.5'])
      expect(() => parseEnv({ RETENTION_ENQUIRY_MONTHS: bad }), bad).toThrow(
        /RETENTION_ENQUIRY_MONTHS: must be a number of months, 1 to 120/,
      );
    expect(() => parseEnv({ RETENTION_CONTACT_MONTHS: '-3' })).toThrow(/RETENTION_CONTACT_MONTHS/);
    expect(() => parseEnv({ SITE_DPO_EMAIL: 'not an address' })).toThrow(
      /SITE_DPO_EMAIL: must be an e-mail address/,
    );
  });

  it('names every bad variable', () => {
    expect(() => parseEnv({ PORT: 'abc', SITE_EMAIL: 'nope', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
    expect(() => parseEnv({ SITE_EMAIL: 'nope' })).toThrow(/SITE_EMAIL: must be an e-mail address/);
  });

  it('requires AUTH_SECRET with PostgreSQL and leaves the demo seed off there', () => {
    expect(() => parseEnv({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(
      /AUTH_SECRET: is required with DATABASE_URL/,
    );
    const env = parseEnv({ DATABASE_URL: 'postgres://u@h/db', AUTH_SECRET: 'x'.repeat(32) });
    expect(env.database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db', poolSize: 4 });
    expect(env.seedDemo).toBe(false);
    expect(
      parseEnv({ DATABASE_URL: 'postgres://u@h/db', AUTH_SECRET: 'x'.repeat(32), SEED_DEMO: '1' })
        .seedDemo,
    ).toBe(true);
  });

  it('runs several server processes only on PostgreSQL', () => {
    const postgres = { DATABASE_URL: 'postgres://u@h/db', AUTH_SECRET: 'x'.repeat(32) };
    expect(parseEnv({ DATA_DIR: '/tmp/fh-env-test' }).WEB_CONCURRENCY).toBe('1');
    expect(parseEnv({ ...postgres, WEB_CONCURRENCY: '4' }).WEB_CONCURRENCY).toBe('4');
    expect(() => parseEnv({ DATA_DIR: '/tmp/fh-env-test', WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: above 1 needs DATABASE_URL/,
    );
    expect(() => parseEnv({ DATABASE_URL: 'memory://', WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: above 1 needs DATABASE_URL/,
    );
    for (const bad of ['0', '65', 'two', '1.5', '-1'])
      expect(() => parseEnv({ ...postgres, WEB_CONCURRENCY: bad }), bad).toThrow(
        /WEB_CONCURRENCY: must be the number of server processes, 1 to 64/,
      );
  });

  it('keeps a few connections to PostgreSQL unless told how many', () => {
    const postgres = { DATABASE_URL: 'postgres://u@h/db', AUTH_SECRET: 'x'.repeat(32) };
    const poolSize = (env: ReturnType<typeof parseEnv>) =>
      env.database.kind === 'postgres' ? env.database.poolSize : undefined;
    expect(poolSize(parseEnv(postgres))).toBe(4);
    expect(poolSize(parseEnv({ ...postgres, DATABASE_POOL_SIZE: ' 12 ' }))).toBe(12);
    for (const bad of ['0', '101', 'ten', '2.5', '-1', ''])
      expect(() => parseEnv({ ...postgres, DATABASE_POOL_SIZE: bad }), bad).toThrow(
        /DATABASE_POOL_SIZE: must be the number of connections, 1 to 100/,
      );
  });

  it('requires ADMIN_PASSWORD with ADMIN_EMAIL', () => {
    expect(() => parseEnv({ DATA_DIR: '/tmp/fh-env-test', ADMIN_EMAIL: 'a@b.co' })).toThrow(
      /ADMIN_PASSWORD/,
    );
  });

  it('keeps files in DATA_DIR unless S3_BUCKET names a bucket, and checks the S3 settings', () => {
    const dir = { DATA_DIR: '/tmp/fh-env-test' };
    expect(parseEnv(dir).s3).toBeNull();
    expect(parseEnv({ ...dir, S3_BUCKET: 'shop-files' }).s3).toEqual({
      bucket: 'shop-files',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      publicUrl: undefined,
    });
    const minio = parseEnv({
      ...dir,
      S3_BUCKET: 'shop-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PUBLIC_URL: 'https://cdn.example.com/',
    }).s3;
    expect(minio).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      region: 'auto',
      // Path-style by default with an endpoint (MinIO, Ceph), unless told otherwise.
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      publicUrl: 'https://cdn.example.com',
    });
    expect(
      parseEnv({
        ...dir,
        S3_BUCKET: 'shop-files',
        S3_ENDPOINT: 'https://r2.example.com',
        S3_FORCE_PATH_STYLE: '0',
      }).s3?.forcePathStyle,
    ).toBe(false);

    const refused: [Record<string, string>, RegExp][] = [
      [{ S3_BUCKET: 'Shop_Files' }, /S3_BUCKET: must be a bucket name/],
      [{ S3_BUCKET: 'ab' }, /S3_BUCKET: must be a bucket name/],
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_ENDPOINT: needs S3_BUCKET/],
      [{ S3_PUBLIC_URL: 'https://cdn.example.com' }, /S3_PUBLIC_URL: needs S3_BUCKET/],
      [{ S3_BUCKET: 'shop', S3_ENDPOINT: 'localhost:9000' }, /S3_ENDPOINT: must start with http/],
      [{ S3_BUCKET: 'shop', S3_ENDPOINT: 'not a url' }, /S3_ENDPOINT: must be a URL/],
      [{ S3_BUCKET: 'shop', S3_ENDPOINT: 'ftp://h' }, /S3_ENDPOINT: must start with http/],
      [{ S3_BUCKET: 'shop', S3_REGION: 'US East' }, /S3_REGION: must be a region name/],
      [{ S3_BUCKET: 'shop', S3_ACCESS_KEY_ID: 'key' }, /S3_SECRET_ACCESS_KEY: is required/],
      [{ S3_BUCKET: 'shop', S3_SECRET_ACCESS_KEY: 's' }, /S3_ACCESS_KEY_ID: is required/],
      [{ S3_BUCKET: 'shop', S3_FORCE_PATH_STYLE: 'yes' }, /S3_FORCE_PATH_STYLE: must be 1 or 0/],
      [{ S3_BUCKET: 'shop', S3_PUBLIC_URL: 'cdn.example.com' }, /S3_PUBLIC_URL: must be a URL/],
      [{ S3_BUCKET: 'shop', S3_PUBLIC_URL: 'https://c.example/?a=1' }, /S3_PUBLIC_URL: must be/],
    ];
    for (const [settings, message] of refused)
      expect(() => parseEnv({ ...dir, ...settings }), JSON.stringify(settings)).toThrow(message);
  });

  it('reads RUM_SAMPLE_RATE as a share of page views, a tenth unless told', () => {
    expect(parseEnv({ DATA_DIR: '/tmp/fh-env-test' }).rumSampleRate).toBe(0.1);
    expect(parseEnv({ DATA_DIR: '/tmp/fh-env-test', RUM_SAMPLE_RATE: '1' }).rumSampleRate).toBe(1);
    expect(parseEnv({ DATA_DIR: '/tmp/fh-env-test', RUM_SAMPLE_RATE: '0' }).rumSampleRate).toBe(0);
    expect(
      parseEnv({ DATA_DIR: '/tmp/fh-env-test', RUM_SAMPLE_RATE: ' 0.25 ' }).rumSampleRate,
    ).toBe(0.25);
    for (const bad of ['1.5', '-0.1', '10%', 'half', '2', '0.12345', ''])
      expect(() => parseEnv({ DATA_DIR: '/tmp/fh-env-test', RUM_SAMPLE_RATE: bad }), bad).toThrow(
        /RUM_SAMPLE_RATE: must be a share of page views from 0 to 1/,
      );
  });
});
