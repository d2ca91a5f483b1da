import type { FastifyServerOptions } from 'fastify';
import { EnvError, loadEnv, type Env } from './config/env';
import { resolveJwtSecret } from './config/secrets';
import type { Database } from './db/client';
import { openFromEnv } from './db/open';
import { seedDemo } from './db/seed/index';
import { createImageryCache, defaultImageryCacheDir } from '@mirror/imagery';
import { buildApp } from './app';
import { createStorageFromEnv } from './lib/storage/from-env';
import { refreshStudioImages } from './db/studio-refresh';
import { createSmtpMailer } from './lib/mail/mailer';
import { createOutboxWorker } from './modules/notifications/outbox-worker';

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.refreshToken',
  'req.body.currentPassword',
  'req.body.token',
  'res.headers["set-cookie"]',
];

/**
 * Migrates, builds the app, on an empty database seeds the demo, and photographs again the pieces whose studio
 * images another generator drew (under the startup lock).
 */
async function prepare(env: Env, database: Database, logger: FastifyServerOptions['logger']) {
  await database.migrate();
  const storage = await createStorageFromEnv(env);
  const app = await buildApp({ env, database, jwtSecret: resolveJwtSecret(env), logger, storage });
  // On an empty database the demo is seeded with its studio images before the server listens, so
  // /api/health answers only once the first visitor's pages are complete (decisions §82).
  // Studio images drawn by another generator (an older renderer) are replaced before it listens too (decision 0111).
  if (env.SEED_DEMO || env.STUDIO_RENDER) {
    const imageryCache = createImageryCache(env.IMAGERY_CACHE_DIR ?? defaultImageryCacheDir());
    const log = (msg: string) => app.log.info(msg);
    if (env.SEED_DEMO) await seedDemo(database.db, log, { storage, imageryCache, brandDomain: env.BRAND_DOMAIN });
    await refreshStudioImages(database.db, { storage, imageryCache, log });
  }
  return app;
}

async function main() {
  const env = loadEnv();
  const logger = {
    level: env.LOG_LEVEL,
    redact: { paths: REDACT, censor: '[redacted]' },
  };
  const database = await openFromEnv(env);
  // Instances starting together take turns to migrate and seed (a PostgreSQL advisory lock): the first does
  // the work, the others wait for it, then find the schema current and the database no longer empty.
  const releaseStartup = await database.lockStartup({
    onWait: () =>
      console.log(JSON.stringify({ level: 30, time: Date.now(), msg: 'another instance is migrating or seeding: waiting for it' })),
  });
  const app = await prepare(env, database, logger).finally(releaseStartup);
  // Delivers the email outbox; without SMTP_URL mail stays QUEUED (readable by ADMIN).
  const outbox = createOutboxWorker({
    db: database.db,
    mailer: env.SMTP_URL ? createSmtpMailer(env.SMTP_URL) : null,
    from: env.MAIL_FROM,
    maxAttempts: env.MAIL_MAX_ATTEMPTS,
    retryBaseMs: env.MAIL_RETRY_BASE_SECONDS * 1000,
    pollIntervalMs: env.MAIL_POLL_INTERVAL_MS,
    log: app.log,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await outbox.stop();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: env.HOST, port: env.PORT });
  app.log.info(`Mirror is serving on http://localhost:${env.PORT} (database: ${database.kind})`);
  outbox.start();
}

main().catch((err: unknown) => {
  if (err instanceof EnvError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
