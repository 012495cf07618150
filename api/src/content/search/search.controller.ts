import { Body, Controller, Get, Query } from '@nestjs/common';
import { SearchType, type CaseSummary, type NewsSummary, type Paged } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { SearchDto } from './dto/search.dto.js';
import { SearchService } from './search.service.js';
import { Public } from '../../core/public.decorator.js';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PublicRead } from '../../core/public-read.decorator.js';

@ApiTags('public')
@Public()
@Controller('api')
export class SearchController {
  constructor(private readonly searchService: SearchService) {}

  @ApiPost('search')
  @PublicRead({ openEnded: true })
  @ApiOperation({ summary: 'Cases (type 1) or articles (type 2) containing a keyword, after a cursor' })
  search(@Body() body: SearchDto): Promise<Paged<CaseSummary | NewsSummary>> {
    return this.searchService.search(body.keyword, body.type ?? SearchType.Cases, body.page, body.amount);
  }

  @Get('search')
  @PublicRead({ openEnded: true })
  @ApiOperation({
    summary: 'Cases or articles containing a keyword, after a cursor (GET form)',
    description: 'The same read as a GET with its fields in the query (cacheable by a CDN, retried by a proxy)',
  })
  searchByQuery(@Query() query: SearchDto): Promise<Paged<CaseSummary | NewsSummary>> {
    return this.search(query);
  }
}
