import { Controller } from '@nestjs/common';
import type { KeywordRecord } from '@site/shared-types';
import { ApiGetForm } from '../../core/api-get-form.decorator.js';
import { ApiPost } from '../../core/api-post.decorator.js';
import { KeywordsService } from './keywords.service.js';
import { Public } from '../../core/public.decorator.js';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PublicRead } from '../../core/public-read.decorator.js';

@ApiTags('public')
@Public()
@Controller('api')
export class KeywordsController {
  constructor(private readonly keywords: KeywordsService) {}

  /**
   * The page-meta records (title, keywords, description). Outside clients post without a body; the site reads
   * the GET form (docs/behaviour.md#public-calls).
   */
  @ApiPost('keyswords')
  @PublicRead()
  @ApiOperation({ summary: 'Keyword records (title, keywords, description) that fill the page meta' })
  list(): Promise<KeywordRecord[]> {
    return this.keywords.list();
  }

  @ApiGetForm('keyswords', 'Keyword records that fill the page meta')
  @PublicRead()
  listByGet(): Promise<KeywordRecord[]> {
    return this.list();
  }
}
