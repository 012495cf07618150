import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import helmet from 'helmet';
import { DataSource } from 'typeorm';
import { ANALYTICS_ORIGIN, WECHAT_JS_SDK_ORIGIN } from '@site/shared-types';
import type { AppConfig } from './config/config.js';
import { mountApiDocs } from './core/api-docs.js';
import { originSettings, publicUrlRedirect } from './core/public-origin.js';
import { CacheServer } from './delivery/cache/cache-server.js';
import { bodyParsing } from './core/body-parsing.js';
import { requestId, withinRequest } from './core/request-id.js';
import { requestIdOf, runInRequest } from './core/request-context.js';
import { addCacheMetrics, addImageVariantMetrics, addPoolMetrics } from './operations/metrics/collectors.js';
import { metricsEndpoint } from './operations/metrics/metrics-endpoint.js';
import { Metrics } from './core/metrics/metrics.service.js';
import { labelRoute } from './core/metrics/route-label.js';
import { ImageVariants } from './content/uploads/image-variants.js';
import { canonicalUploads, serveUploads } from './content/uploads/serve-uploads.js';
import { MEDIA_STORE, type MediaStore } from './core/media/media-store.js';
import { serveFrontend } from './delivery/pages/serve-frontend.js';
import { VITALS_PATH } from './operations/vitals/vitals.controller.js';

/**
 * Express-level settings shared by the server and the API tests, so both exercise the same pipeline.
 * The app must be created with `{ bodyParser: false }`: bodies are parsed here, with our limits and errors.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig): NestExpressApplication {
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(requestId);
  // gzip or brotli, whichever the browser prefers, for everything above 1 KB.
  app.use(compression({ threshold: 1024 }));
  // Front-end code may come from elsewhere: a remote on a CDN, or the development servers.
  const codeOrigins = frontendOrigins(config);
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // WeChat's JS-SDK and the statistics provider, when configured (the mobile site loads them).
          scriptSrc: ["'self'", ...codeOrigins, ...thirdPartyScripts(config)],
          styleSrc: ["'self'", "'unsafe-inline'", ...codeOrigins],
          imgSrc: ["'self'", 'data:', 'https:', ...codeOrigins],
          fontSrc: ["'self'", 'data:', ...codeOrigins],
          connectSrc: [
            "'self'",
            ...thirdPartyScripts(config),
            ...codeOrigins,
            ...(config.frontend.shellUrl ? codeOrigins.map((o) => o.replace(/^http/, 'ws')) : []),
          ],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          // The embedded map of the contact block, when one is configured.
          frameSrc: config.frontend.mapProvider === 'osm' ? ['https://www.openstreetmap.org'] : ["'none'"],
        },
      },
      // Same-origin resources only by default; remotes on another host set their own headers.
      crossOriginResourcePolicy: { policy: 'same-origin' },
      // Other sites (and the statistics provider) see where a visitor came from, not the full address.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  );
  // Before the body parsers (a scrape has no body) and Nest's routes: not an envelope call.
  const metrics = app.get(Metrics);
  app.use(metricsEndpoint(metrics, config.metrics.token));
  // Closed unless CORS_ORIGINS lists the sites allowed to call the API from a browser.
  if (config.corsOrigins.length > 0) {
    app.enableCors({
      origin: config.corsOrigins,
      methods: ['GET', 'POST'],
      allowedHeaders: ['Content-Type', 'token'],
      maxAge: 600,
    });
  }
  for (const handler of bodyParsing({ beaconPaths: [VITALS_PATH] })) app.use(handler);
  // A body is read from stream events, which run outside the request's async context: enter it again.
  app.use(withinRequest);
  const variants = app.get(ImageVariants);
  app.use(
    '/uploads',
    // One address per picture: other spellings of it are redirected there.
    canonicalUploads,
    // `?w=` asks for a resized AVIF/WebP copy (docs/decisions.md "Image variants"); the rest are the originals.
    variants.handle,
    serveUploads(app.get<MediaStore>(MEDIA_STORE), config),
  );
  mountApiDocs(app);
  serveFrontend(app, config);
  const cache = app.get(CacheServer);
  const db = app.get(DataSource);
  addCacheMetrics(metrics, () => cache.stats());
  addPoolMetrics(metrics, db);
  addImageVariantMetrics(metrics, () => variants.stats());
  answerFromCacheFirst(app, config, metrics);
  return app;
}

/**
 * Puts the published-content cache in front of Express: a cached public answer or page is sent before any
 * middleware runs (docs/decisions.md "Published-content cache"); everything else goes to Express as before.
 * Every request gets its id here first (`X-Request-Id` on every answer, the async context of every log line)
 * and is counted for the metrics when its answer ends, whoever gives it.
 */
function answerFromCacheFirst(app: NestExpressApplication, config: AppConfig, metrics: Metrics): void {
  const server = app.getHttpServer();
  const cache = app.get(CacheServer);
  const handlers = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  const origins = originSettings(config);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    metrics.track(req, res);
    // One public origin: with PUBLIC_URL_REDIRECT, a page asked for on another host moves there first.
    const moved = publicUrlRedirect(req, origins);
    if (moved !== null) {
      labelRoute(req, 'redirect');
      const headers = { Location: moved, 'Cache-Control': 'public, max-age=3600', 'X-Request-Id': requestIdOf(req) };
      res.writeHead(301, headers).end();
      return;
    }
    // The cache's own answers carry the id among their headers, written at once (Node's fast path: no header was
    // set before `writeHead`). A cache hit logs nothing: the request's async context is entered only by what goes
    // on to the application.
    cache.handle(req, res, () => {
      res.setHeader('X-Request-Id', requestIdOf(req));
      runInRequest(req, () => {
        for (const handler of handlers) handler.call(server, req, res);
      });
    });
  });
}

/** Origins of the shell and remotes when they are not served by this server (CDN, development servers). */
function frontendOrigins(config: AppConfig): string[] {
  const urls = [
    config.frontend.shellUrl,
    config.frontend.remotePublicBaseUrl,
    ...Object.values(config.frontend.remotes).map((remote) => remote.url),
  ];
  return [...new Set(urls.filter((url): url is string => url !== null).map((url) => new URL(url).origin))];
}

/** Script origins of the third parties the configuration turns on. */
export function thirdPartyScripts(config: AppConfig): string[] {
  return [...(config.wechat.appId ? [WECHAT_JS_SDK_ORIGIN] : []), ...(config.analyticsId ? [ANALYTICS_ORIGIN] : [])];
}
