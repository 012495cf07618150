import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { NotifyOverview, NotifySettingsView, NotifyTestResult } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { NotifySettingsDto, NotifyTestDto } from './dto/lead-notify.dto.js';
import { LeadNotifyAdminService } from './lead-notify.admin.service.js';
import { Access } from '../../core/auth/access.decorator.js';
import { Audited, NotAudited } from '../../core/audit/audited.decorator.js';

@ApiTags('admin: lead notifications')
@ApiSecurity('token')
@Controller('api')
export class LeadNotifyAdminController {
  constructor(private readonly notify: LeadNotifyAdminService) {}

  @Access('manage')
  @NotAudited()
  @ApiPost('notifysettings')
  @ApiOperation({ summary: 'The channels new leads are sent to (no secrets), the outbox and the last 50 attempts' })
  overview(): Promise<NotifyOverview> {
    return this.notify.overview();
  }

  @Access('manage')
  @Audited('notify_save')
  @ApiPost('savenotifysettings')
  @ApiOperation({ summary: 'Save the channels; an empty secret keeps the saved one' })
  @ResponseMessage('保存成功')
  save(@Body() body: NotifySettingsDto): Promise<NotifySettingsView> {
    return this.notify.save(body);
  }

  @Access('manage')
  @Audited('notify_test')
  @ApiPost('testnotify')
  @ApiOperation({
    summary: "Send a test notice on one channel with its saved settings; a failure answers the channel's words",
  })
  @ResponseMessage('测试通知已发送')
  test(@Body() body: NotifyTestDto): Promise<NotifyTestResult> {
    return this.notify.test(body.channel);
  }

  @Access('manage')
  @Audited('notify_retry')
  @ApiPost('retrynotify')
  @ApiOperation({ summary: 'Make the given-up deliveries due again' })
  @ResponseMessage('已重新排队')
  retry(): Promise<{ count: number }> {
    return this.notify.retry();
  }
}
