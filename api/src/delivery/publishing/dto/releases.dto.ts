import {
  REMOTE_NAMES,
  type CanaryRequest,
  type ClientErrorReport,
  type ReleaseRequest,
  type RemoteName,
  type RemoteRequest,
} from '@site/shared-types';
import { IntField, OneOfTextField, TextField } from '../../../core/validation.js';

export class RemoteDto implements RemoteRequest {
  @OneOfTextField(REMOTE_NAMES, { description: 'mf_desktop, mf_mobile or mf_admin' })
  remote: RemoteName;
}

export class ReleaseDto extends RemoteDto implements ReleaseRequest {
  @TextField(41, { min: 1, label: '版本号', description: 'a kept release id' })
  release: string;
}

export class CanaryDto extends ReleaseDto implements CanaryRequest {
  @IntField(1, 99, { description: 'share of visitors served the canary, %' })
  percent: number;
}

export class ClientErrorDto extends RemoteDto implements ClientErrorReport {
  @TextField(41, { min: 1 })
  release: string;

  @OneOfTextField(['load', 'error', 'hydration'])
  kind: 'load' | 'error' | 'hydration';

  @TextField(500, { optional: true })
  message?: string;
}
