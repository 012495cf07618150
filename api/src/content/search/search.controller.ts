import { Body, Controller, Query } from '@nestjs/common';
import { SearchType, type CaseSummary, type NewsSummary, type Paged } from '@site/shared-types';
import { ApiGetForm } from '../../core/api-get-form.decorator.js';
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

  @ApiGetForm('search', 'Cases or articles containing a keyword, after a cursor')
  @PublicRead({ openEnded: true })
  searchByQuery(@Query() query: SearchDto): Promise<Paged<CaseSummary | NewsSummary>> {
    return this.search(query);
  }
}
