import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { SessionRow } from '@site/shared-types';
import { ApiPost } from '../api-post.decorator.js';
import { Access } from '../auth/access.decorator.js';
import { CurrentAdmin } from '../auth/admin.decorator.js';
import type { AdminIdentity } from '../auth/auth.service.js';
import { ResponseMessage } from '../response-message.decorator.js';
import { ACCOUNT_MSG } from './accounts.messages.js';
import { SessionEndDto } from './dto/accounts.dto.js';
import { SessionsService } from './sessions.service.js';
import { Audited, NotAudited } from '../audit/audited.decorator.js';

/** 登录设备 (docs/behaviour.md#signed-in-devices). */
@ApiTags('admin: session')
@ApiSecurity('token')
@Controller('api')
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @Access('session')
  @NotAudited()
  @ApiPost('sessions')
  @ApiOperation({ summary: "The signed-in account's live sessions, the most recently used first" })
  list(@CurrentAdmin() admin: AdminIdentity): Promise<SessionRow[]> {
    return this.sessions.list(admin);
  }

  @Access('session')
  @Audited('session_end')
  @ApiPost('endsession')
  @ApiOperation({ summary: "End one of the account's own sessions (sign that device out)" })
  @ResponseMessage(ACCOUNT_MSG.sessionEnded)
  async end(@CurrentAdmin() admin: AdminIdentity, @Body() body: SessionEndDto): Promise<null> {
    await this.sessions.end(admin, body.id);
    return null;
  }
}
