import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AuditController } from './audit.controller.js';
import { AuditInterceptor } from './audit.interceptor.js';
import { AuditRecorder } from './audit-recorder.js';
import { AuditService } from './audit.service.js';
import { AuditSweeper } from './audit-sweeper.js';

/**
 * The audit trail (docs/behaviour.md#audit-trail): the record of every `@Audited()` call, written with its change;
 * sign-ins; the list and export (操作日志); the retention sweep. `AuditRecorder` is global, for what records
 * itself (sign-in, release switches).
 */
@Global()
@Module({
  controllers: [AuditController],
  providers: [AuditRecorder, AuditService, AuditSweeper, { provide: APP_INTERCEPTOR, useClass: AuditInterceptor }],
  exports: [AuditRecorder],
})
export class AuditModule {}
