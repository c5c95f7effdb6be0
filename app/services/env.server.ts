import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseBasisPoints } from '~/lib/money';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(
          /^(postgres(ql)?|memory):\/\//,
          'must start with postgres:// (or memory:// for tests)',
        )
        .optional(),
    ),
    // Connections each server process keeps to PostgreSQL (docs/decisions/011).
    DATABASE_POOL_SIZE: z
      .string()
      .trim()
      .regex(/^([1-9]|[1-9][0-9]|100)$/, 'must be the number of connections, 1 to 100')
      .default('4'),
    SEED_DEMO: z.enum(['0', '1']).optional(),
    // 0 turns off the in-memory cache of guests' catalogue pages (server/page-cache.ts).
    PAGE_CACHE: z.enum(['0', '1']).default('1'),
    AUTH_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    PUBLIC_URL: optionalText.pipe(
      z.url('must be a URL such as https://shop.example.com').optional(),
    ),
    ADMIN_EMAIL: optionalText.pipe(z.email('must be an e-mail address').optional()),
    ADMIN_PASSWORD: optionalText.pipe(
      z.string().min(8, 'must be at least 8 characters').optional(),
    ),
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    ),
    MAIL_FROM: z.string().default('Fieldhouse Sports Engineering <no-reply@fieldhouse.example>'),
    ENQUIRY_EMAIL: z.email('must be an e-mail address').default('sales@fieldhouse.example'),
    ENQUIRY_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    ENQUIRY_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).default(3600),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    // How many reverse proxies (each appending to X-Forwarded-For) stand in front of the server.
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(/^([0-9]|10)$/, 'must be the number of proxies in front of the server, 0 to 10')
      .default('0'),
    // Server processes sharing the port (scripts/start.mjs); above 1 only with PostgreSQL.
    WEB_CONCURRENCY: z
      .string()
      .trim()
      .regex(/^([1-9]|[1-5][0-9]|6[0-4])$/, 'must be the number of server processes, 1 to 64')
      .default('1'),
    GOOGLE_CLIENT_ID: optionalText,
    GOOGLE_CLIENT_SECRET: optionalText,
    SITE_NAME: z.string().default('Fieldhouse Sports Engineering'),
    SITE_ADDRESS: z.string().default('21 Sports Hub Way, #03-12, Singapore 397630'),
    SITE_EMAIL: z.email('must be an e-mail address').default('hello@fieldhouse.example'),
    SITE_PHONE: z.string().default('+65 6123 4567'),
    SITE_UEN: z.string().default('202612345K'),
    // Unset: the company is not GST-registered, and its quotations add no GST and say so.
    SITE_GST_REG_NO: optionalText.pipe(
      z
        .string()
        .regex(
          /^[A-Za-z0-9-]{8,20}$/,
          'must be a GST registration number such as M2-1234567-8 or 202612345K',
        )
        .optional(),
    ),
    // Percent with up to two decimals, read as text and kept in basis points (no float ever).
    GST_RATE: z
      .string()
      .trim()
      .regex(/^\d{1,2}(\.\d{1,2})?$|^100$/, 'must be a percentage such as 9 or 8.25')
      .default('9'),
    // Days before a quotation expires that the buyer is reminded (once); 0 sends no reminders.
    QUOTATION_REMINDER_DAYS: z
      .string()
      .trim()
      .regex(/^([0-9]|[1-5][0-9]|60)$/, 'must be a number of days, 0 to 60')
      .default('3'),
    // How often each server process looks for scheduled work that is due (services/jobs).
    JOBS_INTERVAL_MS: z
      .string()
      .trim()
      .regex(/^[1-9][0-9]{2,7}$/, 'must be milliseconds, 100 to 99999999')
      .default('60000'),
    // How long a stopping server lets requests in flight, a mail being sent and a running job
    // finish before it cuts them (scripts/start.mjs, server/shutdown.ts).
    SHUTDOWN_TIMEOUT_MS: z
      .string()
      .trim()
      .regex(/^[1-9][0-9]{2,5}$/, 'must be milliseconds, 100 to 999999')
      .default('10000'),
    // Months after its last activity that an enquiry which never became an order is anonymised,
    // and a contact message (the privacy notice states both).
    RETENTION_ENQUIRY_MONTHS: z
      .string()
      .trim()
      .regex(/^([1-9]|[1-9][0-9]|1[0-1][0-9]|120)$/, 'must be a number of months, 1 to 120')
      .default('24'),
    RETENTION_CONTACT_MONTHS: z
      .string()
      .trim()
      .regex(/^([1-9]|[1-9][0-9]|1[0-1][0-9]|120)$/, 'must be a number of months, 1 to 120')
      .default('12'),
    // The share of page views (0 to 1) whose Core Web Vitals the browser reports to /api/rum.
    RUM_SAMPLE_RATE: z
      .string()
      .trim()
      .regex(
        /^(0(\.\d{1,4})?|1(\.0{1,4})?)$/,
        'must be a share of page views from 0 to 1, such as 0.1',
      )
      .default('0.1'),
    // The Data Protection Officer's address on the privacy notice (SITE_EMAIL when unset).
    SITE_DPO_EMAIL: optionalText.pipe(z.email('must be an e-mail address').optional()),
    // /metrics answers only with this bearer token; unset, there are no metrics (docs/operations.md).
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    // Object storage (S3 or any S3-compatible service): with S3_BUCKET every file goes to the
    // bucket instead of DATA_DIR (app/services/media/storage.server.ts).
    S3_BUCKET: optionalText.pipe(
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
        )
        .optional(),
    ),
    S3_ENDPOINT: optionalText.pipe(
      z
        .url('must be a URL such as https://<account>.r2.cloudflarestorage.com')
        .regex(/^https?:\/\//, 'must start with http:// or https://')
        .optional(),
    ),
    S3_REGION: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name such as us-east-1 (auto for R2)')
      .default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: optionalText.pipe(
      z.enum(['0', '1', 'true', 'false'], { message: 'must be 1 or 0 (true or false)' }).optional(),
    ),
    S3_PUBLIC_URL: optionalText.pipe(
      z
        .url('must be a URL such as https://cdn.example.com')
        .regex(/^https?:\/\/[^?#]*$/, 'must be an http(s) URL without ? or #')
        .optional(),
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    SITE_FACEBOOK: optionalText.pipe(z.url().optional()),
    SITE_INSTAGRAM: optionalText.pipe(z.url().optional()),
    SITE_LINKEDIN: optionalText.pipe(z.url().optional()),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL?.startsWith('postgres') && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required with DATABASE_URL (every instance must share the same secret)',
      });
    }
    if (env.WEB_CONCURRENCY !== '1' && !env.DATABASE_URL?.startsWith('postgres')) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: 'above 1 needs DATABASE_URL: the embedded database belongs to one process',
      });
    }
    if (!env.S3_BUCKET) {
      for (const name of [
        'S3_ENDPOINT',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_FORCE_PATH_STYLE',
        'S3_PUBLIC_URL',
      ] as const) {
        if (env[name]) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'needs S3_BUCKET (without it files stay in DATA_DIR)',
          });
        }
      }
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message:
          "is required with the other S3 key (or leave both unset to use the machine's AWS credentials)",
      });
    }
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'is required with ADMIN_EMAIL',
      });
    }
  });

export type Env = z.infer<typeof EnvSchema> & {
  /** Absolute data folder. */
  dataDir: string;
  publicUrl: string;
  /** The shop is served over https (PUBLIC_URL): its cookies are marked Secure. */
  secureCookies: boolean;
  authSecret: string;
  /** PGlite (a data folder or memory) or a PostgreSQL server. */
  database:
    { kind: 'pglite'; dir: string | null } | { kind: 'postgres'; url: string; poolSize: number };
  seedDemo: boolean;
  /** GST_RATE in basis points (9% = 900), as quotations store it. */
  gstRateBasisPoints: number;
  /** TRUST_PROXY as a number of trusted proxy hops. */
  trustedHops: number;
  /** QUOTATION_REMINDER_DAYS as a number (0: no reminders). */
  quotationReminderDays: number;
  /** JOBS_INTERVAL_MS as a number. */
  jobsIntervalMs: number;
  /** SHUTDOWN_TIMEOUT_MS as a number. */
  shutdownTimeoutMs: number;
  /** RETENTION_ENQUIRY_MONTHS and RETENTION_CONTACT_MONTHS as numbers. */
  retentionEnquiryMonths: number;
  retentionContactMonths: number;
  /** Object storage (S3_*), or null: files in DATA_DIR. */
  s3: S3Config | null;
  /** RUM_SAMPLE_RATE as a number from 0 to 1. */
  rumSampleRate: number;
};

export interface S3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (AWS_* variables, the machine's role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where the bucket's public objects are served from, without a trailing slash. */
  publicUrl?: string;
}

function s3Config(env: z.infer<typeof EnvSchema>): S3Config | null {
  if (!env.S3_BUCKET) return null;
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    // Services other than AWS (MinIO, s3rver, Ceph) are usually reached by path.
    forcePathStyle: pathStyle
      ? pathStyle === '1' || pathStyle === 'true'
      : Boolean(env.S3_ENDPOINT),
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses and validates the environment; throws a ConfigError naming each bad variable. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${String(i.path[0] ?? '?')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const database: Env['database'] = !env.DATABASE_URL
    ? { kind: 'pglite', dir: path.join(dataDir, 'db') }
    : env.DATABASE_URL.startsWith('memory://')
      ? { kind: 'pglite', dir: null }
      : { kind: 'postgres', url: env.DATABASE_URL, poolSize: Number(env.DATABASE_POOL_SIZE) };
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    dataDir,
    database,
    publicUrl,
    secureCookies: publicUrl.startsWith('https://'),
    authSecret: env.AUTH_SECRET ?? embeddedSecret(dataDir, database),
    seedDemo: env.SEED_DEMO ? env.SEED_DEMO === '1' : database.kind === 'pglite',
    gstRateBasisPoints: parseBasisPoints(env.GST_RATE)!,
    trustedHops: Number(env.TRUST_PROXY),
    quotationReminderDays: Number(env.QUOTATION_REMINDER_DAYS),
    jobsIntervalMs: Number(env.JOBS_INTERVAL_MS),
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS),
    retentionEnquiryMonths: Number(env.RETENTION_ENQUIRY_MONTHS),
    retentionContactMonths: Number(env.RETENTION_CONTACT_MONTHS),
    s3: s3Config(env),
    rumSampleRate: Number(env.RUM_SAMPLE_RATE),
  };
}

/** On the embedded database the secret is generated once into the data folder. */
function embeddedSecret(dataDir: string, database: Env['database']): string {
  if (database.kind === 'pglite' && database.dir === null) return randomBytes(32).toString('hex');
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

let cached: Env | undefined;

/** The validated environment of this process, parsed once. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
