import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('has working defaults for the embedded mode', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 8080, DATA_DIR: './data', SEED_DEMO: true, CORS_ORIGINS: [] });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DB_STATEMENT_TIMEOUT_MS).toBe(5000);
  });

  it('takes DB_STATEMENT_TIMEOUT_MS in milliseconds (0 = no limit) and refuses anything else', () => {
    expect(loadEnv({ DB_STATEMENT_TIMEOUT_MS: '250' }).DB_STATEMENT_TIMEOUT_MS).toBe(250);
    expect(loadEnv({ DB_STATEMENT_TIMEOUT_MS: '0' }).DB_STATEMENT_TIMEOUT_MS).toBe(0);
    for (const bad of ['-1', '1.5', 'soon']) expect(() => loadEnv({ DB_STATEMENT_TIMEOUT_MS: bad })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });

  it('requires JWT_SECRET with DATABASE_URL and lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadEnv({ DATABASE_URL: 'postgres://u:p@localhost/db', PORT: 'eighty', SEED_DEMO: 'maybe' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    expect(message).toContain('JWT_SECRET');
    expect(message).toContain('PORT');
    expect(message).toContain('SEED_DEMO');
  });

  it('parses the CORS allow-list and booleans', () => {
    const env = loadEnv({ CORS_ORIGINS: 'https://a.example, https://b.example', SEED_DEMO: 'false', PORT: '9000' });
    expect(env.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(env.SEED_DEMO).toBe(false);
    expect(env.PORT).toBe(9000);
  });

  it('rejects a short JWT secret', () => {
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
});
