import type { LoginRequest, ModificationRequest } from '@site/shared-types';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MD5_HEX } from '../password.js';
import { TwoStepCodeField } from './two-step.dto.js';

const trimmedLower = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/**
 * A required MD5 hex field with its documented message when it is empty (docs/behaviour.md#login,
 * docs/behaviour.md#change-password).
 */
function Md5Field(emptyMessage: string) {
  return function (target: object, property: string) {
    ApiProperty({ type: 'string', description: 'MD5 hex of the password', pattern: '^[a-f0-9]{32}$' })(
      target,
      property,
    );
    Transform(trimmedLower)(target, property);
    // Registered in the order their messages should win: empty, then not text, then not an MD5 hex.
    IsNotEmpty({ message: emptyMessage })(target, property);
    IsString({ message: emptyMessage })(target, property);
    Matches(MD5_HEX, { message: '密码格式不正确' })(target, property);
  };
}

export class LoginDto implements LoginRequest {
  @ApiProperty({ example: 'admin@yunfan.example.com' })
  @Transform(trimmedLower)
  @MaxLength(254, { message: '邮箱不能超过 254 个字符' })
  @IsString({ message: '邮箱不能为空' })
  @IsNotEmpty({ message: '邮箱不能为空' })
  email: string;

  @Md5Field('密码不能为空')
  password: string;

  /** The second step, for an account with two-step sign-in (docs/behaviour.md#two-step-sign-in). */
  @TwoStepCodeField({ optional: true })
  code?: string;
}

export class ModificationDto implements ModificationRequest {
  @Md5Field('原密码不能为空')
  old_password: string;

  @Md5Field('请输入密码')
  new_password: string;

  @Md5Field('请再次输入密码')
  confirm_password: string;
}
