import {
  applyDecorators,
  type ArgumentMetadata,
  Injectable,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  MinLength,
  type ValidationArguments,
} from 'class-validator';
import { MAX_PAGE_AMOUNT } from '@site/shared-types';
import { invalid } from './api.exception.js';

const INT32_MAX = 2_147_483_647;

/** Accepts integers and integer strings ("3"); anything else is left as is so that the type check refuses it. */
function toInteger({ value }: { value: unknown }): unknown {
  if (typeof value === 'string' && /^-?\d{1,10}$/.test(value.trim())) return Number(value.trim());
  return value;
}

const mustBe = (what: string) => (args: ValidationArguments) => `参数 ${args.property} ${what}`;

/** A positive integer id (refuses objects, arrays, fractions and values beyond a PostgreSQL integer). */
export function IdField(options: { optional?: boolean } = {}) {
  return applyDecorators(
    ...(options.optional ? [IsOptional()] : []),
    Transform(toInteger),
    IsInt({ message: mustBe('必须是正整数') }),
    Min(1, { message: mustBe('必须是正整数') }),
    Max(INT32_MAX, { message: mustBe('超出范围') }),
  );
}

/** An integer from `min` to `max`. */
export function IntField(min: number, max: number, options: { optional?: boolean } = {}) {
  return applyDecorators(
    ...(options.optional ? [IsOptional()] : []),
    Transform(toInteger),
    IsInt({ message: mustBe(`必须是 ${min} 到 ${max} 之间的整数`) }),
    Min(min, { message: mustBe(`必须是 ${min} 到 ${max} 之间的整数`) }),
    Max(max, { message: mustBe(`必须是 ${min} 到 ${max} 之间的整数`) }),
  );
}

/** The cursor of an infinite list (0 or more). */
export const CursorField = () => IntField(0, INT32_MAX);

/** How many entries one list call may return. */
export const AmountField = () => IntField(1, MAX_PAGE_AMOUNT);

/** One of a fixed set of integers. */
export function OneOfField(values: readonly number[], options: { optional?: boolean } = {}) {
  return applyDecorators(
    ...(options.optional ? [IsOptional()] : []),
    Transform(toInteger),
    IsIn(values as number[], { message: mustBe(`必须是 ${values.join('、')} 之一`) }),
  );
}

/** A string, trimmed, of `min` to `max` characters. */
export function TextField(max: number, options: { optional?: boolean; min?: number; label?: string } = {}) {
  const min = options.min ?? 0;
  // "参数 name 不能为空" for wire names, "搜索关键词不能为空" for Chinese labels.
  const name = (args: ValidationArguments) => options.label ?? `参数 ${args.property} `;
  return applyDecorators(
    ...(options.optional ? [IsOptional()] : []),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    IsString({ message: (args) => `${name(args)}必须是文本` }),
    ...(min > 0 ? [MinLength(min, { message: (args: ValidationArguments) => `${name(args)}不能为空` })] : []),
    MaxLength(max, { message: (args) => `${name(args)}不能超过 ${max} 个字符` }),
  );
}

function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    const message = Object.values(error.constraints ?? {})[0];
    if (message) return message;
    if (error.children?.length) return firstMessage(error.children);
  }
  return '请求参数不正确';
}

/**
 * Validates every DTO-typed argument: unknown fields are dropped, wrong types refused with code 2 and a
 * message naming the field. A body that is not a JSON object (array, string, nothing) counts as `{}` or is
 * refused, never passed through.
 */
@Injectable()
export class ApiValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: false,
      transform: true,
      transformOptions: { enableImplicitConversion: false },
      validationError: { target: false, value: false },
      exceptionFactory: (errors) => invalid(firstMessage(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && metadata.metatype && this.toValidate(metadata)) {
      if (value === undefined || value === null) value = {};
      if (typeof value !== 'object' || Array.isArray(value)) throw invalid('请求体必须是 JSON 对象');
    }
    return super.transform(value, metadata);
  }
}
