import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ResultCode, type LoginData } from '@site/shared-types';
import { ApiException } from '../api.exception.js';
import { ApiPost } from '../api-post.decorator.js';
import { AuditRecorder } from '../audit/audit-recorder.js';
import { Audited } from '../audit/audited.decorator.js';
import { Public } from '../public.decorator.js';
import { ResponseMessage } from '../response-message.decorator.js';
import { Client, type ClientInfo } from '../client-info.js';
import { CurrentAdmin } from './admin.decorator.js';
import { MSG } from './auth.constants.js';
import { type AdminIdentity, AuthService } from './auth.service.js';
import { LoginDto, ModificationDto } from './dto/auth.dto.js';
import { Access } from './access.decorator.js';

/**
 * How the audit trail names a refused sign-in: locked out by the attempt limits, or failed (a wrong password, an
 * unknown or disabled account, a wrong two-step code). Asking for the code is not a failure: the password was right.
 */
function signInRefusal(error: unknown): 'login_locked' | 'login_failed' | null {
  if (!(error instanceof ApiException) || error.code !== ResultCode.Failure) return null;
  if (error.message === MSG.twoStepNeeded) return null;
  return error.message.startsWith(MSG.tooManyLogins('').split('，')[0]!) ? 'login_locked' : 'login_failed';
}

@ApiTags('admin: session')
@Controller('api')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly audit: AuditRecorder,
  ) {}

  /** Every attempt is in the audit trail: a success, a failure, a lockout (docs/behaviour.md#audit-trail). */
  @Public()
  @ApiPost('login')
  @ApiOperation({ summary: 'Log in with e-mail and the MD5 of the password; answers the token' })
  @ResponseMessage(MSG.loggedIn)
  login(@Body() body: LoginDto, @Client() client: ClientInfo): Promise<LoginData> {
    return this.audit.signIn(
      body.email,
      client.ip,
      () => this.auth.login(body.email, body.password, client, body.code),
      signInRefusal,
    );
  }

  @Access('session')
  @Audited('logout')
  @ApiPost('quit')
  @ApiSecurity('token')
  @ApiOperation({ summary: 'Log out: the token stops working' })
  @ResponseMessage(MSG.loggedOut)
  async quit(@CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.auth.logout(admin);
    return null;
  }

  @Access('session')
  @Audited('password_change')
  @ApiPost('modification')
  @ApiSecurity('token')
  @ApiOperation({ summary: 'Change the password (all three fields MD5); ends every session' })
  @ResponseMessage(MSG.passwordChanged)
  async modify(@CurrentAdmin() admin: AdminIdentity, @Body() body: ModificationDto): Promise<null> {
    await this.auth.changePassword(admin, body.old_password, body.new_password, body.confirm_password);
    return null;
  }
}
