import type { ShareRequest } from '@site/shared-types';
import { TextField } from '../../../core/validation.js';

export class ShareDto implements ShareRequest {
  @TextField(2048, { min: 1 })
  url: string;
}
