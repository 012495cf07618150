import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { HTTP_MESSAGES } from './all-exceptions.filter.js';

const TAGS: Record<string, string> = {
  public: 'Calls of the desktop and mobile sites; no token',
  'admin: session': 'Log in, log out, change the password',
  'admin: menus': 'The menu tree',
  'admin: cases': 'Customer cases',
  'admin: news': 'News articles',
  'admin: keywords': 'Page title, keywords and description',
  'admin: site blocks': 'Header, footer, home, about and contact blocks',
  'admin: messages': 'Messages left through the contact forms, desktop and mobile',
  'admin: uploads': 'Image uploads',
};

/** Transport-level failures every call can answer, with the status they come with. */
const FAILURES: Array<{ status: number; name: string; when: string; bodies?: boolean }> = [
  { status: 400, name: 'BadRequest', when: 'the body is not JSON, is nested too deep or is not UTF-8', bodies: true },
  { status: 413, name: 'PayloadTooLarge', when: 'the body is larger than allowed', bodies: true },
  { status: 415, name: 'UnsupportedMediaType', when: 'the body is neither JSON nor a form', bodies: true },
  { status: 500, name: 'ServerError', when: 'an unexpected failure (`requestId` and the msg name the request)' },
  {
    status: 503,
    name: 'Unavailable',
    when: 'the database cannot be reached; retry after `Retry-After` seconds (`requestId` names the request)',
  },
];

/**
 * The OpenAPI description of every call at /api/docs (JSON at /api/docs/openapi.json), completed with what the
 * controllers do not state one by one: the envelope every call answers in, the transport failures, and an
 * explicit empty security requirement on the public calls (the admin ones name the `token` header).
 */
export function mountApiDocs(app: NestExpressApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('云帆科技官网 API')
    .setDescription(
      'Every answer is `{code, msg, data}`: code 0 success, 1 refused, 2 invalid input (the msg names the field), ' +
        '3 not logged in, all with HTTP 200. Admin calls need the `token` header from POST /api/login.',
    )
    .setVersion('1')
    .addServer('/', 'This server')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'token' }, 'token');
  for (const [name, description] of Object.entries(TAGS)) builder.addTag(name, description);
  const document = completeDocument(SwaggerModule.createDocument(app, builder.build()));
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
  return document;
}

export function completeDocument(document: OpenAPIObject): OpenAPIObject {
  const components = (document.components ??= {});
  components.schemas = {
    ...components.schemas,
    Envelope: {
      type: 'object',
      required: ['code', 'msg', 'data'],
      properties: {
        code: {
          type: 'integer',
          enum: [0, 1, 2, 3],
          description: '0 success, 1 refused, 2 invalid input, 3 not logged in',
        },
        msg: { type: 'string', example: '成功' },
        data: { description: 'the answer (any JSON value); null when code is not 0' },
      },
    },
    Failure: {
      type: 'object',
      required: ['code', 'msg', 'data'],
      properties: {
        code: { type: 'integer', enum: [1] },
        msg: { type: 'string', example: HTTP_MESSAGES[400] },
        data: { type: 'object', nullable: true, example: null },
        requestId: {
          type: 'string',
          description: 'On HTTP 5xx only: the request id, as in `X-Request-Id` and the server log',
        },
      },
    },
  };
  components.responses = Object.fromEntries(
    FAILURES.map(({ status, name, when }) => [
      name,
      {
        description: `${HTTP_MESSAGES[status]}: ${when}`,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
      },
    ]),
  );

  for (const methods of Object.values(document.paths)) {
    for (const method of ['get', 'post'] as const) {
      const operation = methods[method];
      if (!operation) continue;
      operation.security ??= [];
      const ok = operation.responses['200'] as { description?: string; content?: unknown } | undefined;
      if (!ok?.content) {
        operation.responses['200'] = {
          description: 'The envelope; `data` holds the answer when code is 0',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
        };
      }
      for (const { status, name, bodies } of FAILURES) {
        if (bodies && !operation.requestBody) continue;
        operation.responses[String(status)] ??= { $ref: `#/components/responses/${name}` };
      }
    }
  }
  return document;
}
