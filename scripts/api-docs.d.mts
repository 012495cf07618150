/** Types of scripts/api-docs.mjs for the TypeScript code that uses it (the API reference's test). */
import type { OpenAPIObject } from '@nestjs/swagger';

export declare const API_DOCS_FILE: string;
export declare function buildApiDocument(api: {
  AppModule: { register(config: never, databaseUrl: string): unknown };
  loadConfig(env: Record<string, string>): { databaseUrl: string | null };
  mountApiDocs(app: never): OpenAPIObject;
}): Promise<OpenAPIObject>;
export declare function renderApiDocs(document: unknown): Promise<string>;
