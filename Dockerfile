# syntax=docker/dockerfile:1
# Mirror: the API and the built single-page app in one image (decisions §86).
#   docker build -t mirror .        then see compose.yaml for PostgreSQL, Redis, S3, SMTP and the balancer.
# Stages: deps (npm ci, cached while the lockfile is unchanged) → build (web + API, then dev dependencies
# pruned) → runtime (only what the server reads, as the unprivileged `node` user).

FROM node:20.19.5-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund

FROM deps AS build
# The web build bakes the house's domain into the footer (decisions §81); pass the same one at run time.
ARG BRAND_DOMAIN=mirror-maison.com
ENV BRAND_DOMAIN=${BRAND_DOMAIN}
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20.19.5-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    IMAGERY_CACHE_DIR=/data/imagery-cache \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contract ./packages/contract
COPY --from=build /app/apps/api/package.json ./apps/api/
COPY --from=build /app/apps/api/dist ./apps/api/dist
COPY --from=build /app/apps/web/package.json ./apps/web/
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/apps/web/dist-server ./apps/web/dist-server
# The only writable place: DATA_DIR (generated files, the model cache, the imagery cache).
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Healthy once migrated, seeded and listening, while the database answers (GET /api/health is never rate-limited).
HEALTHCHECK --interval=15s --timeout=5s --start-period=300s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/api/dist/server.js"]
