import {
  ROLES,
  type AccountRequest,
  type Role,
  type TwoStepCodeRequest,
  type TwoStepPolicyRequest,
} from '@site/shared-types';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsNotEmpty, IsString, Matches, ValidateIf } from 'class-validator';
import { IdField } from '../../validation.js';

/** Six digits, or a recovery code `xxxx-xxxx` (the dash may be left out), once spaces are taken out. */
const CODE_SHAPE = /^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/;

const withoutSpaces = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s/g, '') : value);

/**
 * A second-step code (docs/behaviour.md#two-step-sign-in): the authenticator's six digits (spaces allowed, as some
 * apps show `123 456`) or a recovery code. `optional`: left out, `null` or '' means no code (the sign-in of an
 * account without two-step sign-in).
 */
export function TwoStepCodeField(options: { optional?: boolean } = {}) {
  return function (target: object, property: string) {
    ApiProperty({
      type: 'string',
      required: !options.optional,
      description: "the authenticator's six digits, or an unused recovery code (xxxx-xxxx)",
      example: '123456',
    })(target, property);
    Transform(withoutSpaces)(target, property);
    if (options.optional) {
      ValidateIf((_object: object, value: unknown) => value !== undefined && value !== null && value !== '')(
        target,
        property,
      );
    }
    // Registered in the order their messages should win: empty, then not text, then not a code.
    IsNotEmpty({ message: '请输入验证码' })(target, property);
    IsString({ message: '请输入验证码' })(target, property);
    Matches(CODE_SHAPE, { message: '验证码格式不正确' })(target, property);
  };
}

export class TwoStepCodeDto implements TwoStepCodeRequest {
  @TwoStepCodeField()
  code: string;
}

export class TwoStepPolicyDto implements TwoStepPolicyRequest {
  @ApiProperty({ enum: ROLES, isArray: true, description: 'the roles that require two-step sign-in; [] for none' })
  @Transform(({ value }: { value: unknown }) => (Array.isArray(value) ? [...new Set(value)] : value))
  @IsIn(ROLES, { each: true, message: `参数 roles 的每一项都必须是 ${ROLES.join('、')} 之一` })
  @ArrayMaxSize(ROLES.length, { message: `参数 roles 最多 ${ROLES.length} 项` })
  @IsArray({ message: '参数 roles 必须是列表' })
  roles: Role[];
}

export class TwoStepResetDto implements AccountRequest {
  @IdField({ description: 'the account whose two-step sign-in is turned off' })
  id: number;
}
