import type { BaiduPushRetryRequest, BaiduPushUrlRequest } from '@site/shared-types';
import { IdField, TextField } from '../../../core/validation.js';

export class BaiduPushUrlDto implements BaiduPushUrlRequest {
  @TextField(2048, { min: 1, label: '推送地址', description: 'an absolute address on the site (BAIDU_PUSH_SITE)' })
  url: string;
}

export class BaiduPushRetryDto implements BaiduPushRetryRequest {
  @IdField({ optional: true, description: 'one queued address; all when left out' })
  id?: number;
}
