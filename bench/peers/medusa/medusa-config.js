// Medusa v2 as bench/peers.mjs runs it: production mode, one process, the admin dashboard off (a store API
// benchmark), PostgreSQL from DATABASE_URL with a pool of DATABASE_POOL_MAX (20, as Mirror's), no Redis unless
// REDIS_URL is set (then Medusa's Redis event bus, cache, locking and workflow engine modules are used).
const { defineConfig, Modules } = require('@medusajs/framework/utils');

const redisUrl = process.env.REDIS_URL;
const redisModules = redisUrl
  ? [
      { key: Modules.CACHE, resolve: '@medusajs/medusa/cache-redis', options: { redisUrl } },
      { key: Modules.EVENT_BUS, resolve: '@medusajs/medusa/event-bus-redis', options: { redisUrl } },
      { key: Modules.WORKFLOW_ENGINE, resolve: '@medusajs/medusa/workflow-engine-redis', options: { redis: { url: redisUrl } } },
      {
        key: Modules.LOCKING,
        resolve: '@medusajs/medusa/locking',
        options: {
          providers: [{ resolve: '@medusajs/medusa/locking-redis', id: 'locking-redis', is_default: true, options: { redisUrl } }],
        },
      },
    ]
  : [];

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    databaseDriverOptions: { pool: { min: 2, max: Number(process.env.DATABASE_POOL_MAX ?? 20) } },
    redisUrl,
    workerMode: 'shared',
    http: {
      storeCors: 'http://localhost:8000',
      adminCors: 'http://localhost:9000',
      authCors: 'http://localhost:9000',
      jwtSecret: process.env.JWT_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123456789',
      cookieSecret: process.env.COOKIE_SECRET ?? 'bench-secret-bench-secret-bench-secret-0123456789',
    },
  },
  admin: { disable: true },
  modules: redisModules,
});
