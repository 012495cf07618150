import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppConfig } from './config/config.js';
import { bodyParsing } from './core/body-parsing.js';
import { frontendPlaceholder } from './core/frontend-placeholder.js';
import { requestId } from './core/request-id.js';

/**
 * Express-level settings shared by the server and the API tests, so both exercise the same pipeline.
 * The app must be created with `{ bodyParser: false }`: bodies are parsed here, with our limits and errors.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig): NestExpressApplication {
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(requestId);
  for (const handler of bodyParsing()) app.use(handler);
  app.useStaticAssets(config.uploadsDir, {
    prefix: '/uploads/',
    index: false,
    fallthrough: true,
    // Every file under /uploads has a name that never changes its content (random or versioned).
    immutable: true,
    maxAge: '365d',
  });
  app.use(frontendPlaceholder);
  return app;
}
