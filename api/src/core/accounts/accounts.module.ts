import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';
import { InvitationMail } from './invitation-mail.js';
import { SessionsController } from './sessions.controller.js';
import { SessionsService } from './sessions.service.js';

/**
 * The team's accounts (docs/behaviour.md#accounts-and-roles) and each account's signed-in devices
 * (docs/behaviour.md#signed-in-devices). `InvitationMail` is exported for the module that sends mail to register with.
 */
@Module({
  imports: [AuthModule],
  controllers: [AccountsController, SessionsController],
  providers: [AccountsService, SessionsService, InvitationMail],
  exports: [InvitationMail],
})
export class AccountsModule {}
