# syntax=docker/dockerfile:1
# Multi-stage image of the whole product (API, uploads, shell and remotes) for docker-compose.yml.
# The database is an external PostgreSQL (DATABASE_URL); the embedded one is left out of the image.
# The runtime stage holds exactly what scripts/runtime-files.mjs selects: built output and the API's production
# dependencies (api/test/runtime-image.test.ts starts that same file set, as a non-root user, in CI).

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY shared-types/package.json shared-types/
COPY api/package.json api/
COPY shell/package.json shell/
COPY mf-desktop/package.json mf-desktop/
COPY mf-mobile/package.json mf-mobile/
COPY mf-admin/package.json mf-admin/
COPY e2e/package.json e2e/
COPY shell/platform/package.json shell/platform/
# Sources are not here yet, so the root `prepare` (the build) must not run during this install.
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build && node scripts/runtime-files.mjs /runtime

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# A Chinese font, so the image variants of the demo drawings show their lettering (docs/decisions.md).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-wqy-microhei fontconfig \
  && rm -rf /var/lib/apt/lists/*
COPY --from=build /runtime ./
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=40s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "api/dist/src/main.js"]
