import { z } from 'zod';
import { BRAND_DOMAIN_PATTERN, CONCIERGE_MAILBOX, DEFAULT_BRAND_DOMAIN, brandAddress } from '@mirror/contract/brand';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
    /** A streaming replica for anonymous catalogue reads (plugins/read-replica.ts); needs DATABASE_URL. */
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_READ_URL must start with postgres:// or postgresql://')
      .optional(),
    /** After a write, the writer's requests read from the primary for this long (read-your-writes with a replica). */
    DATABASE_READ_STICKY_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
    /** PostgreSQL ends any API statement running longer than this (0 = no limit); the request answers 503. */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5000),
    /** How long making a PostgreSQL connection may take before the request answers 503 DATABASE_UNAVAILABLE. */
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    SEED_DEMO: bool.default(true),
    /** Draw the studio render of a piece saved without photographs (off in the API tests: sharp is slow). */
    STUDIO_RENDER: bool.default(true),
    /** The rendered-images cache shared by every start and instance (@mirror/imagery, cache.ts); default `node_modules/.cache/mirror-imagery`. */
    IMAGERY_CACHE_DIR: z.string().optional(),
    TRUST_PROXY: bool.default(false),
    WEB_DIST: z.string().optional(),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
    /** Stock at or below this (and above 0) counts as low stock. */
    /**
     * How long an account's sign-in state (status, role, token version, party) is reused between requests;
     * a change made through the API applies at once on this instance and, with REDIS_URL, on every instance
     * (decisions §110). 0 reads it on every request.
     */
    AUTH_STATE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
    LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(1_000_000).default(5),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),

    // Files (POST /api/files/upload)
    UPLOAD_MAX_MB: z.coerce.number().positive().max(1024).default(25),
    UPLOAD_BUCKETS: z
      .string()
      .default('mirror-storage')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    /** Anonymous uploads (jewelry-week submissions) per IP per 15 minutes. */
    UPLOAD_ANON_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
    /** File downloads (`GET /api/files/*`, product imagery) per IP per minute, counted apart from RATE_LIMIT_MAX. */
    FILES_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(1200),
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),

    // Email (POST /api/notifications/email and the outbox worker)
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
      .optional(),
    /** The house's one domain: the default sender and inbox, and every address of the demo data (decisions §81). */
    BRAND_DOMAIN: z
      .string()
      .transform((v) => v.trim().toLowerCase())
      .pipe(z.string().regex(BRAND_DOMAIN_PATTERN, 'BRAND_DOMAIN must be a domain name such as mirror-maison.com'))
      .default(DEFAULT_BRAND_DOMAIN),
    /** The site's public origin, which emailed links point at (default `https://BRAND_DOMAIN`); never taken from a request. */
    PUBLIC_URL: z
      .url('PUBLIC_URL must be an origin such as https://mirror-maison.com')
      .regex(/^https?:\/\/[^/?#]+\/?$/, 'PUBLIC_URL must be an origin such as https://mirror-maison.com (no path)')
      .optional(),
    /** Default `Mirror <no-reply@BRAND_DOMAIN>`. */
    MAIL_FROM: z.string().optional(),
    /** Default `concierge@BRAND_DOMAIN`. */
    BRAND_INBOX: z.email('BRAND_INBOX must be an email address').optional(),
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0).default(30),
    MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(5000),
    /** Emails per IP per 15 minutes (ADMIN exempt). */
    EMAIL_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    TURNSTILE_SECRET: z.string().optional(),
    TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  })
  .transform((env) => ({
    ...env,
    MAIL_FROM: env.MAIL_FROM ?? `Mirror <${brandAddress('no-reply', env.BRAND_DOMAIN)}>`,
    PUBLIC_URL: (env.PUBLIC_URL ?? `https://${env.BRAND_DOMAIN}`).replace(/\/+$/, ''),
    BRAND_INBOX: env.BRAND_INBOX ?? brandAddress(CONCIERGE_MAILBOX, env.BRAND_DOMAIN),
  }));

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {}

/** Parse the environment once; list every bad variable and fail fast. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  const lines = result.success ? [] : result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  if (cleaned.DATABASE_URL && !cleaned.JWT_SECRET) lines.push('  JWT_SECRET: required when DATABASE_URL is set');
  if (cleaned.DATABASE_READ_URL && !cleaned.DATABASE_URL) lines.push('  DATABASE_URL: required when DATABASE_READ_URL is set');
  if (!cleaned.S3_ACCESS_KEY_ID !== !cleaned.S3_SECRET_ACCESS_KEY)
    lines.push('  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither');
  if (cleaned.S3_ENDPOINT && !cleaned.S3_BUCKET) lines.push('  S3_BUCKET: required when S3_ENDPOINT is set');
  if (lines.length > 0 || !result.success) throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  return result.data;
}
