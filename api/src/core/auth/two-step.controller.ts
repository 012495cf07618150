import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { RecoveryCodes, TwoStepSetup } from '@site/shared-types';
import { ApiPost } from '../api-post.decorator.js';
import { ResponseMessage } from '../response-message.decorator.js';
import { Access } from './access.decorator.js';
import { CurrentAdmin } from './admin.decorator.js';
import type { AdminIdentity } from './auth.service.js';
import { TwoStepCodeDto, TwoStepPolicyDto, TwoStepResetDto } from './dto/two-step.dto.js';
import { TWO_STEP_MSG, TwoStepService } from './two-step.service.js';
import { Audited, bodyItem } from '../audit/audited.decorator.js';

/**
 * Two-step sign-in (docs/behaviour.md#two-step-sign-in). One's own calls are `session` level, so an account whose
 * role requires two-step sign-in can set it up before anything else works for it.
 */
@ApiTags('admin: two-step sign-in')
@ApiSecurity('token')
@Controller('api')
export class TwoStepController {
  constructor(private readonly twoStep: TwoStepService) {}

  @Access('session')
  @Audited('two_step_setup')
  @ApiPost('twostepsetup')
  @ApiOperation({ summary: 'Start setting up two-step sign-in: a new secret, as a QR code (PNG data URL) and text' })
  setup(@CurrentAdmin() admin: AdminIdentity): Promise<TwoStepSetup> {
    return this.twoStep.setup(admin);
  }

  @Access('session')
  @Audited('two_step_enable')
  @ApiPost('twostepenable')
  @ApiOperation({ summary: 'Confirm the setup with a code of the new secret; answers ten recovery codes, once' })
  @ResponseMessage(TWO_STEP_MSG.enabled)
  enable(@CurrentAdmin() admin: AdminIdentity, @Body() body: TwoStepCodeDto): Promise<RecoveryCodes> {
    return this.twoStep.enable(admin, body.code);
  }

  @Access('session')
  @Audited('two_step_disable')
  @ApiPost('twostepdisable')
  @ApiOperation({ summary: "Turn one's two-step sign-in off with a code (refused when the role requires it)" })
  @ResponseMessage(TWO_STEP_MSG.disabled)
  async disable(@CurrentAdmin() admin: AdminIdentity, @Body() body: TwoStepCodeDto): Promise<null> {
    await this.twoStep.disable(admin, body.code);
    return null;
  }

  @Access('session')
  @Audited('recovery_codes')
  @ApiPost('recoverycodes')
  @ApiOperation({ summary: 'Ten new recovery codes for a code; the old ones stop working' })
  @ResponseMessage(TWO_STEP_MSG.newCodes)
  recoveryCodes(@CurrentAdmin() admin: AdminIdentity, @Body() body: TwoStepCodeDto): Promise<RecoveryCodes> {
    return this.twoStep.newRecoveryCodes(admin, body.code);
  }

  @Access('manage')
  @Audited('two_step_policy')
  @ApiPost('twosteppolicy')
  @ApiOperation({ summary: 'The roles whose accounts must use two-step sign-in (exactly these)' })
  @ResponseMessage(TWO_STEP_MSG.policySaved)
  async policy(@Body() body: TwoStepPolicyDto): Promise<null> {
    await this.twoStep.setPolicy(body.roles);
    return null;
  }

  @Access('manage')
  @Audited('two_step_reset', bodyItem('account'))
  @ApiPost('resettwostep')
  @ApiOperation({ summary: "Turn off another account's two-step sign-in (a lost phone); its sessions end" })
  @ResponseMessage(TWO_STEP_MSG.reset)
  async reset(@CurrentAdmin() admin: AdminIdentity, @Body() body: TwoStepResetDto): Promise<null> {
    await this.twoStep.reset(admin, body.id);
    return null;
  }
}
