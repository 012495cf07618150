import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AdminGuard } from './admin.guard.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { TwoStepController } from './two-step.controller.js';
import { TwoStepService } from './two-step.service.js';

@Module({
  controllers: [AuthController, TwoStepController],
  providers: [AuthService, TwoStepService, { provide: APP_GUARD, useClass: AdminGuard }],
  exports: [AuthService],
})
export class AuthModule {}
