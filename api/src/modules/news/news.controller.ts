import { Body, Controller, Get } from '@nestjs/common';
import type { ItemNewsData, NewsDetail, NewsSummary, Paged } from '@site/shared-types';
import { ApiPost } from '../../core/api-post.decorator.js';
import { NewMoreDto, NewsDetailDto } from './dto/news.dto.js';
import { NewsService } from './news.service.js';
import { Public } from '../../core/public.decorator.js';
import { ApiTags } from '@nestjs/swagger';

@ApiTags('public')
@Public()
@Controller('api')
export class NewsController {
  constructor(private readonly news: NewsService) {}

  @Get('itemnews')
  list(): Promise<ItemNewsData> {
    return this.news.list();
  }

  @ApiPost('newmore')
  more(@Body() body: NewMoreDto): Promise<Paged<NewsSummary>> {
    return this.news.more(body.menu, body.page, body.amount);
  }

  @ApiPost('itemnewscut')
  detail(@Body() body: NewsDetailDto): Promise<NewsDetail> {
    return this.news.detail(body.case);
  }
}
