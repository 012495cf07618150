import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { mergeMap, type Observable } from 'rxjs';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { ContentVersion } from '../reads/content-version.js';

/**
 * An administrator's call that succeeded may have changed published content: before it is answered, this
 * process reads the content version, and empties its cache if the content moved, so the administrator's next
 * public view is fresh. Other processes learn it from the database's announcement.
 */
@Injectable()
export class FreshAfterWrites implements NestInterceptor {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly version: ContentVersion,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    if (!this.config.cache.enabled || !req.admin) return next.handle();
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        await this.version.check();
        return answer;
      }),
    );
  }
}
