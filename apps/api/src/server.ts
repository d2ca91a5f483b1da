import { EnvError, loadEnv } from './config/env';
import { resolveJwtSecret } from './config/secrets';
import { openFromEnv } from './db/open';
import { seedDemo } from './db/seed/index';
import { buildApp } from './app';

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.refreshToken',
  'req.body.currentPassword',
  'res.headers["set-cookie"]',
];

async function main() {
  const env = loadEnv();
  const logger = {
    level: env.LOG_LEVEL,
    redact: { paths: REDACT, censor: '[redacted]' },
  };
  const database = await openFromEnv(env);
  await database.migrate();
  const app = await buildApp({ env, database, jwtSecret: resolveJwtSecret(env), logger });
  if (env.SEED_DEMO) await seedDemo(database.db, (msg) => app.log.info(msg));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
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
}

main().catch((err) => {
  if (err instanceof EnvError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
