import {
  applyDecorators,
  type ArgumentMetadata,
  Injectable,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNumber,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import {
  MAX_PAGE_AMOUNT,
  normalizeSeoKeywords,
  normalizeSeoText,
  SEO_MAX_LENGTH,
  SITE_OR_WEB_URL,
  type SeoFields,
} from '@site/shared-types';
import { invalid } from './api.exception.js';

/**
 * Field decorators for DTOs: each validates with a Chinese message naming the field and documents the field
 * in the OpenAPI page, so a DTO states every rule once.
 */

const INT32_MAX = 2_147_483_647;

/** Accepts integers and integer strings ("3"); anything else is left as is so that the type check refuses it. */
function toInteger({ value }: { value: unknown }): unknown {
  if (typeof value === 'string' && /^-?\d{1,10}$/.test(value.trim())) return Number(value.trim());
  return value;
}

const mustBe = (what: string) => (args: ValidationArguments) => `参数 ${args.property} ${what}`;

/**
 * An optional field may be left out; `null` is not "left out" but a value of the wrong type, refused like any
 * other (class-validator's IsOptional would let it through to a NOT NULL column).
 */
/** Left out (`undefined`), or with `nullable` also `null`, a value is not checked. */
const optional = (options: { optional?: boolean; nullable?: boolean }) =>
  options.optional
    ? [ValidateIf((_object: object, value: unknown) => value !== undefined && !(options.nullable && value === null))]
    : [];

/** A positive integer id (refuses objects, arrays, fractions and values beyond a PostgreSQL integer). */
export function IdField(options: { optional?: boolean; description?: string } = {}) {
  return applyDecorators(
    ApiProperty({ type: 'integer', minimum: 1, required: !options.optional, description: options.description }),
    ...optional(options),
    Transform(toInteger),
    IsInt({ message: mustBe('必须是正整数') }),
    Min(1, { message: mustBe('必须是正整数') }),
    Max(INT32_MAX, { message: mustBe('超出范围') }),
  );
}

/** An integer from `min` to `max`. */
export function IntField(min: number, max: number, options: { optional?: boolean; description?: string } = {}) {
  const message = mustBe(`必须是 ${min} 到 ${max} 之间的整数`);
  return applyDecorators(
    ApiProperty({
      type: 'integer',
      minimum: min,
      maximum: max,
      required: !options.optional,
      description: options.description,
    }),
    ...optional(options),
    Transform(toInteger),
    IsInt({ message }),
    Min(min, { message }),
    Max(max, { message }),
  );
}

/** The cursor of an infinite list (0 or more). */
export const CursorField = () => IntField(0, INT32_MAX, { description: 'cursor returned by the previous answer' });

/** How many entries one list call may return. */
export const AmountField = () => IntField(1, MAX_PAGE_AMOUNT);

/** A 1-based page of a back-office list (default 1). */
export const PageField = () => IntField(1, 100_000, { optional: true, description: '1-based page, default 1' });

/** One of a fixed set of integers. */
export function OneOfField(values: readonly number[], options: { optional?: boolean } = {}) {
  return applyDecorators(
    ApiProperty({ type: 'integer', enum: [...values], required: !options.optional }),
    ...optional(options),
    Transform(toInteger),
    IsIn(values as number[], { message: mustBe(`必须是 ${values.join('、')} 之一`) }),
  );
}

/** One of a fixed set of names (a kind of item). */
export function OneOfTextField(values: readonly string[], options: { optional?: boolean; description?: string } = {}) {
  return applyDecorators(
    ApiProperty({ type: 'string', enum: [...values], required: !options.optional, description: options.description }),
    ...optional(options),
    IsIn(values as string[], { message: mustBe(`必须是 ${values.join('、')} 之一`) }),
  );
}

/** A number (coordinates). */
export function NumberField(min: number, max: number) {
  return applyDecorators(
    ApiProperty({ type: 'number', minimum: min, maximum: max }),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: mustBe('必须是数字') }),
    Min(min, { message: mustBe(`必须在 ${min} 到 ${max} 之间`) }),
    Max(max, { message: mustBe(`必须在 ${min} 到 ${max} 之间`) }),
  );
}

/** true/false (also 1/0 and "true"/"false", as forms send them). */
export function BoolField(options: { optional?: boolean } = {}) {
  return applyDecorators(
    ApiProperty({ type: 'boolean', required: !options.optional }),
    ...optional(options),
    Transform(({ value }: { value: unknown }) => {
      if (value === 1 || value === '1' || value === 'true') return true;
      if (value === 0 || value === '0' || value === 'false') return false;
      return value;
    }),
    IsBoolean({ message: mustBe('必须是 true 或 false') }),
  );
}

/** A string, trimmed, of `min` to `max` characters. */
export function TextField(
  max: number,
  options: { optional?: boolean; nullable?: boolean; min?: number; label?: string; description?: string } = {},
) {
  const min = options.min ?? 0;
  // "参数 name 不能为空" for wire names, "搜索关键词不能为空" for Chinese labels.
  const name = (args: ValidationArguments) => options.label ?? `参数 ${args.property} `;
  return applyDecorators(
    ApiProperty({
      type: 'string',
      maxLength: max,
      minLength: min || undefined,
      required: !options.optional,
      nullable: options.nullable,
      description: options.description,
    }),
    ...optional(options),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    IsString({ message: (args) => `${name(args)}必须是文本` }),
    ...(min > 0 ? [MinLength(min, { message: (args: ValidationArguments) => `${name(args)}不能为空` })] : []),
    MaxLength(max, { message: (args) => `${name(args)}不能超过 ${max} 个字符` }),
  );
}

const SEO_LABELS: Readonly<Record<keyof SeoFields, string>> = {
  seo_title: 'SEO标题',
  seo_keywords: 'SEO关键词',
  seo_description: 'SEO描述',
};

/**
 * One of an item's optional SEO fields (docs/behaviour.md#cases-and-articles): a text, normalised before its length
 * is checked (white space made single and trimmed; keywords split on `,`, `，`, `、`, `;` or `；`, empties and
 * repeats dropped, joined with `,`). '' clears the field; left out, a save keeps the stored value.
 */
export function SeoField(field: keyof SeoFields) {
  const normalize = field === 'seo_keywords' ? normalizeSeoKeywords : normalizeSeoText;
  return applyDecorators(
    TextField(SEO_MAX_LENGTH[field], {
      optional: true,
      label: SEO_LABELS[field],
      description:
        (field === 'seo_keywords' ? 'comma-separated keywords (，、；; are read as commas). ' : '') +
        "'' clears it (the page derives it); left out, an update keeps the stored value and a new item has ''",
    }),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? normalize(value) : value)),
  );
}

/** An image address: an upload (`/uploads/…`) or an absolute http(s) URL. */
export function ImageUrlField(options: { optional?: boolean; allowEmpty?: boolean } = {}) {
  return UrlField({ ...options, description: 'image address: /uploads/… or http(s)://…' });
}

/** A link target: a path on this site or an absolute http(s) URL. */
export function LinkField(options: { optional?: boolean; allowEmpty?: boolean } = {}) {
  return UrlField({ ...options, description: 'link: /path or http(s)://…' });
}

function UrlField(options: { optional?: boolean; allowEmpty?: boolean; description: string }) {
  const pattern = options.allowEmpty ? new RegExp(`^$|${SITE_OR_WEB_URL.source}`, 'i') : SITE_OR_WEB_URL;
  return applyDecorators(
    TextField(500, { optional: options.optional, min: options.allowEmpty ? 0 : 1, description: options.description }),
    Matches(pattern, { message: mustBe('必须是以 / 开头的站内地址或 http(s) 网址') }),
  );
}

/** A calendar date `yyyy-MM-dd` that exists. */
export function DateField(options: { optional?: boolean } = {}) {
  return applyDecorators(
    ApiProperty({ type: 'string', format: 'date', required: !options.optional }),
    ...optional(options),
    IsString({ message: mustBe('必须是 yyyy-MM-dd 格式的日期') }),
    Matches(/^\d{4}-\d{2}-\d{2}$/, { message: mustBe('必须是 yyyy-MM-dd 格式的日期') }),
    Transform(({ value }: { value: unknown }) => {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
      const date = new Date(`${value}T00:00:00Z`);
      return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? `${value} (invalid)` : value;
    }),
  );
}

/** A required nested object (not an array, not null), validated by its own DTO class. */
export function NestedField(type: () => new () => object) {
  return applyDecorators(
    // The OpenAPI generator recognises a lazy type only by the name of an arrow assigned to `type`.
    ApiProperty({ type: () => type() }),
    ValidateBy(
      {
        name: 'isNestedObject',
        validator: {
          validate: (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value),
          defaultMessage: (args?: ValidationArguments) =>
            args?.value === undefined ? `参数 ${args?.property} 不能为空` : `参数 ${args?.property} 格式不正确`,
        },
      },
      {},
    ),
    ValidateNested({ message: mustBe('格式不正确') }),
    Type(type),
  );
}

/** A list of at most `max` objects, each validated by its DTO class. */
export function NestedArrayField(type: () => new () => object, max: number) {
  return applyDecorators(
    ApiProperty({ type: () => type(), isArray: true, maxItems: max }),
    IsArray({ message: mustBe('必须是列表') }),
    ArrayMaxSize(max, { message: mustBe(`最多 ${max} 项`) }),
    ValidateNested({ each: true, message: mustBe('格式不正确') }),
    Type(type),
  );
}

/** A list of at most `max` strings of at most `length` characters each. */
export function TextArrayField(max: number, length: number) {
  return applyDecorators(
    ApiProperty({ type: 'string', isArray: true, maxItems: max }),
    IsArray({ message: mustBe('必须是列表') }),
    ArrayMaxSize(max, { message: mustBe(`最多 ${max} 项`) }),
    IsString({ each: true, message: mustBe('的每一项都必须是文本') }),
    MaxLength(length, { each: true, message: mustBe(`的每一项不能超过 ${length} 个字符`) }),
  );
}

/** A NUL (PostgreSQL text cannot hold it) or half of a surrogate pair (not Unicode text at all). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is looked for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The path (`banner[0].title`) of the first string, or object key, that no text column can store; `null` when
 * there is none. Bodies are at most 32 levels deep (body-parsing.ts), so the walk is bounded.
 */
export function unstorableText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableText(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    // A bad key is reported by the object holding it: the key itself cannot be shown.
    if (UNSTORABLE.test(key)) return path;
    const here = path ? `${path}.${key}` : key;
    const found = unstorableText(item, here);
    if (found !== null) return found;
  }
  return null;
}

/** The first failure, with the full path of a nested field (`参数 banner[0].pic …`). */
function firstMessage(errors: ValidationError[], path = ''): string | null {
  for (const error of errors) {
    const here = /^\d+$/.test(error.property)
      ? `${path}[${error.property}]`
      : path
        ? `${path}.${error.property}`
        : error.property;
    const message = Object.values(error.constraints ?? {})[0];
    if (message) return path ? message.replace(`参数 ${error.property}`, `参数 ${here}`) : message;
    const nested = firstMessage(error.children ?? [], here);
    if (nested) return nested;
  }
  return null;
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
      exceptionFactory: (errors) => invalid(firstMessage(errors) ?? '请求参数不正确'),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') {
      const bad = unstorableText(value, metadata.type === 'param' ? (metadata.data ?? '') : '');
      if (bad !== null) throw invalid(`参数 ${bad || '请求体'} 含有不允许的字符`);
    }
    if (metadata.type === 'body' && metadata.metatype && this.toValidate(metadata)) {
      if (value === undefined || value === null) value = {};
      if (typeof value !== 'object' || Array.isArray(value)) throw invalid('请求体必须是 JSON 对象');
    }
    return super.transform(value, metadata);
  }
}
