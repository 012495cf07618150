import {
  ASSIGNABLE_ROLES,
  EMAIL_PATTERN,
  type AcceptInvitationRequest,
  type AccountRoleRequest,
  type AssignableRole,
  type InviteRequest,
  type SessionEndRequest,
} from '@site/shared-types';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { MD5_HEX } from '../../auth/password.js';
import { IdField, OneOfTextField, TextField } from '../../validation.js';

/** The longest name an account has (admin_user.name). */
const NAME_MAX = 40;

const trimmedLower = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

export class InviteDto implements InviteRequest {
  @ApiProperty({ example: 'editor@yunfan.example.com', maxLength: 254 })
  @Transform(trimmedLower)
  // Registered in the order their messages should win: empty, then not text, then too long or not an address.
  @Matches(EMAIL_PATTERN, { message: '邮箱格式不正确' })
  @MaxLength(254, { message: '邮箱不能超过 254 个字符' })
  @IsString({ message: '邮箱不能为空' })
  @IsNotEmpty({ message: '邮箱不能为空' })
  email: string;

  @TextField(NAME_MAX, { label: '姓名', description: "the invited person's name ('' to let them give it)" })
  name: string;

  @OneOfTextField(ASSIGNABLE_ROLES, { description: 'the role the account gets' })
  role: AssignableRole;
}

/** An invitation link's token: its shape is not checked here, an unknown one is simply not an open invitation. */
export class InvitationTokenDto {
  @ApiProperty({ type: 'string', maxLength: 200, description: 'the token of the invitation link' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @MaxLength(200, { message: '参数 token 不能超过 200 个字符' })
  @IsString({ message: '参数 token 不能为空' })
  @IsNotEmpty({ message: '参数 token 不能为空' })
  token: string;
}

export class AcceptInvitationDto extends InvitationTokenDto implements AcceptInvitationRequest {
  @TextField(NAME_MAX, { min: 1, label: '姓名' })
  name: string;

  @ApiProperty({ type: 'string', description: 'MD5 hex of the password', pattern: '^[a-f0-9]{32}$' })
  @Transform(trimmedLower)
  @Matches(MD5_HEX, { message: '密码格式不正确' })
  @IsString({ message: '请输入密码' })
  @IsNotEmpty({ message: '请输入密码' })
  password: string;
}

export class AccountRoleDto implements AccountRoleRequest {
  @IdField({ description: "the account's id" })
  id: number;

  @OneOfTextField(ASSIGNABLE_ROLES, { description: 'the new role (ownership is handed over, never given)' })
  role: AssignableRole;
}

export class SessionEndDto implements SessionEndRequest {
  @ApiProperty({ type: 'string', pattern: '^[0-9]{1,18}$', description: "the session's id as /api/sessions gives it" })
  @Matches(/^[0-9]{1,18}$/, { message: '参数 id 格式不正确' })
  @IsString({ message: '参数 id 不能为空' })
  id: string;
}
