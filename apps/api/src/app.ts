import path from 'node:path';
import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { rateLimitKey } from './lib/rate-limit-key';
import { Redis } from 'ioredis';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { rejectNulCharacters } from '@mirror/contract';
import { createSerializerCompiler } from './lib/serializer';
import { securityHeadersPlugin } from './plugins/security-headers';
import { httpCachePlugin } from './plugins/http-cache';
import { readReplicaPlugin } from './plugins/read-replica';
import type { Env } from './config/env';
import type { Database } from './db/client';
import { TokenService } from './lib/tokens';
import { errorBody, errorHandlerPlugin } from './plugins/error-handler';
import { authPlugin, type AuthState, type Policy } from './plugins/auth';
import { createAuthStateCache, type AuthStateChanged } from './lib/auth-state-cache';
import { connectAuthStateBus } from './lib/auth-state-bus';
import { openapiPlugin } from './plugins/openapi';
import { createUsersRepo } from './modules/users/users.repo';
import { authFormsRoutes } from './modules/auth/auth-forms.routes';
import { createUsersService } from './modules/users/users.service';
import { createAuthService } from './modules/auth/auth.service';
import { healthRoutes } from './modules/health/health.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { usersRoutes } from './modules/users/users.routes';
import { filesRoutes } from './modules/files/files.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { createLocationsService } from './modules/locations/locations.service';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { createProductsService } from './modules/products/products.service';
import { productsRoutes } from './modules/products/products.routes';
import { createCategoriesService } from './modules/categories/categories.service';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { createComponentsService } from './modules/components/components.service';
import { componentsRoutes } from './modules/components/components.routes';
import { createComponentOptionalsService } from './modules/component-optionals/component-optionals.service';
import { componentOptionalsRoutes } from './modules/component-optionals/component-optionals.routes';
import { createCollectionsService } from './modules/collections/collections.service';
import { collectionsRoutes } from './modules/collections/collections.routes';
import { createDesignersService } from './modules/designers/designers.service';
import { designersRoutes } from './modules/designers/designers.routes';
import { createVendorsService } from './modules/vendors/vendors.service';
import { vendorsRoutes } from './modules/vendors/vendors.routes';
import { createFilesService } from './modules/files/files.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { submissionsRoutes } from './modules/submissions/submissions.routes';
import { createSubmissionsService } from './modules/submissions/submissions.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { modelsRoutes } from './modules/models/models.routes';
import { createModelsService } from './modules/models/models.service';
import { createBuildPool } from './modules/models/build-pool';
import { createAuditService } from './modules/audit/audit.service';
import { runWithRequest } from './lib/request-context';
import { createTurnstileVerifier } from './lib/captcha';
import type { StorageDriver } from './lib/storage/storage';
import { createStorageFromEnv } from './lib/storage/from-env';
import { storeProductImages } from './lib/studio-images';
import { createSpaPages } from './lib/spa-html';

/** Media types worth compressing: text, JSON, CSV, XML and SVG (`+xml`); never an event stream. */
export const COMPRESSIBLE = /^text\/(?!event-stream)|[/+]json(?:;|$)|[/+]xml(?:;|$)/;

export interface RouteEntry {
  method: string;
  url: string;
  policy: Policy | undefined;
  hidden: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** Told by anything that changes an account's sign-in state outside the services (decisions §110). */
    authStateChanged: AuthStateChanged;
  }
}

export interface AppDeps {
  env: Env;
  database: Database;
  jwtSecret: string;
  /** Defaults to the env's choice: S3-compatible when S3_BUCKET is set, else local disk under DATA_DIR/files. */
  storage?: StorageDriver;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole application without listening: plugins → modules → error/404 handlers. */
export async function buildApp({ env, database, jwtSecret, storage: injectedStorage, logger = false }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    return503OnClosing: true,
    // Names of up to 200 characters travel in paths (`exists/{name}`, `name/{name}`): percent-encoded they
    // take up to 1,800 (3 UTF-8 bytes per UTF-16 unit); the route's schema answers longer names with 400, not 414.
    routerOptions: { maxParamLength: 2_400 },
  }).withTypeProvider<ZodTypeProvider>();
  // Kept for the route-policy test and for anyone asking "what does this server expose?".
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routeTable.push({ method: String(method), url: route.url, policy: route.config?.policy, hidden: !!route.schema?.hide });
    }
  });
  // Clients send `Content-Type: application/json` on every call, including bodiless POSTs such as
  // `/activate`: an empty JSON body means "no body" rather than a 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    return parseJson(request, text, done);
  });
  // Every body, query, path and header schema refuses U+0000 in any string first (400 with the field's path).
  app.setValidatorCompiler((route) =>
    validatorCompiler({ ...route, schema: rejectNulCharacters(route.schema as Parameters<typeof rejectNulCharacters>[0]) }),
  );
  // Responses: compiled fast-json-stringify; outside production every response is also checked against its zod schema.
  app.setSerializerCompiler(createSerializerCompiler({ validate: env.NODE_ENV !== 'production' }));
  // Set as the request arrives (a synchronous hook: no promise per request), so every answer carries it — 404s,
  // 429s and errors included.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  const db = database.db;
  const tokens = new TokenService(jwtSecret);
  const authStates = createAuthStateCache<AuthState>({ ttlMs: env.AUTH_STATE_CACHE_MS });
  const authStateChanged: AuthStateChanged = (ids) => authStates.changed(ids);
  app.decorate('authStateChanged', authStateChanged);
  const users = createUsersService({ db, publicUrl: env.PUBLIC_URL, authStateChanged });
  const auth = createAuthService({ db, tokens });
  const ping = () => database.ping();
  // Housekeeping, hourly: spent sessions and sign-in failures, long-expired confirmation links.
  const housekeeping = setInterval(
    () => {
      Promise.all([auth.prune(), users.pruneConfirmations()]).catch((err: unknown) => app.log.warn({ err }, 'housekeeping failed'));
    },
    60 * 60 * 1000,
  );
  housekeeping.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(housekeeping);
    done();
  });
  const storage = injectedStorage ?? (await createStorageFromEnv(env));
  const products = createProductsService({
    db,
    lowStockThreshold: env.LOW_STOCK_THRESHOLD,
    renderStudioImages: env.STUDIO_RENDER ? (piece) => storeProductImages(storage, piece) : undefined,
    onBackgroundError: (err) => app.log.error({ err }, 'studio render failed'),
  });
  const files = createFilesService({ storage, allowedBuckets: env.UPLOAD_BUCKETS });
  const modelBuilds = createBuildPool();
  app.addHook('onClose', () => modelBuilds.close());
  const captcha = createTurnstileVerifier({ secret: env.TURNSTILE_SECRET, verifyUrl: env.TURNSTILE_VERIFY_URL, log: app.log });
  const notifications = createNotificationsService({ db, brandInbox: env.BRAND_INBOX, captcha });

  const webDist = env.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  const hasWeb = existsSync(path.join(webDist, 'index.html'));

  // Storefront routes get their HTML prepared (chunk preloads, inlined public data, LCP image, the page rendered).
  const sendPage = hasWeb ? createSpaPages(app, { webDist }) : undefined;
  await app.register(errorHandlerPlugin, { webDist: hasWeb ? webDist : undefined, sendPage });
  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // 'wasm-unsafe-eval': the 3D turntable's meshopt decoder compiles its WebAssembly in the page (no eval of JS).
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    },
  });
  // Without CORS_ORIGINS the API answers its own origin only: no CORS hook runs at all (with `origin: false` the
  // plugin would still run one per request to add nothing, and answer preflights 404 as the router does).
  if (env.CORS_ORIGINS.length)
    await app.register(cors, {
      origin: env.CORS_ORIGINS,
      credentials: true,
      allowedHeaders: ['Content-Type', 'Authorization', 'X-User-Id', 'Cache-Control', 'Pragma', 'Idempotency-Key', 'X-Prefetch'],
      exposedHeaders: ['Retry-After', 'X-Request-Id'],
    });
  // With REDIS_URL every instance counts against the same limits; without it, counts are per process.
  const redis = env.REDIS_URL ? new Redis(env.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false }) : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));
    const disconnectBus = await connectAuthStateBus(authStates, redis, app.log);
    app.addHook('onClose', async () => {
      await disconnectBus();
      await redis.quit().catch(() => redis.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: true,
    ...(redis ? { redis, nameSpace: 'mirror-rl:', skipOnError: true } : {}),
    max: env.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    allowList: (request) => !request.url.startsWith('/api/'),
    keyGenerator: (request) => rateLimitKey(request.ip),
    errorResponseBuilder: (_request, context) => ({
      ...errorBody(429, 'TOO_MANY_REQUESTS', 'Too many requests. Please wait a moment and try again.'),
      statusCode: 429,
      retryAfter: context.after,
    }),
  });
  // Each request's work runs in its context (lib/request-context.ts): the audit trail reads the actor and request id there.
  app.addHook('onRequest', (request, _reply, done) => runWithRequest(request, done));
  await app.register(authPlugin, { tokens, users: createUsersRepo(db), authStates });
  await app.register(openapiPlugin);
  // Public catalogue reads: ETag + If-None-Match → 304, `public` short max-age when anonymous, `private` when signed in.
  await app.register(httpCachePlugin);
  // With DATABASE_READ_URL: anonymous catalogue reads from the replica, a writer's next requests from the primary.
  await app.register(readReplicaPlugin, { hasReadReplica: database.hasReadReplica, stickySeconds: env.DATABASE_READ_STICKY_SECONDS });
  // Answers of 1 KB and more in br or gzip when the client takes them (decisions §128): JSON, text, CSV, SVG —
  // not images, models or archives, already compressed. A route's own onSend hook, so it runs after the ETag
  // above (computed on the identity bytes). Pages and the web build's files arrive encoded already and pass
  // through. Request bodies are never inflated (no decompression bomb behind the body limit).
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
  });

  // Modules: one line each, so the route table stays greppable.
  await app.register(healthRoutes, { ping });
  await app.register(authRoutes, { auth });
  await app.register(authFormsRoutes, { auth, users });
  await app.register(usersRoutes, { users, health: ping });
  await app.register(filesRoutes, {
    storage,
    files,
    uploadMaxBytes: Math.floor(env.UPLOAD_MAX_MB * 1_048_576),
    uploadRateLimit: { signedIn: env.RATE_LIMIT_MAX, anonymous: env.UPLOAD_ANON_RATE_LIMIT_MAX },
    downloadRateLimitMax: env.FILES_RATE_LIMIT_MAX,
  });
  await app.register(locationsRoutes, { locations: createLocationsService({ db }), health: ping });
  await app.register(ordersRoutes, { orders: createOrdersService({ db }) });
  await app.register(notificationsRoutes, { notifications, emailRateLimitMax: env.EMAIL_RATE_LIMIT_MAX });
  await app.register(submissionsRoutes, { submissions: createSubmissionsService({ db }) });
  await app.register(productsRoutes, { products, health: ping });
  await app.register(categoriesRoutes, { categories: createCategoriesService({ db }) });
  await app.register(componentsRoutes, { components: createComponentsService({ db }) });
  await app.register(componentOptionalsRoutes, { componentOptionals: createComponentOptionalsService({ db }) });
  await app.register(collectionsRoutes, {
    collections: createCollectionsService({ db, lowStockThreshold: env.LOW_STOCK_THRESHOLD }),
    health: ping,
  });
  await app.register(designersRoutes, { designers: createDesignersService({ db, products, authStateChanged }) });
  await app.register(vendorsRoutes, { vendors: createVendorsService({ db, products, authStateChanged }) });
  await app.register(auditRoutes, { audit: createAuditService({ db }) });
  await app.register(modelsRoutes, {
    models: createModelsService({
      db,
      products,
      builder: modelBuilds,
      cacheDir: path.join(env.DATA_DIR, 'models'),
      onCacheError: (err) => app.log.warn({ err }, 'model cache not written'),
    }),
  });

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br/.gz siblings; they are served to clients that accept them.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
    // The welcome entrance is a prepared page like the others (rendered on the server when it can be).
    app.get('/', { config: {}, schema: { hide: true } }, async (request, reply) => {
      if (sendPage && (await sendPage(request, reply))) return reply;
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  }

  return app;
}
