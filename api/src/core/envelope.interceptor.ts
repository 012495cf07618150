import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Envelope } from '@site/shared-types';
import { map, type Observable } from 'rxjs';
import { RAW_RESPONSE } from './raw-response.decorator.js';
import { successEnvelope } from './envelope.js';
import { successMessage } from './response-message.decorator.js';

/** Wraps what a controller returns into the success envelope `{code: 0, msg, data}`. */
@Injectable()
export class EnvelopeInterceptor<T> implements NestInterceptor<T, Envelope<T> | T> {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler<T>): Observable<Envelope<T> | T> {
    if (this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, [context.getHandler(), context.getClass()])) {
      return next.handle();
    }
    const msg = successMessage(this.reflector, context.getHandler(), context.getClass());
    return next.handle().pipe(map((data) => successEnvelope(data, msg)));
  }
}
