import { MEDIA_USAGES, type MediaListRequest, type MediaUsage } from '@site/shared-types';
import { OneOfTextField, PageField, TextField } from '../../../core/validation.js';

export class MediaListDto implements MediaListRequest {
  @PageField()
  page?: number;

  @TextField(50, { optional: true, description: 'literal substring of the file name' })
  search?: string;

  @OneOfTextField(MEDIA_USAGES.map((usage) => usage.value), {
    optional: true,
    description: 'all (default), used, unused, or the pictures one kind of content uses',
  })
  usage?: MediaUsage;
}
