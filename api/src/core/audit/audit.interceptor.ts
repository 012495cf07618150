import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { finalize, mergeMap, type Observable } from 'rxjs';
import { clientAddress } from '../client-info.js';
import { pendingAudit, runAudited } from './audit-context.js';
import { AuditRecorder } from './audit-recorder.js';
import { AUDIT, type AuditDeclaration } from './audited.decorator.js';

/**
 * Opens the record of an `@Audited()` call (docs/behaviour.md#audit-trail): who (the signed-in account), from where
 * (the address, as TRUST_PROXY's proxies name it), what (the declared operation, the item the body names). The
 * call's writes carry it (`AuditRecorder`); a call that succeeded without a transaction gets it right after; a call
 * that failed gets none, and once the call has ended nothing writes it.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly recorder: AuditRecorder,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const declared = this.reflector.get<AuditDeclaration | null | undefined>(AUDIT, context.getHandler());
    if (!declared || context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const body: unknown = req.body;
    const pending = pendingAudit({
      action: declared.action,
      actorId: req.admin?.userId ?? null,
      actor: req.admin?.email ?? '',
      ip: clientAddress(req),
      ...declared.itemOf?.((body && typeof body === 'object' ? body : {}) as never),
    });
    // `handle()` binds the handler to the async context it is called in: the pending record's.
    return runAudited(pending, () => next.handle()).pipe(
      mergeMap(async (answer: unknown) => {
        await this.recorder.finish(pending);
        return answer;
      }),
      finalize(() => {
        pending.closed = true;
      }),
    );
  }
}
