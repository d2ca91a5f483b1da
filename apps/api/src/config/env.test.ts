import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('has working defaults for the embedded mode', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 8080, DATA_DIR: './data', SEED_DEMO: true, CORS_ORIGINS: [] });
    expect(env.DATABASE_URL).toBeUndefined();
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
