# syntax=docker/dockerfile:1
# Hội Quán: multi-stage build. Build deps (compilers, -dev headers) only in the build stage; the
# runtime stage has the shared libraries node-canvas needs, a non-root user and data/ as a volume.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
RUN apt-get update && apt-get install -y --no-install-recommends \
      build-essential python3 pkg-config \
      libcairo2-dev libpango1.0-dev libjpeg-dev libgif-dev librsvg2-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY commands ./commands
COPY locales ./locales
COPY assets ./assets
# prune-fonts deletes the font weights src/render/fonts.ts does not load (343 → 58 MB of fonts).
# The last rm takes what only compiles, types or runs the sources, which the image (dist/ only) never
# loads and prune keeps: typescript (i18next's optional peer), the @types with their dependencies, and
# tsx with esbuild (`npm start` runs src/ under tsx outside the image): 202 → 161 MB of node_modules.
RUN npm run build && npm prune --omit=dev && node dist/src/render/prune-fonts.js \
    && rm -rf node_modules/typescript node_modules/@types node_modules/types-ramda node_modules/ts-toolbelt \
      node_modules/undici-types node_modules/tsx node_modules/esbuild node_modules/@esbuild

FROM ${NODE_IMAGE} AS runtime
RUN apt-get update && apt-get install -y --no-install-recommends \
      libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libpangoft2-1.0-0 libcairo-gobject2 \
      libjpeg62-turbo libgif7 librsvg2-2 libpng16-16 fontconfig tini \
    && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production DATABASE_PATH=/app/data/hoiquan.db METRICS_PORT=9464
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/package.json ./package.json
COPY locales ./locales
COPY assets ./assets
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 9464
# /healthz is 200 while the gateway is READY and the database writable (src/ops/server.ts).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.METRICS_PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# tini forwards SIGTERM so the bot closes the gateway and the database cleanly.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/src/ops/launch.js"]
