import { connect } from 'node:net';
import type { OpenAPIV3 } from 'openapi-types';
import { ANONYMOUS_BODY_LIMIT_BYTES, BODY_LIMIT_BYTES } from '../../src/core/body-parsing.js';

/**
 * Malformed requests generated from the OpenAPI document, for the attack suite (api/test/attack/fuzz.test.ts).
 * Everything is derived from the document at run time, so a call added later is fuzzed without a change here.
 * A seeded PRNG picks the random part, so a failure is reproduced by running again with the same seed.
 */

type Schema = OpenAPIV3.SchemaObject;

/** One call of the document, as the fuzzer sees it. */
export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  admin: boolean;
  /** How the call reads its body: JSON (a DTO), a multipart file upload, or no body at all. */
  body: 'json' | 'multipart' | 'none';
  /** The JSON body's schema with every `$ref` resolved (json calls only). */
  schema?: Schema;
  /** The multipart field the file goes in (multipart calls only). */
  fileField?: string;
}

/** One raw HTTP request. `refused`: the call must not succeed (code 0); otherwise any answer below 500 will do. */
export interface FuzzRequest {
  label: string;
  method: string;
  /** Path and query string, sent as is (not encoded again). */
  target: string;
  headers: Array<[string, string]>;
  body?: Buffer;
  /** Sent with `Transfer-Encoding: chunked` instead of `Content-Length`. */
  chunked?: boolean;
  refused: boolean;
}

/** mulberry32: small, fast and good enough to pick mutations; the same seed gives the same requests. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every operation of the document, in document order. */
export function operations(document: OpenAPIV3.Document): Operation[] {
  const resolve = (schema: Schema | OpenAPIV3.ReferenceObject | undefined): Schema | undefined => {
    if (!schema) return undefined;
    if ('$ref' in schema) return resolve(document.components!.schemas![schema.$ref.split('/').pop()!]);
    const properties = schema.properties
      ? Object.fromEntries(Object.entries(schema.properties).map(([key, value]) => [key, resolve(value)!]))
      : undefined;
    const items = schema.type === 'array' ? resolve(schema.items) : undefined;
    return { ...schema, ...(properties && { properties }), ...(items && { items }) };
  };
  return Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'post'] as const).flatMap((method) => {
      const operation = item?.[method];
      if (!operation) return [];
      const content = (operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content ?? {};
      const admin = (operation.security ?? []).some((requirement) => 'token' in requirement);
      const multipart = resolve(content['multipart/form-data']?.schema);
      const json = resolve(content['application/json']?.schema);
      return [
        {
          method: method.toUpperCase() as 'GET' | 'POST',
          path,
          admin,
          body: multipart ? ('multipart' as const) : json ? ('json' as const) : ('none' as const),
          schema: json,
          fileField: multipart ? Object.keys(multipart.properties ?? {})[0] : undefined,
        },
      ];
    }),
  );
}

/** A value the schema accepts, chosen so that a write built from it is plausible (the fuzzer then breaks it). */
export function validValue(schema: Schema, name = ''): unknown {
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      return Math.min(Math.max(1, min), schema.maximum ?? Infinity);
    }
    case 'boolean':
      return false;
    case 'array':
      return [validValue(schema.items as Schema, name)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, validValue(value as Schema, key)]),
      );
    default: {
      if (schema.pattern === '^[a-f0-9]{32}$') return '0123456789abcdef0123456789abcdef';
      if (schema.format === 'date') return '2026-01-02';
      const description = schema.description ?? '';
      if (/image address/.test(description)) return '/uploads/seed/v1/logo.svg';
      if (/link/.test(description)) return '/about.html';
      if (name === 'email') return 'fuzz@example.com';
      if (name === 'phone') return '13800138000';
      return '模糊测试'.slice(0, Math.max(schema.minLength ?? 1, Math.min(4, schema.maxLength ?? 4)));
    }
  }
}

type Path = Array<string | number>;

/** Every property of a body, nested ones included (array items through their first element), with its schema. */
function properties(schema: Schema, path: Path = []): Array<{ path: Path; schema: Schema }> {
  return Object.entries(schema.properties ?? {}).flatMap(([key, value]) => {
    const property = value as Schema;
    const here = [...path, key];
    const nested =
      property.type === 'object'
        ? properties(property, here)
        : property.type === 'array' && (property.items as Schema).type === 'object'
          ? properties(property.items as Schema, [...here, 0])
          : [];
    return [{ path: here, schema: property }, ...nested];
  });
}

function withValue(body: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/**
 * Values the schema refuses for a property, by kind: wrong types, null, out-of-range and unsafe numbers, text
 * over the limit or holding what no column can store. Sent as JSON text: `-0`, `1e999` and friends are spelt
 * as the attacker writes them, not as JSON.stringify would.
 */
function refusedValues(schema: Schema): string[] {
  const values = refusedByKind(schema);
  // A property the document declares nullable takes null.
  return schema.nullable ? values.filter((value) => value !== 'null') : values;
}

function refusedByKind(schema: Schema): string[] {
  const common = ['null', '[]', '{}', '[[[[[[[[1]]]]]]]]', '{"$gt":""}', deepArray(30)];
  const text = (value: string) => JSON.stringify(value);
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const values = [
        ...common,
        'true',
        'false',
        '"abc"',
        '""',
        '"NaN"',
        '"Infinity"',
        '"-Infinity"',
        '"1e308"',
        '"0x10"',
        '1e308',
        '-1e308',
        '1e999',
        '-1e999',
        String(2 ** 53 + 1),
        '"9007199254740993"',
        '123456789012345678901234567890',
        '[1]',
        '{"valueOf":1}',
      ];
      if (schema.type === 'integer') values.push('1.5', '"1.5"', '0.1e1000', '"2147483648"', '2147483648');
      if (schema.maximum !== undefined) values.push(String(schema.maximum + 1));
      if (schema.minimum !== undefined) values.push(String(schema.minimum - 1), String(schema.minimum - 0.5));
      if (schema.enum) values.push(String(Math.max(...(schema.enum as number[])) + 1));
      if (schema.type === 'number') values.push('"113.9"');
      return values;
    }
    case 'boolean':
      return [...common, '"yes"', '2', '-1', '"TRUE"', '0.5', '"\\u0000"'];
    case 'array': {
      const item = JSON.stringify(validValue(schema.items as Schema));
      const values = [...common.filter((v) => v !== '[]' && !v.startsWith('[[')), '"x"', '1', 'true', '[null]'];
      values.push((schema.items as Schema).type === 'object' ? '[1,"x",[]]' : '[{},[],null]');
      if (schema.maxItems !== undefined)
        values.push(
          `[${Array(schema.maxItems + 1)
            .fill(item)
            .join(',')}]`,
        );
      return values;
    }
    case 'object':
      return ['null', '[]', '"x"', '1', 'true', '[{}]', deepArray(30)];
    default: {
      const values = [
        ...common,
        '1',
        '1e308',
        'true',
        '["a"]',
        '{"a":"b"}',
        text('a\u0000b'),
        '"\\ud800"',
        '"x\\udc00y"',
        '"\\udfff\\ud800"',
      ];
      if (schema.maxLength !== undefined) values.push(text('x'.repeat(schema.maxLength + 1)));
      if ((schema.minLength ?? 0) > 0) values.push('""');
      if (schema.pattern) values.push('"not-what-the-pattern-wants"', text('0123456789abcdef'.repeat(2) + 'x'));
      if (schema.format === 'date') values.push('"2026-02-30"', '"9999999-01-01"', '"yesterday"');
      return values;
    }
  }
}

/** Values a lenient server may accept: they go into a body that is refused for another reason, or only to reads. */
function toleratedValues(schema: Schema): string[] {
  switch (schema.type) {
    case 'integer':
    case 'number':
      return ['-0', '"1"', '" 1 "', '1.0', '1e0'];
    case 'boolean':
      return ['1', '0', '"true"', '"0"'];
    case 'string':
      return ['"\\ud83c\\udc04 emoji"', '"  padded  "', '"\\u202e\\u200b\\ufeff"', '"<b>x</b>"'];
    default:
      return [];
  }
}

const json = (value: unknown) => JSON.stringify(value);

/** Sets the JSON text `raw` at `path` of `body`, keeping every other value as JSON.stringify writes it. */
function jsonWith(body: unknown, path: Path, raw: string): string {
  const marker = '\u0001fuzz\u0001';
  return json(withValue(body, path, marker)).replace(json(marker), raw);
}

/** Keys that pollute a prototype when merged carelessly, at the top of a JSON object text. */
function withKeys(objectText: string, keys: string): string {
  return objectText === '{}' ? `{${keys}}` : `{${keys},${objectText.slice(1)}`;
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** Flattens a body to `a=1&b[0][c]=2` form pairs, as a form would send it. */
function formPairs(value: unknown, prefix = ''): string[] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => formPairs(inner, prefix ? `${prefix}[${key}]` : key));
  }
  return [`${encodeURIComponent(prefix)}=${encodeURIComponent(String(value))}`];
}

const JSON_TYPE: [string, string] = ['Content-Type', 'application/json'];
const FORM_TYPE: [string, string] = ['Content-Type', 'application/x-www-form-urlencoded'];

/** Context the requests need: the valid token, and how many requests each call gets at least. */
export interface FuzzContext {
  token: string;
  minimum: number;
  random: () => number;
}

/**
 * At least `minimum` malformed requests for one call: value mutations of every property (nested ones too),
 * missing and extra fields, prototype keys, invalid JSON and UTF-8, deep nesting (JSON, form keys, query
 * strings), wrong content types, empty and oversized bodies, broken multipart, wrong methods and tokens, and
 * random combinations of these until the minimum is reached.
 */
export function malformedRequests(op: Operation, context: FuzzContext): FuzzRequest[] {
  const { token, random } = context;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const auth: Array<[string, string]> = op.admin ? [['token', token]] : [];
  const requests: FuzzRequest[] = [];
  const limit = op.admin ? BODY_LIMIT_BYTES : ANONYMOUS_BODY_LIMIT_BYTES;
  const schema = op.schema ?? { type: 'object', properties: {} };
  const required = op.body === 'json' && (schema.required ?? []).length > 0;
  /** A body every required field of which is given (valid as far as this generator can tell). */
  const base = validValue(schema) as Record<string, unknown>;
  /** A body the call must refuse: its first required field is missing. */
  const broken = structuredClone(base);
  if (required) delete broken[schema.required![0]!];
  /**
   * Whether a body the API cannot read must be refused: a JSON call reads its body, and an upload call refuses
   * whatever holds no image. A call without a body may answer (from the cache, even before reading it).
   */
  const readsBody = op.body !== 'none';
  const add = (
    label: string,
    body: Buffer | string | undefined,
    refused: boolean,
    headers: Array<[string, string]> = [JSON_TYPE],
    extra: Partial<FuzzRequest> = {},
  ) =>
    requests.push({
      label,
      method: op.method,
      target: op.path,
      headers: [...auth, ...headers],
      body: typeof body === 'string' ? utf8(body) : body,
      refused,
      ...extra,
    });

  // Value mutations of every property.
  if (op.body === 'json') {
    for (const property of properties(schema)) {
      const where = property.path.join('.');
      for (const raw of refusedValues(property.schema))
        add(`${where}=${raw}`, jsonWith(base, property.path, raw), true);
      // A lenient value goes into a body missing a required field other than the one it is in: it must not
      // turn a request the server may accept into a write.
      const missing = (schema.required ?? []).find((field) => field !== property.path[0]);
      if (required && !missing) continue;
      const body = structuredClone(base);
      if (missing) delete body[missing];
      for (const raw of toleratedValues(property.schema)) {
        add(`${where}=${raw} (${missing ?? 'nothing'} missing)`, jsonWith(body, property.path, raw), required);
      }
    }
    for (const field of schema.required ?? []) {
      const without = { ...base };
      delete without[field];
      add(`without ${field}`, json(without), true);
    }
    if (required) add('{}', '{}', true);
  }

  // Whole bodies: shapes, prototype keys, invalid JSON and UTF-8, depth, size.
  const brokenText = json(broken);
  const baseText = json(base);
  const mustRefuse = required || op.body === 'multipart';
  const shapes: Array<[string, string | Buffer, boolean]> = [
    ['a JSON array', '[]', mustRefuse],
    ['an array of the body', `[${baseText}]`, mustRefuse],
    ['a JSON string', '"x"', readsBody],
    ['a JSON number', '1', readsBody],
    ['JSON null', 'null', readsBody],
    ['JSON true', 'true', readsBody],
    ['__proto__ key', withKeys(brokenText, '"__proto__":{"polluted":"yes","admin":true}'), mustRefuse],
    ['constructor.prototype key', withKeys(brokenText, '"constructor":{"prototype":{"polluted":"yes"}}'), mustRefuse],
    ['prototype key', withKeys(brokenText, '"prototype":{"polluted":"yes"},"__proto__":null'), mustRefuse],
    ['__proto__ as the only key', '{"__proto__":{"polluted":"yes"}}', mustRefuse],
    ['extra fields', withKeys(brokenText, '"zz_extra":1,"isAdmin":true,"id2":[1]'), mustRefuse],
    ['duplicate keys', withKeys(brokenText, brokenText.slice(1, -1) || '"a":1'), mustRefuse],
    ['a byte order mark', `\ufeff${brokenText}`, mustRefuse],
    ['truncated JSON', baseText.slice(0, -1), readsBody],
    ['a trailing comma', baseText.replace(/}$/, ',}'), readsBody],
    ['single quotes', `{'a':'b'}`, readsBody],
    ['NaN literal', '{"a":NaN}', readsBody],
    ['a comment', `${baseText}/*x*/`, readsBody],
    ['a leading zero', '{"a":01}', readsBody],
    ['a bad escape', '{"a":"\\x41"}', readsBody],
    ['an unterminated string', '{"a":"abc', readsBody],
    ['two documents', `${baseText}${baseText}`, readsBody],
    ['a lone closing brace', '}', readsBody],
    ['more closing than opening', '{"a":1}}]]]', readsBody],
    ['a huge number literal', '{"a":1e999999999}', mustRefuse],
    ['a 10 000 digit number', `{"a":${'9'.repeat(10_000)}}`, mustRefuse],
    ['a 5 000 character key', `{"${'k'.repeat(5000)}":1}`, mustRefuse],
    ['invalid UTF-8 in a string', Buffer.concat([utf8('{"a":"'), Buffer.from([0xff, 0xfe]), utf8('"}')]), readsBody],
    ['an overlong UTF-8 slash', Buffer.concat([utf8('{"a":"'), Buffer.from([0xc0, 0xaf]), utf8('"}')]), readsBody],
    [
      'a UTF-8 encoded surrogate',
      Buffer.concat([utf8('{"a":"'), Buffer.from([0xed, 0xa0, 0x80]), utf8('"}')]),
      readsBody,
    ],
    ['a truncated UTF-8 sequence', Buffer.concat([utf8('{"a":"'), Buffer.from([0xe4, 0xb8]), utf8('"}')]), readsBody],
    ['a NUL byte outside strings', '{"a":1\u0000}', readsBody],
    ['33 nested arrays', `{"a":${deepArray(32)}}`, readsBody],
    ['3 000 nested objects', deepObject(3000), readsBody],
    ['3 000 nested arrays in a field', `{"${Object.keys(base)[0] ?? 'a'}":${deepArray(3000)}}`, readsBody],
    ['100 000 nested arrays', deepArray(100_000), readsBody],
    ['brackets inside strings', json({ ...broken, zz: '['.repeat(5000) }), mustRefuse],
    ['empty body', '', mustRefuse],
    ['whitespace only', ' \r\n\t ', mustRefuse],
  ];
  for (const [label, body, refused] of shapes) add(label, body, refused);
  add('an oversized body', json({ ...broken, pad: 'x'.repeat(limit) }), readsBody);
  add('an oversized body, chunked', json({ ...broken, pad: 'x'.repeat(limit) }), readsBody, [JSON_TYPE], {
    chunked: true,
  });
  if (op.body === 'json') {
    // Refused from the header alone: the body announced never comes.
    add('a Content-Length over the limit', '{}', true, [JSON_TYPE, ['Content-Length', String(limit + 1)]]);
  }
  if (!op.admin) {
    add(
      'a fake token header to raise the body limit',
      json({ ...broken, pad: 'x'.repeat(ANONYMOUS_BODY_LIMIT_BYTES) }),
      mustRefuse,
      [JSON_TYPE, ['token', 'fake']],
    );
  }

  // Content types and encodings. A type the API reads as JSON gets a body missing a required field (a valid
  // body would be a valid call); a type it does not read gets the valid body, which must not be taken.
  const readAsJson = [
    'application/json; charset="utf-8"; boundary=x',
    'APPLICATION/JSON',
    'application/json, text/plain',
    `application/json; x=${'y'.repeat(4000)}`,
  ];
  const unreadable = [
    'text/plain',
    'application/xml',
    'application/json; charset=latin1',
    'application/json; charset=utf-16',
    'application/vnd.api+json',
    'application/*',
    '*/*',
    ';',
    'text/html; charset=utf-8',
  ];
  const partly = ['multipart/form-data', 'multipart/form-data; boundary=fuzz', 'application/x-www-form-urlencoded', ''];
  for (const type of readAsJson)
    add(`Content-Type ${type.slice(0, 60)}`, brokenText, mustRefuse, [['Content-Type', type]]);
  for (const type of unreadable) add(`Content-Type ${type}`, baseText, readsBody, [['Content-Type', type]]);
  for (const type of partly) add(`Content-Type ${type}`, brokenText, mustRefuse, [['Content-Type', type]]);
  add('no Content-Type', baseText, readsBody, []);
  add('gzip that is not gzip', baseText, readsBody, [JSON_TYPE, ['Content-Encoding', 'gzip']]);
  add('Content-Encoding br', baseText, readsBody, [JSON_TYPE, ['Content-Encoding', 'br']]);

  // Forms: deep and polluting keys, too many fields, bad percent-encoding, charsets, size.
  const form = formPairs(broken).join('&');
  const forms: Array<[string, string, Array<[string, string]>?]> = [
    ['form of the body, a required field missing', form],
    ['form with 3 000-level keys', `${form}&${'a'.concat('[b]'.repeat(3000))}=1`],
    ['form with prototype keys', `${form}&__proto__[polluted]=yes&constructor[prototype][polluted]=yes&__proto__=x`],
    ['form with 2 000 fields', Array.from({ length: 2000 }, (_, i) => `f${i}=${i}`).join('&')],
    ['form with bad percent-encoding', `${form}&a=%&b=%zz&c=%E0%A4%A&d=%FF%FE&%=1`],
    ['form with NUL', `${form}&a=%00&b%00=1`],
    ['form in latin1', form, [['Content-Type', 'application/x-www-form-urlencoded; charset=iso-8859-1']]],
    ['form with repeated keys', `${form}&${Object.keys(base)[0] ?? 'a'}=1&${Object.keys(base)[0] ?? 'a'}=2`],
    ['form with array keys', `${form}&a[]=1&a[]=2&b[0][c]=3`],
  ];
  for (const [label, body, headers] of forms) add(label, body, mustRefuse, headers ?? [FORM_TYPE]);
  add('an oversized form', `a=${'x'.repeat(limit)}`, readsBody, [FORM_TYPE]);

  // Query strings and methods.
  const query = (label: string, search: string) =>
    add(label, op.body === 'json' ? brokenText : undefined, mustRefuse, op.body === 'json' ? [JSON_TYPE] : [], {
      target: `${op.path}?${search}`,
    });
  query('query with 3 000-level keys', `a${'[b]'.repeat(3000)}=1`);
  query('query with prototype keys', '__proto__[polluted]=yes&constructor[prototype][polluted]=yes');
  query('query with bad percent-encoding', 'a=%&b=%zz&%FF=%FE');
  query('query with 1 000 parameters', Array.from({ length: 1000 }, (_, i) => `q${i}=${i}`).join('&'));
  query('query of 12 KB', `q=${'x'.repeat(12 * 1024)}`);
  query('query of 20 KB (over the header limit)', `q=${'x'.repeat(20 * 1024)}`);
  query('query with a token', `token=${'t'.repeat(64)}`);
  for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'FUZZ']) {
    if (method === op.method) continue;
    add(`method ${method}`, method === 'GET' || method === 'HEAD' ? undefined : brokenText, false, [JSON_TYPE], {
      method,
    });
  }
  add('a path with a trailing dot segment', brokenText, false, [JSON_TYPE], { target: `${op.path}/..` });
  add('a path with an encoded slash', brokenText, false, [JSON_TYPE], { target: `${op.path}%2f..%2f..` });

  // Tokens: none, wrong, huge, odd bytes (admin calls); a token on a public call.
  const headerCases: Array<[string, Array<[string, string]>]> = [
    ['no token', []],
    ['a wrong token', [['token', 'wrong']]],
    ['an empty token', [['token', '']]],
    ['a 6 000 character token', [['token', 't'.repeat(6000)]]],
    ['a latin1 token', [['token', '\u00ff\u00fe\u00e9']]],
    [
      'two tokens',
      [
        ['token', token],
        ['token', 'wrong'],
      ],
    ],
    ['a Bearer token', [['Authorization', `Bearer ${token}`]]],
  ];
  for (const [label, headers] of headerCases) {
    requests.push({
      label,
      method: op.method,
      target: op.path,
      headers: [...headers, JSON_TYPE],
      body: op.method === 'POST' ? utf8(op.admin ? baseText : brokenText) : undefined,
      // Without a valid token an admin call is refused (code 3) even with a valid body.
      refused: op.admin || mustRefuse,
    });
  }
  add('a forged Host', brokenText, mustRefuse, [JSON_TYPE, ['Host', 'evil.example.com']]);
  add('a Host with a bad port', brokenText, mustRefuse, [JSON_TYPE, ['Host', 'localhost:99999999']]);
  add('forwarded headers', brokenText, mustRefuse, [
    JSON_TYPE,
    ['X-Forwarded-For', '::1, 999.1.1.1, <script>'],
    ['X-Forwarded-Proto', 'javascript'],
    ['X-Forwarded-Host', '../../'],
  ]);
  add('odd Accept and Accept-Encoding', brokenText, mustRefuse, [
    JSON_TYPE,
    ['Accept', 'text/html;q=NaN, */*;q=-1'],
    ['Accept-Encoding', 'gzip;q=2, br;q=NaN, identity;q=0, *;q=0'],
  ]);
  add('a 12 KB cookie', brokenText, mustRefuse, [JSON_TYPE, ['Cookie', `a=${'c'.repeat(12 * 1024)}`]]);

  if (op.body === 'multipart') requests.push(...multipartRequests(op, auth));

  // Random combinations until the minimum: several mutations at once, random bytes, random text.
  const all = op.body === 'json' ? properties(schema) : [];
  while (requests.length < context.minimum) {
    const roll = random();
    if (all.length > 0 && roll < 0.6) {
      let text = json(base);
      let body: unknown = base;
      const labels: string[] = [];
      for (let n = 1 + Math.floor(random() * 3); n > 0; n--) {
        const property = pick(all);
        const raw = pick(refusedValues(property.schema));
        labels.push(`${property.path.join('.')}=${raw.slice(0, 40)}`);
        text = jsonWith(body, property.path, raw);
        body = JSON.parse(text.replace(/\\u0000|\\ud[89a-f][0-9a-f]{2}/gi, '')) as unknown;
      }
      add(`random: ${labels.join(', ')}`, text, true);
    } else if (roll < 0.8) {
      const bytes = Buffer.from(
        Array.from({ length: 1 + Math.floor(random() * 200) }, () => Math.floor(random() * 256)),
      );
      add(`random bytes ${bytes.toString('hex').slice(0, 40)}`, bytes, false);
    } else {
      const alphabet = '{}[]":,\\ 0123456789-.eEtrufalsn\u0000\u00ff中';
      const text = Array.from({ length: 1 + Math.floor(random() * 80) }, () => pick([...alphabet])).join('');
      add(`random JSON-ish text ${JSON.stringify(text)}`, text, false);
    }
  }
  return requests;
}

/** Broken multipart bodies for an upload call: none of them holds an image in the right field. */
function multipartRequests(op: Operation, auth: Array<[string, string]>): FuzzRequest[] {
  const field = op.fileField ?? 'file';
  const boundary = 'fuzzboundary';
  const type: [string, string] = ['Content-Type', `multipart/form-data; boundary=${boundary}`];
  const part = (headers: string, content: string | Buffer) =>
    Buffer.concat([
      utf8(`--${boundary}\r\n${headers}\r\n\r\n`),
      typeof content === 'string' ? utf8(content) : content,
      utf8('\r\n'),
    ]);
  const end = utf8(`--${boundary}--\r\n`);
  const file = (name: string, filename: string, content: string | Buffer, contentType = 'image/png') =>
    part(
      `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${contentType}`,
      content,
    );
  const cases: Array<[string, Buffer, Array<[string, string]>?]> = [
    [
      'multipart without a boundary',
      Buffer.concat([file(field, 'a.png', 'x'), end]),
      [['Content-Type', 'multipart/form-data']],
    ],
    [
      'multipart with another boundary',
      Buffer.concat([file(field, 'a.png', 'x'), end]),
      [['Content-Type', 'multipart/form-data; boundary=other']],
    ],
    ['multipart truncated', file(field, 'a.png', 'x').subarray(0, 60)],
    ['multipart without the closing boundary', file(field, 'a.png', 'x')],
    ['multipart, empty', Buffer.alloc(0)],
    ['multipart, only the closing boundary', end],
    ['a part without Content-Disposition', Buffer.concat([part('Content-Type: image/png', 'x'), end])],
    ['a part without a name', Buffer.concat([part('Content-Disposition: form-data; filename="a.png"', 'x'), end])],
    ['the file in another field', Buffer.concat([file('image', 'a.png', 'x'), end])],
    ['two files in the field', Buffer.concat([file(field, 'a.png', 'x'), file(field, 'b.png', 'y'), end])],
    ['an empty file', Buffer.concat([file(field, 'a.png', ''), end])],
    ['a text file', Buffer.concat([file(field, 'a.png', 'hello', 'text/plain'), end])],
    ['a traversal filename', Buffer.concat([file(field, '../../../etc/passwd', 'x'), end])],
    [
      'an encoded traversal filename',
      Buffer.concat([
        part(`Content-Disposition: form-data; name="${field}"; filename*=UTF-8''..%2f..%2fx.png`, 'x'),
        end,
      ]),
    ],
    ['a filename with NUL', Buffer.concat([file(field, 'a.png\u0000.html', 'x'), end])],
    ['a 5 000 character filename', Buffer.concat([file(field, `${'n'.repeat(5000)}.png`, 'x'), end])],
    ['a 5 000 character field name', Buffer.concat([file('f'.repeat(5000), 'a.png', 'x'), end])],
    [
      '1 000 text fields',
      Buffer.concat([
        ...Array.from({ length: 1000 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, 'v')),
        end,
      ]),
    ],
    [
      'a 20 KB part header',
      Buffer.concat([
        part(`Content-Disposition: form-data; name="${field}"; filename="a.png"\r\nX-Pad: ${'p'.repeat(20_000)}`, 'x'),
        end,
      ]),
    ],
    [
      'a base64 part',
      Buffer.concat([
        part(
          `Content-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Transfer-Encoding: base64`,
          '!!!not base64!!!',
        ),
        end,
      ]),
    ],
    [
      'a nested multipart/mixed part',
      Buffer.concat([
        part(
          `Content-Disposition: form-data; name="${field}"\r\nContent-Type: multipart/mixed; boundary=inner`,
          '--inner\r\n\r\nx\r\n--inner--',
        ),
        end,
      ]),
    ],
    ['a header without a colon', Buffer.concat([utf8(`--${boundary}\r\nthis is no header\r\n\r\nx\r\n`), end])],
    [
      'CRLF in a filename',
      Buffer.concat([
        part(`Content-Disposition: form-data; name="${field}"; filename="a.png\r\nContent-Type: text/html"`, 'x'),
        end,
      ]),
    ],
    ['JSON with a multipart type', utf8('{"file":"x"}')],
    [
      'a prototype field name',
      Buffer.concat([
        part('Content-Disposition: form-data; name="__proto__"', 'x'),
        part('Content-Disposition: form-data; name="constructor[prototype][polluted]"', 'yes'),
        end,
      ]),
    ],
  ];
  return cases.map(([label, body, headers]) => ({
    label,
    method: op.method,
    target: op.path,
    headers: [...auth, ...(headers ?? [type])],
    body,
    refused: true,
  }));
}

/** What came back for one request: the status and, for a JSON answer, whether it reports success. */
export interface FuzzAnswer {
  status: number;
  succeeded: boolean;
  ms: number;
  /** Set when no answer came: a timeout, or the connection closed without one. */
  failure?: string;
}

/**
 * Sends one request over a raw socket (so that bytes and headers no HTTP client would send go out as written)
 * and reads the answer until the server closes the connection. Success is the envelope's code 0, or CKEditor's
 * `{url}` for its upload call.
 */
export function send(port: number, request: FuzzRequest, timeoutMs: number): Promise<FuzzAnswer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (failure?: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve({ ...parseAnswer(Buffer.concat(chunks)), ms: performance.now() - started, failure });
    };
    socket.setTimeout(timeoutMs, () => finish(`no answer within ${timeoutMs} ms`));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => finish(chunks.length === 0 ? 'connection closed without an answer' : undefined));
    // A refusal may close the connection while the body is still being written: the answer has already come.
    socket.on('error', (error) => finish(chunks.length === 0 ? `connection error ${error.message}` : undefined));
    const names = new Set(request.headers.map(([name]) => name.toLowerCase()));
    const head = [`${request.method} ${request.target} HTTP/1.1`];
    if (!names.has('host')) head.push('Host: 127.0.0.1');
    for (const [name, value] of request.headers) head.push(`${name}: ${value}`);
    const body = request.body ?? Buffer.alloc(0);
    if (request.chunked) head.push('Transfer-Encoding: chunked');
    else if (!names.has('content-length') && (request.body || request.method === 'POST'))
      head.push(`Content-Length: ${body.length}`);
    head.push('Connection: close', '', '');
    socket.write(Buffer.from(head.join('\r\n'), 'latin1'));
    if (request.chunked) {
      for (let offset = 0; offset < body.length; offset += 64 * 1024) {
        const piece = body.subarray(offset, offset + 64 * 1024);
        socket.write(Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]));
      }
      socket.write('0\r\n\r\n');
    } else if (body.length > 0) {
      socket.write(body);
    }
  });
}

function parseAnswer(raw: Buffer): { status: number; succeeded: boolean } {
  const headEnd = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, headEnd < 0 ? raw.length : headEnd).toString('latin1');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
  let body = headEnd < 0 ? Buffer.alloc(0) : raw.subarray(headEnd + 4);
  if (/^transfer-encoding:\s*chunked/im.test(head)) {
    const pieces: Buffer[] = [];
    let offset = 0;
    for (;;) {
      const lineEnd = body.indexOf('\r\n', offset);
      const size = lineEnd < 0 ? 0 : parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
      if (!size) break;
      pieces.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
      offset = lineEnd + 2 + size + 2;
    }
    body = Buffer.concat(pieces);
  }
  let succeeded = false;
  try {
    const answer = JSON.parse(body.toString('utf8')) as { code?: unknown; url?: unknown };
    succeeded = answer.code === 0 || typeof answer.url === 'string';
  } catch {
    // Not JSON (a page, an empty answer): not a successful call.
  }
  return { status, succeeded };
}

/** A request in one line, for a failure message: method, target, headers and the start of the body. */
export function describeRequest(request: FuzzRequest): string {
  const body = request.body ?? Buffer.alloc(0);
  const shown = body
    .subarray(0, 160)
    .toString('utf8')
    .replace(/[^\x20-\x7e\u00a0-\uffff]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  const headers = request.headers.map(([name, value]) => `${name}: ${value.slice(0, 40)}`).join('; ');
  return `${request.method} ${request.target.slice(0, 120)} [${headers}] ${body.length} B ${JSON.stringify(shown)}${body.length > 160 ? '…' : ''} (${request.label.slice(0, 100)})`;
}
