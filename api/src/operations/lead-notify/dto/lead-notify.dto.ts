import {
  NOTIFY_CHANNELS,
  NOTIFY_MAX_RECIPIENTS,
  type EmailSettingsInput,
  type NotifyChannel,
  type NotifySettingsInput,
  type NotifyTestRequest,
  type RobotSettingsInput,
} from '@site/shared-types';
import {
  BoolField,
  IntField,
  NestedField,
  OneOfTextField,
  TextArrayField,
  TextField,
} from '../../../core/validation.js';

/** The mail channel as the settings screen sends it; whether it is complete is judged by the service. */
export class EmailSettingsDto implements EmailSettingsInput {
  @BoolField()
  enabled: boolean;

  @TextField(253, { label: 'SMTP 服务器' })
  host: string;

  @IntField(1, 65535)
  port: number;

  @BoolField()
  secure: boolean;

  @TextField(254, { label: '邮箱账号' })
  user: string;

  /** Empty or left out: the saved password stays. */
  @TextField(200, { optional: true, label: '邮箱密码' })
  password?: string;

  @TextField(254, { label: '发件人' })
  from: string;

  @TextArrayField(NOTIFY_MAX_RECIPIENTS, 254)
  to: string[];
}

export class RobotSettingsDto implements RobotSettingsInput {
  @BoolField()
  enabled: boolean;

  /** Empty or left out: the saved address stays. */
  @TextField(500, { optional: true, label: '机器人地址' })
  url?: string;

  /** Empty or left out: the saved secret stays. */
  @TextField(200, { optional: true, label: '加签密钥' })
  secret?: string;
}

export class NotifySettingsDto implements NotifySettingsInput {
  @NestedField(() => EmailSettingsDto)
  email: EmailSettingsDto;

  @NestedField(() => RobotSettingsDto)
  wecom: RobotSettingsDto;

  @NestedField(() => RobotSettingsDto)
  dingtalk: RobotSettingsDto;
}

export class NotifyTestDto implements NotifyTestRequest {
  @OneOfTextField(NOTIFY_CHANNELS)
  channel: NotifyChannel;
}
