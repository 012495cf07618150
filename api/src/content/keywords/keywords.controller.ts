import { Controller, Get } from '@nestjs/common';
import type { KeywordRecord } from '@site/shared-types';
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
   * The page-meta records (title, keywords, description). The public sites post without a body
   * (docs/behaviour.md#public-calls).
   */
  @ApiPost('keyswords')
  @PublicRead()
  @ApiOperation({ summary: 'Keyword records (title, keywords, description) that fill the page meta' })
  list(): Promise<KeywordRecord[]> {
    return this.keywords.list();
  }

  @Get('keyswords')
  @PublicRead()
  @ApiOperation({
    summary: 'Keyword records that fill the page meta (GET form)',
    description: 'The same read as a GET with its fields in the query (cacheable by a CDN, retried by a proxy)',
  })
  listByGet(): Promise<KeywordRecord[]> {
    return this.list();
  }
}
