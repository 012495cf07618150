import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ResultCode, type Envelope } from '@site/shared-types';
import { map, type Observable } from 'rxjs';
import { RAW_RESPONSE } from './raw-response.decorator.js';
import { DEFAULT_SUCCESS_MESSAGE, RESPONSE_MESSAGE } from './response-message.decorator.js';

/** Wraps what a controller returns into the success envelope `{code: 0, msg, data}`. */
@Injectable()
export class EnvelopeInterceptor<T> implements NestInterceptor<T, Envelope<T> | T> {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler<T>): Observable<Envelope<T> | T> {
    if (this.reflector.getAllAndOverride<boolean>(RAW_RESPONSE, [context.getHandler(), context.getClass()])) {
      return next.handle();
    }
    const msg =
      this.reflector.getAllAndOverride<string | undefined>(RESPONSE_MESSAGE, [
        context.getHandler(),
        context.getClass(),
      ]) ?? DEFAULT_SUCCESS_MESSAGE;
    return next.handle().pipe(map((data) => ({ code: ResultCode.Ok, msg, data: data ?? (null as T) })));
  }
}
