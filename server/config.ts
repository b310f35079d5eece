/**
 * Start-up configuration from the environment. Everything has an embedded default so
 * `npm start` works on a bare machine.
 */
import path from 'node:path';
import { FILE_MAX_BYTES, FILE_QUOTA_BYTES } from './limits';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Origin used in e-mailed links and for the same-origin check. */
  publicUrl: string;
  /** Seed demo accounts and books on start (`QUIRE_DEMO=0` turns it off). */
  demo: boolean;
  /** nodemailer SMTP URL; without it mail lands in the outbox table (/dev/mail). */
  smtpUrl: string | null;
  mailFrom: string;
  /** Development build: /dev pages open to everyone, not just admins. */
  development: boolean;
  /** Multiplies every rate limit; tests that sign in often raise it. */
  rateLimitScale: number;
  /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
  /** Where the built client lives (served statically). */
  clientDir: string;
  /** /files: largest single upload and per-account storage, in bytes. */
  fileMaxBytes: number;
  fileQuotaBytes: number;
  /** Stripe is used when a secret key is set; otherwise the built-in test provider (server/payments). */
  stripeSecretKey: string | null;
  stripeWebhookSecret: string | null;
  /** Another address for Stripe's API, e.g. a local stand-in (`http://127.0.0.1:12111`). */
  stripeApiBase: string | null;
  /** Newsletter sending: recipients per batch, and the most mails per minute (server/newsletter/send.ts). */
  newsletterBatchSize: number;
  newsletterPerMinute: number;
  /** PostgreSQL (postgres://…) instead of the SQLite file in dataDir: for several instances (server/db/postgres.ts). */
  databaseUrl: string | null;
  /** Several instances share state through Redis (server/redis/); without it, everything stays in-process. */
  redisUrl: string | null;
  /** Run epubcheck on each submission's EPUB (QUIRE_EPUBCHECK=0 turns it off; unit tests do, but for its own). */
  epubcheck: boolean;
  /** Blob bytes in an S3-compatible bucket when S3_BUCKET is set; otherwise in DATA_DIR/blobs. */
  s3: S3Config | null;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (addressed path-style); unset means AWS itself. */
  endpoint: string | null;
  /** Without both keys the SDK's own chain answers (AWS_* variables, an instance role). */
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

function s3From(env: NodeJS.ProcessEnv): S3Config | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || null,
    accessKeyId: env.S3_ACCESS_KEY_ID || null,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || null,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '0.0.0.0';
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    demo: env.QUIRE_DEMO !== '0',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Quire <no-reply@quire.test>',
    development: env.NODE_ENV === 'development',
    rateLimitScale: Number(env.QUIRE_RATE_LIMIT_SCALE ?? 1) || 1,
    trustProxy: env.TRUST_PROXY === '1',
    clientDir: path.resolve(env.CLIENT_DIR ?? './dist'),
    fileMaxBytes: Number(env.QUIRE_FILE_MAX_BYTES) || FILE_MAX_BYTES,
    fileQuotaBytes: Number(env.QUIRE_FILE_QUOTA_BYTES) || FILE_QUOTA_BYTES,
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    stripeApiBase: env.STRIPE_API_BASE || null,
    newsletterBatchSize: Number(env.NEWSLETTER_BATCH_SIZE) || 50,
    newsletterPerMinute: Number(env.NEWSLETTER_PER_MINUTE) || 600,
    databaseUrl: databaseUrlFrom(env.DATABASE_URL),
    redisUrl: env.REDIS_URL || null,
    epubcheck: env.QUIRE_EPUBCHECK !== '0',
    s3: s3From(env),
  };
}

function databaseUrlFrom(value: string | undefined): string | null {
  if (!value) return null;
  if (!/^postgres(ql)?:\/\//.test(value)) throw new Error('DATABASE_URL must be a postgres:// URL (leave it unset for the SQLite file in DATA_DIR)');
  return value;
}
