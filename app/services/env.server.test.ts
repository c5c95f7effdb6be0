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
