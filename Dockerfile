# syntax=docker/dockerfile:1
# The portal's container image (docs/deployment.md): Next's standalone server on Node 20, run as
# the unprivileged `node` user, with the same start path as `npm start` (scripts/start.mjs: the
# production checks, then .next/standalone/server.js). Three build stages and the runtime,
# which is last, so a plain `docker build` makes it:
#
#   docker build --build-arg HOSTS='{"b2b.example.com":"main"}' \
#     --build-arg PUBLIC_ORIGINS='{"main":"https://b2b.example.com"}' -t traveldesk-portal .
#
# HOSTS is compiled into the routes (next.config.ts) and PUBLIC_ORIGINS into the pages rendered at
# build time, so both are build arguments; the image keeps them as its environment, and every
# process of one deployment must run the same image. The `nginx` target is the reverse proxy with
# the cache purge and brotli modules that deploy/nginx/nginx.conf loads (compose.yaml builds both).

ARG NODE_IMAGE=node:20-bookworm-slim

# --- dependencies: installed once per lockfile change ---
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# --- build: `next build` with output 'standalone' ---
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ARG HOSTS=""
ARG PUBLIC_ORIGINS=""
ENV HOSTS=${HOSTS} \
    PUBLIC_ORIGINS=${PUBLIC_ORIGINS} \
    NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN node node_modules/next/dist/bin/next build

# --- nginx: Debian's nginx with the cache purge and brotli modules (compose.yaml's `nginx`) ---
FROM debian:bookworm-slim AS nginx
RUN apt-get update \
  && apt-get install -y --no-install-recommends nginx libnginx-mod-http-cache-purge libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /var/cache/nginx/traveldesk && chown www-data:www-data /var/cache/nginx/traveldesk \
  && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
EXPOSE 80 443 8081
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]

# --- runtime: the standalone server and the start script only (no npm, no sources) ---
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ARG HOSTS=""
ARG PUBLIC_ORIGINS=""
# HOSTNAME: listen on every IPv4 address of the container (the runtime writes the container's
# name into HOSTNAME otherwise). DATA_DIR: the embedded database and disk uploads when no
# DATABASE_URL / S3_BUCKET is given (a single-container demo; mount a volume there).
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOSTNAME=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    HOSTS=${HOSTS} \
    PUBLIC_ORIGINS=${PUBLIC_ORIGINS}
# The layout scripts/start.mjs expects: .next/BUILD_ID says which kind of build this is, and the
# standalone server has the browser's files beside it (Next's docs: .next/static and public/).
COPY --from=build /app/.next/BUILD_ID ./.next/BUILD_ID
COPY --from=build --chown=node:node /app/.next/standalone ./.next/standalone
COPY --from=build --chown=node:node /app/.next/static ./.next/standalone/.next/static
COPY --from=build --chown=node:node /app/public ./.next/standalone/public
COPY --from=build /app/scripts/start.mjs /app/scripts/build-kind.mjs ./scripts/
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness: the process answers. Node's own fetch (the slim image has no curl); the load balancer
# asks /api/ready instead, which also says whether this process should take traffic.
HEALTHCHECK --interval=10s --timeout=3s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# start.mjs forwards SIGTERM to the server, which finishes what is in flight and exits 0.
CMD ["node", "scripts/start.mjs"]
