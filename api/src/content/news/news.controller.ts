import { Body, Controller, Get, Query } from '@nestjs/common';
import type { ItemNewsData, NewsDetail, NewsSummary, Paged } from '@site/shared-types';
import { ApiGetForm } from '../../core/api-get-form.decorator.js';
import { ApiPost } from '../../core/api-post.decorator.js';
import { NewMoreDto, NewsDetailDto } from './dto/news.dto.js';
import { NewsService } from './news.service.js';
import { Public } from '../../core/public.decorator.js';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { PublicRead } from '../../core/public-read.decorator.js';

@ApiTags('public')
@Public()
@Controller('api')
export class NewsController {
  constructor(private readonly news: NewsService) {}

  @Get('itemnews')
  @PublicRead()
  @ApiOperation({ summary: 'News categories and the newest articles' })
  list(): Promise<ItemNewsData> {
    return this.news.list();
  }

  @ApiPost('newmore')
  @PublicRead()
  @ApiOperation({ summary: 'Next articles of a category (0: all) after a cursor' })
  more(@Body() body: NewMoreDto): Promise<Paged<NewsSummary>> {
    return this.news.more(body.menu, body.page, body.amount);
  }

  @ApiGetForm('newmore', 'Next articles of a category after a cursor')
  @PublicRead()
  moreByQuery(@Query() query: NewMoreDto): Promise<Paged<NewsSummary>> {
    return this.more(query);
  }

  @ApiPost('itemnewscut')
  @PublicRead()
  @ApiOperation({ summary: 'One article with its newer and older neighbours' })
  detail(@Body() body: NewsDetailDto): Promise<NewsDetail> {
    return this.news.detail(body.case);
  }

  @ApiGetForm('itemnewscut', 'One article with its newer and older neighbours')
  @PublicRead()
  detailByQuery(@Query() query: NewsDetailDto): Promise<NewsDetail> {
    return this.detail(query);
  }
}
