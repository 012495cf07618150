import { Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AllExceptionsFilter } from './all-exceptions.filter.js';
import { EnvelopeInterceptor } from './envelope.interceptor.js';
import { ApiValidationPipe } from './validation.js';

/** Cross-cutting request handling: the envelope, the exception filter and validation, registered through DI. */
@Module({
  providers: [
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
    { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
    { provide: APP_PIPE, useClass: ApiValidationPipe },
  ],
})
export class CoreModule {}
