import { applyDecorators, Get } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';

/**
 * The GET form of a public read the wire contract has as a POST (docs/decisions.md "Reads are GETs too"): the same
 * read with its fields in the query, documented as such on the OpenAPI page.
 */
export const ApiGetForm = (path: string, summary: string) =>
  applyDecorators(
    Get(path),
    ApiOperation({
      summary: `${summary} (GET form)`,
      description: 'The same read as a GET with its fields in the query (cacheable by a CDN, retried by a proxy)',
    }),
  );
