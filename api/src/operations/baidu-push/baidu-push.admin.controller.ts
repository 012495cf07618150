import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { BaiduPushResult, BaiduPushStatus } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { BaiduPushAdminService } from './baidu-push.admin.service.js';
import { BaiduPushRetryDto, BaiduPushUrlDto } from './dto/baidu-push.dto.js';
import { Access } from '../../core/auth/access.decorator.js';
import { Audited, NotAudited } from '../../core/audit/audited.decorator.js';

@ApiTags('admin: baidu push')
@ApiSecurity('token')
@Controller('api')
export class BaiduPushAdminController {
  constructor(private readonly push: BaiduPushAdminService) {}

  @Access('manage')
  @NotAudited()
  @ApiPost('baidupush')
  @ApiOperation({ summary: "Baidu link push: whether it is configured, today's quota, the queue and the last answers" })
  status(): Promise<BaiduPushStatus> {
    return this.push.status();
  }

  @Access('manage')
  @Audited('baidu_push', (b: BaiduPushUrlDto) => ({ title: b.url }))
  @ApiPost('baidupushurl')
  @ApiOperation({ summary: "Push one address of the site to Baidu now and give Baidu's answer" })
  pushUrl(@Body() body: BaiduPushUrlDto): Promise<BaiduPushResult> {
    return this.push.pushUrl(body.url);
  }

  @Access('manage')
  @Audited('baidu_retry')
  @ApiPost('baidupushretry')
  @ApiOperation({ summary: 'Make one queued address (id) or all of them due now' })
  @ResponseMessage('已安排立即重试')
  retry(@Body() body: BaiduPushRetryDto): Promise<{ count: number }> {
    return this.push.retry(body.id);
  }
}
