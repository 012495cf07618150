import type { AdminListRequest, NewsFormInput } from '@site/shared-types';
import {
  DateField,
  IdField,
  ImageUrlField,
  IntField,
  PageField,
  SeoField,
  TextField,
} from '../../../core/validation.js';
import { PublishingFormDto, PublishingListDto } from '../../editing/publishing.dto.js';

export class NewsListDto extends PublishingListDto implements AdminListRequest {
  @IntField(0, 2_147_483_647, { optional: true, description: 'news category; 0: all' })
  menu?: number;

  @TextField(50, { optional: true })
  search?: string;

  @PageField()
  page?: number;
}

export class GetNewsDto {
  @IdField()
  newsid: number;
}

export class NewsFormDto extends PublishingFormDto implements NewsFormInput {
  @IntField(0, 2_147_483_647, { description: '0 creates an article' })
  id: number;

  @TextField(120, { min: 1, label: '文章标题' })
  title: string;

  @TextField(500, { optional: true })
  intro: string = '';

  @ImageUrlField({ optional: true, allowEmpty: true })
  img: string = '';

  @TextField(200_000, { optional: true, description: 'HTML; sanitised on save' })
  content: string = '';

  @IdField({ description: 'news category' })
  dynamic_id: number;

  @DateField({ optional: true })
  create_time?: string;

  @SeoField('seo_title')
  seo_title?: string;

  @SeoField('seo_keywords')
  seo_keywords?: string;

  @SeoField('seo_description')
  seo_description?: string;
}
