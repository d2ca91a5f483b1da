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

  it('takes a read replica only beside a primary, with a read-your-writes window of whole seconds (default 5)', () => {
    const both = { DATABASE_URL: 'postgres://u@primary/db', JWT_SECRET: 'x'.repeat(32), DATABASE_READ_URL: 'postgres://u@replica/db' };
    expect(loadEnv(both)).toMatchObject({ DATABASE_READ_URL: 'postgres://u@replica/db', DATABASE_READ_STICKY_SECONDS: 5 });
    expect(loadEnv({ ...both, DATABASE_READ_STICKY_SECONDS: '2' }).DATABASE_READ_STICKY_SECONDS).toBe(2);
    expect(() => loadEnv({ DATABASE_READ_URL: 'postgres://u@replica/db' })).toThrow(/DATABASE_URL: required when DATABASE_READ_URL is set/);
    expect(() => loadEnv({ ...both, DATABASE_READ_URL: 'mysql://replica' })).toThrow(/DATABASE_READ_URL/);
    for (const bad of ['0', '1.5', 'soon'])
      expect(() => loadEnv({ ...both, DATABASE_READ_STICKY_SECONDS: bad })).toThrow(/DATABASE_READ_STICKY_SECONDS/);
  });

  it('parses the CORS allow-list and booleans', () => {
    const env = loadEnv({ CORS_ORIGINS: 'https://a.example, https://b.example', SEED_DEMO: 'false', PORT: '9000' });
    expect(env.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(env.SEED_DEMO).toBe(false);
    expect(env.PORT).toBe(9000);
  });

  it('derives the house addresses from one BRAND_DOMAIN (default mirror-maison.com), each overridable', () => {
    expect(loadEnv({})).toMatchObject({
      BRAND_DOMAIN: 'mirror-maison.com',
      BRAND_INBOX: 'concierge@mirror-maison.com',
      MAIL_FROM: 'Mirror <no-reply@mirror-maison.com>',
    });
    expect(loadEnv({ BRAND_DOMAIN: ' Maison-Exemple.test ' })).toMatchObject({
      BRAND_DOMAIN: 'maison-exemple.test',
      BRAND_INBOX: 'concierge@maison-exemple.test',
      MAIL_FROM: 'Mirror <no-reply@maison-exemple.test>',
    });
    expect(loadEnv({ BRAND_DOMAIN: 'maison.test', BRAND_INBOX: 'desk@maison.test', MAIL_FROM: 'House <mail@maison.test>' })).toMatchObject({
      BRAND_INBOX: 'desk@maison.test',
      MAIL_FROM: 'House <mail@maison.test>',
    });
    for (const bad of ['https://mirror-maison.com', 'mirror-maison', 'concierge@mirror-maison.com', 'mirror maison.com'])
      expect(() => loadEnv({ BRAND_DOMAIN: bad })).toThrow(/BRAND_DOMAIN/);
  });

  it('rejects a short JWT secret', () => {
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });
});
