import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
    SEED_DEMO: bool.default(true),
    TRUST_PROXY: bool.default(false),
    WEB_DIST: z.string().optional(),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
  });

export type Env = z.infer<typeof EnvSchema>;

export class EnvError extends Error {}

/** Parse the environment once; list every bad variable and fail fast. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  const lines = result.success ? [] : result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  if (cleaned.DATABASE_URL && !cleaned.JWT_SECRET) lines.push('  JWT_SECRET: required when DATABASE_URL is set');
  if (lines.length > 0 || !result.success) throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  return result.data;
}
