import { Body, Controller, Req } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { AccountSelf, AccountsOverview, InvitationInfo, InviteResult, LoginData } from '@site/shared-types';
import type { Request } from 'express';
import { ApiPost } from '../api-post.decorator.js';
import { Access } from '../auth/access.decorator.js';
import { CurrentAdmin } from '../auth/admin.decorator.js';
import type { AdminIdentity } from '../auth/auth.service.js';
import { Client, type ClientInfo } from '../client-info.js';
import { IdDto } from '../id.dto.js';
import { Public } from '../public.decorator.js';
import { ResponseMessage } from '../response-message.decorator.js';
import { ACCOUNT_MSG } from './accounts.messages.js';
import { AccountsService } from './accounts.service.js';
import { AcceptInvitationDto, AccountRoleDto, InvitationTokenDto, InviteDto } from './dto/accounts.dto.js';
import { Audited, NotAudited, bodyItem } from '../audit/audited.decorator.js';

/** 账号管理 and the invitation link (docs/behaviour.md#accounts-and-roles). */
@ApiTags('admin: accounts')
@Controller('api')
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Access('session')
  @NotAudited()
  @ApiPost('me')
  @ApiSecurity('token')
  @ApiOperation({ summary: 'Who is signed in: name, role, two-step state and the review count of the side menu' })
  me(@CurrentAdmin() admin: AdminIdentity): Promise<AccountSelf> {
    return this.accounts.me(admin);
  }

  @Access('manage')
  @NotAudited()
  @ApiPost('accounts')
  @ApiSecurity('token')
  @ApiOperation({ summary: 'Every account, the open invitations and the roles that must use two-step sign-in' })
  overview(): Promise<AccountsOverview> {
    return this.accounts.overview();
  }

  @Access('manage')
  @Audited('account_invite')
  @ApiPost('inviteaccount')
  @ApiSecurity('token')
  @ApiOperation({
    summary: 'Invite a person by e-mail: answers the link (72 h, once) and whether it was also mailed',
  })
  @ResponseMessage(ACCOUNT_MSG.invited)
  invite(@CurrentAdmin() admin: AdminIdentity, @Body() body: InviteDto, @Req() req: Request): Promise<InviteResult> {
    return this.accounts.invite(admin, body, req);
  }

  @Access('manage')
  @Audited('invitation_cancel', bodyItem('invitation'))
  @ApiPost('cancelinvitation')
  @ApiSecurity('token')
  @ApiOperation({ summary: 'Cancel an invitation not accepted yet: its link stops working' })
  @ResponseMessage(ACCOUNT_MSG.invitationCancelled)
  async cancelInvitation(@Body() body: IdDto): Promise<null> {
    await this.accounts.cancelInvitation(body.id);
    return null;
  }

  @Public()
  @ApiPost('invitation')
  @ApiOperation({ summary: "What an invitation link offers: e-mail, name and role (the link's token is the proof)" })
  invitation(@Body() body: InvitationTokenDto): Promise<InvitationInfo> {
    return this.accounts.invitation(body.token);
  }

  @Public()
  @Audited('invitation_accept')
  @ApiPost('acceptinvitation')
  @ApiOperation({ summary: 'Accept an invitation: makes the account with the invited role and answers its token' })
  @ResponseMessage(ACCOUNT_MSG.accepted)
  accept(@Body() body: AcceptInvitationDto, @Client() client: ClientInfo): Promise<LoginData> {
    return this.accounts.accept(body.token, body.name, body.password, client);
  }

  @Access('manage')
  @Audited('account_role', bodyItem('account'))
  @ApiPost('accountrole')
  @ApiSecurity('token')
  @ApiOperation({ summary: "Give an account another role (not the owner's, not one's own); its sessions end" })
  @ResponseMessage(ACCOUNT_MSG.roleChanged)
  async changeRole(@CurrentAdmin() admin: AdminIdentity, @Body() body: AccountRoleDto): Promise<null> {
    await this.accounts.changeRole(admin, body.id, body.role);
    return null;
  }

  @Access('manage')
  @Audited('account_disable', bodyItem('account'))
  @ApiPost('disableaccount')
  @ApiSecurity('token')
  @ApiOperation({ summary: 'Disable an account (not the owner, not oneself): its sessions end at once' })
  @ResponseMessage(ACCOUNT_MSG.disabled)
  async disable(@CurrentAdmin() admin: AdminIdentity, @Body() body: IdDto): Promise<null> {
    await this.accounts.disable(admin, body.id);
    return null;
  }

  @Access('manage')
  @Audited('account_enable', bodyItem('account'))
  @ApiPost('enableaccount')
  @ApiSecurity('token')
  @ApiOperation({ summary: 'Enable a disabled account again' })
  @ResponseMessage(ACCOUNT_MSG.enabled)
  async enable(@CurrentAdmin() admin: AdminIdentity, @Body() body: IdDto): Promise<null> {
    await this.accounts.enable(admin, body.id);
    return null;
  }

  @Access('ownership')
  @Audited('ownership_transfer', bodyItem('account'))
  @ApiPost('transferownership')
  @ApiSecurity('token')
  @ApiOperation({ summary: 'Hand the ownership to another enabled account; the owner becomes an administrator' })
  @ResponseMessage(ACCOUNT_MSG.transferred)
  async transfer(@CurrentAdmin() admin: AdminIdentity, @Body() body: IdDto): Promise<null> {
    await this.accounts.transferOwnership(admin, body.id);
    return null;
  }
}
