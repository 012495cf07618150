import { Body, Controller } from '@nestjs/common';
import type { ShareData } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { ShareDto } from './dto/share.dto.js';
import { ShareService } from './share.service.js';
import { Public } from '../../core/public.decorator.js';
import { ApiOperation, ApiTags } from '@nestjs/swagger';

@ApiTags('public')
@Public()
@Controller('api')
export class ShareController {
  constructor(private readonly share: ShareService) {}

  @ApiPost('share')
  @ApiOperation({ summary: 'WeChat JS-SDK share registration for a page address' })
  register(@Body() body: ShareDto): Promise<ShareData> {
    return this.share.register(body.url);
  }
}
