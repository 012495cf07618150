import { parse as parseQuery } from 'node:querystring';
import { Injectable, type OnModuleInit, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Envelope } from '@site/shared-types';
import { plainToInstance } from 'class-transformer';
import { getMetadataStorage } from 'class-validator';
import { ApiException } from '../../core/api.exception.js';
import { PUBLIC_READ, type PublicReadOptions } from '../../core/public-read.decorator.js';
import { refusalEnvelope, successEnvelope } from '../../core/envelope.js';
import { successMessage } from '../../core/response-message.decorator.js';
import { ApiValidationPipe } from '../../core/validation.js';

export interface PublicReadRoute {
  method: 'GET' | 'POST';
  path: string;
  openEnded: boolean;
  /** The body's DTO and the fields it keeps (POST reads); `null` for a read without a body. */
  dto: Type<object> | null;
  fields: string[];
  /** Runs the handler in this process: validation, the call, the envelope. */
  call(body: unknown): Promise<Envelope<unknown>>;
}

const REQUEST_METHODS: Record<number, 'GET' | 'POST' | undefined> = { 0: 'GET', 1: 'POST' };
const MAX_SPELLINGS = 4096;

/**
 * Every handler marked `@PublicRead()`, found once at start from the controllers' own routing metadata, so the
 * cache and the server render know the public reads without a second list of paths.
 */
@Injectable()
export class PublicReads implements OnModuleInit {
  private readonly routes = new Map<string, PublicReadRoute>();
  private readonly pipe = new ApiValidationPipe();
  /** Cache keys by the spelling of a body or query (bounded: outsiders choose spellings freely). */
  private readonly keys = new Map<string, string>();
  /** Bodies as the validation pipe made them, by handler and spelling (bounded like `keys`). */
  private readonly bodies = new Map<string, object>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || !wrapper.metatype) continue;
      const prefix = String(Reflect.getMetadata(PATH_METADATA, wrapper.metatype) ?? '');
      for (const name of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const handler = instance[name] as (...args: unknown[]) => Promise<unknown>;
        const options = this.reflector.get<PublicReadOptions | undefined>(PUBLIC_READ, handler);
        if (!options) continue;
        const method = REQUEST_METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        if (!method) throw new Error(`@PublicRead() on ${wrapper.name}.${name}: only GET and POST reads`);
        const path = `/${[prefix, String(Reflect.getMetadata(PATH_METADATA, handler) ?? '')].filter(Boolean).join('/')}`;
        const [dto] = (Reflect.getMetadata('design:paramtypes', instance, name) ?? []) as Array<Type<object>>;
        const message = successMessage(this.reflector, handler, wrapper.metatype as Type<unknown>);
        this.routes.set(`${method} ${path}`, {
          method,
          path,
          openEnded: options.openEnded ?? false,
          dto: dto ?? null,
          fields: dto ? fieldsOf(dto) : [],
          call: (body) => this.run(`${method} ${path}`, handler.bind(instance), dto ?? null, message, body),
        });
      }
    }
  }

  find(method: string, path: string): PublicReadRoute | undefined {
    return this.routes.get(`${method} ${path}`);
  }

  /**
   * The cache key of a read: its path and what its DTO keeps of the body or query, after the DTO's own conversions
   * (so `{"menu":"3"}`, `{"menu":3,"x":1}`, `?menu=03&x=1` are one key), the same for its GET and POST forms (they
   * answer the same bytes); `null` when the body is not an object.
   */
  keyOf(route: PublicReadRoute, body: unknown): string | null {
    if (!route.dto) return route.path;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
    return this.remembered(route, `${route.path} ${JSON.stringify(body)}`, () => body);
  }

  /** The key of a GET form from its query string as sent (`menu=3&x=1`): a spelling seen before parses nothing. */
  keyOfQuery(route: PublicReadRoute, query: string): string {
    if (!route.dto) return route.path;
    return this.remembered(route, `${route.path}?${query}`, () => parseQuery(query));
  }

  /** The DTO's conversions cost more than the rest of a cache hit: each spelling is converted once. */
  private remembered(route: PublicReadRoute, spelling: string, body: () => object): string {
    let key = this.keys.get(spelling);
    if (key === undefined) {
      const converted = plainToInstance(route.dto!, body()) as Record<string, unknown>;
      key = `${route.path} ${JSON.stringify(route.fields.map((field) => converted[field] ?? null))}`;
      if (this.keys.size >= MAX_SPELLINGS) this.keys.clear();
      this.keys.set(spelling, key);
    }
    return key;
  }

  /**
   * The handler called as HTTP calls it, through the same pieces: the application's validation pipe on the body,
   * the success envelope of its result or the envelope of its refusal. Anything else is thrown, as over HTTP.
   */
  private async run(
    route: string,
    handler: (...args: unknown[]) => Promise<unknown>,
    dto: Type<object> | null,
    message: string,
    body: unknown,
  ): Promise<Envelope<unknown>> {
    try {
      const args = dto ? [await this.validated(route, dto, body)] : [];
      return successEnvelope(await handler(...args), message);
    } catch (error) {
      if (error instanceof ApiException) return refusalEnvelope(error);
      throw error;
    }
  }

  /**
   * The body as the validation pipe makes it, a pure function of its spelling: each spelling is converted and
   * checked once (a refusal is not kept), and each call gets its own copy.
   */
  private async validated(route: string, dto: Type<object>, body: unknown): Promise<object> {
    const spelling = `${route} ${JSON.stringify(body)}`;
    let made = this.bodies.get(spelling);
    if (made === undefined) {
      made = (await this.pipe.transform(body, { type: 'body', metatype: dto, data: '' })) as object;
      if (this.bodies.size >= MAX_SPELLINGS) this.bodies.clear();
      this.bodies.set(spelling, made);
    }
    return Object.assign(Object.create(Object.getPrototypeOf(made) as object | null) as object, made);
  }
}

/** The properties a DTO validates, in a fixed order (the others are dropped by validation anyway). */
function fieldsOf(dto: Type<object>): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  return [...new Set(metadata.map((entry) => entry.propertyName))].sort();
}
