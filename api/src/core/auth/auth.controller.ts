import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { LoginData } from '@site/shared-types';
import { ApiPost } from '../api-post.decorator.js';
import { Public } from '../public.decorator.js';
import { ResponseMessage } from '../response-message.decorator.js';
import { Client, type ClientInfo } from '../client-info.js';
import { CurrentAdmin } from './admin.decorator.js';
import { MSG } from './auth.constants.js';
import { type AdminIdentity, AuthService } from './auth.service.js';
import { LoginDto, ModificationDto } from './dto/auth.dto.js';
import { Access } from './access.decorator.js';

@ApiTags('admin: session')
@Controller('api')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @ApiPost('login')
  @ApiOperation({ summary: 'Log in with e-mail and the MD5 of the password; answers the token' })
  @ResponseMessage(MSG.loggedIn)
  login(@Body() body: LoginDto, @Client() client: ClientInfo): Promise<LoginData> {
    return this.auth.login(body.email, body.password, client, body.code);
  }

  @Access('session')
  @ApiPost('quit')
  @ApiSecurity('token')
  @ApiOperation({ summary: 'Log out: the token stops working' })
  @ResponseMessage(MSG.loggedOut)
  async quit(@CurrentAdmin() admin: AdminIdentity): Promise<null> {
    await this.auth.logout(admin);
    return null;
  }

  @Access('session')
  @ApiPost('modification')
  @ApiSecurity('token')
  @ApiOperation({ summary: 'Change the password (all three fields MD5); ends every session' })
  @ResponseMessage(MSG.passwordChanged)
  async modify(@CurrentAdmin() admin: AdminIdentity, @Body() body: ModificationDto): Promise<null> {
    await this.auth.changePassword(admin, body.old_password, body.new_password, body.confirm_password);
    return null;
  }
}
