import { Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AllExceptionsFilter } from './all-exceptions.filter.js';
import { EnvelopeInterceptor } from './envelope.interceptor.js';
import { RateLimitService } from './rate-limit.service.js';
import { ApiValidationPipe } from './validation.js';

/**
 * Cross-cutting request handling: the envelope, the exception filter and validation, registered through DI,
 * and the PostgreSQL-backed rate limiter every domain may use.
 */
@Global()
@Module({
  providers: [
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    { provide: APP_PIPE, useClass: ApiValidationPipe },
    RateLimitService,
  ],
  exports: [RateLimitService],
})
export class CoreModule {}
