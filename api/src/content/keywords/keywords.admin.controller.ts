import { Body, Controller } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { ApiPost } from '../../core/api-post.decorator.js';
import { ResponseMessage } from '../../core/response-message.decorator.js';
import { KeywordUpdateDto } from './dto/keywords.dto.js';
import { KeywordsService } from './keywords.service.js';
import { Access } from '../../core/auth/access.decorator.js';
import { Audited, bodyItem } from '../../core/audit/audited.decorator.js';

@ApiTags('admin: keywords')
@ApiSecurity('token')
@Controller('api')
export class KeywordsAdminController {
  constructor(private readonly keywords: KeywordsService) {}

  /** Path cased as in docs/behaviour.md#admin-calls. The back office shows the answer's msg. */
  @Access('edit')
  @Audited('keyword_save', bodyItem('keyword'))
  @ApiPost('KeyswordsUpdate')
  @ApiOperation({ summary: 'Change the text of one keyword record (title, keywords or description)' })
  @ResponseMessage('关键词已更新，前台页面即时生效')
  async update(@Body() body: KeywordUpdateDto): Promise<null> {
    await this.keywords.update(body.id, body.content);
    return null;
  }
}
