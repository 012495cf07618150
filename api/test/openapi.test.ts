import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3 } from 'openapi-types';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let document: OpenAPIV3.Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.http.get('/api/docs/openapi.json');
  expect(res.status).toBe(200);
  document = res.body as OpenAPIV3.Document;
});
afterAll(() => t.close());

function operations(): Array<{ method: 'get' | 'post'; path: string; operation: OpenAPIV3.OperationObject }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'post'] as const).flatMap((method) => (item?.[method] ? [{ method, path, operation: item[method] }] : [])),
  );
}

describe('the OpenAPI document', () => {
  it('should be a valid OpenAPI document with every reference resolved', async () => {
    // validate() dereferences every $ref and checks the document against the OpenAPI 3 schema.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(JSON.stringify(document)).not.toContain('"#/components/schemas/"');
  });

  it('should describe the nested site-block shapes, not a placeholder string', () => {
    const header = document.components?.schemas?.HeaderBlockDto as OpenAPIV3.SchemaObject;
    expect(header.properties?.logo).toEqual({ $ref: '#/components/schemas/ImageRefDto' });
    expect(header.properties?.banner).toMatchObject({
      type: 'array',
      items: { $ref: '#/components/schemas/BannerDto' },
    });
    expect(header.required).toEqual(expect.arrayContaining(['logo', 'banner']));
  });

  it('should give every operation a summary, its security and its failure answers', () => {
    expect(operations().length).toBeGreaterThanOrEqual(50);
    for (const { method, path, operation } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect({ where, summary: typeof operation.summary === 'string' && operation.summary.length > 5 }).toEqual({
        where,
        summary: true,
      });
      expect({ where, security: Array.isArray(operation.security) }).toEqual({ where, security: true });
      expect({ where, responses: Object.keys(operation.responses).sort() }).toEqual({
        where,
        responses: expect.arrayContaining(['200', '500', '503', ...(operation.requestBody ? ['400', '413'] : [])]),
      });
    }
  });

  it('should declare the token exactly on the calls that refuse a request without one', async () => {
    for (const { method, path, operation } of operations()) {
      const res = method === 'get' ? await t.http.get(path) : await t.http.post(path).send({});
      // The rich-text editor's upload answers in the editor's own format: `{error: {message}}`.
      const refusedWithoutToken =
        res.status === 200 && (res.body.code === 3 || typeof res.body.error?.message === 'string');
      const declared = (operation.security ?? []).some((requirement) => 'token' in requirement);
      expect({ call: `${method.toUpperCase()} ${path}`, declared }).toEqual({
        call: `${method.toUpperCase()} ${path}`,
        declared: refusedWithoutToken,
      });
    }
  });

  it("should describe the editor upload's own answer format rather than the envelope", () => {
    const ok = document.paths['/api/uploaders']!.post!.responses['200'] as OpenAPIV3.ResponseObject;
    expect(JSON.stringify(ok.content)).toContain('"error"');
    expect(JSON.stringify(ok.content)).not.toContain('Envelope');
  });

  it('should serve the interactive page', async () => {
    const res = await t.http.get('/api/docs/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger-ui');
  });
});
