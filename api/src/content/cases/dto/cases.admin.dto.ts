import {
  CasePinned,
  type AdminListRequest,
  type CaseBannerImage,
  type CaseClassId,
  type CaseFormInput,
  type CaseTop,
} from '@site/shared-types';
import {
  DateField,
  IdField,
  ImageUrlField,
  IntField,
  LinkField,
  NestedArrayField,
  OneOfField,
  PageField,
  SeoField,
  TextField,
} from '../../../core/validation.js';
import { PublishingFormDto, PublishingListDto } from '../../editing/publishing.dto.js';

export class CaseListDto extends PublishingListDto implements AdminListRequest {
  @IntField(0, 2_147_483_647, { optional: true, description: 'service menu (dict_id); 0: all' })
  menu?: number;

  @IntField(0, 2_147_483_647, { optional: true, description: 'customer-case tab (class_id); 0: all' })
  classic?: number;

  @PageField()
  page?: number;

  @TextField(50, { optional: true })
  search?: string;
}

export class GetCaseDto {
  @IdField()
  caseid: number;
}

export class CaseBannerDto implements CaseBannerImage {
  @ImageUrlField()
  url: string;
}

export class CaseFormDto extends PublishingFormDto implements CaseFormInput {
  @IntField(0, 2_147_483_647, { description: '0 creates a case' })
  id: number;

  @TextField(100, { min: 1, label: '案例名称' })
  name: string;

  @TextField(500, { optional: true })
  intro: string = '';

  @TextField(50, { optional: true })
  scene: string = '';

  @LinkField({ optional: true, allowEmpty: true })
  site: string = '';

  @ImageUrlField({ optional: true, allowEmpty: true })
  img: string = '';

  @ImageUrlField({ optional: true, allowEmpty: true })
  code_img: string = '';

  @NestedArrayField(() => CaseBannerDto, 10)
  banner: CaseBannerDto[] = [];

  @OneOfField([CasePinned.Pinned, CasePinned.NotPinned])
  top: CaseTop;

  @IdField({ description: 'service menu' })
  dict_id: number;

  @OneOfField([1, 2, 3, 4, 5])
  class_id: CaseClassId;

  @TextField(200_000, { optional: true, description: 'HTML; sanitised on save' })
  content: string = '';

  @DateField({ optional: true })
  create_time?: string;

  @SeoField('seo_title')
  seo_title?: string;

  @SeoField('seo_keywords')
  seo_keywords?: string;

  @SeoField('seo_description')
  seo_description?: string;
}
