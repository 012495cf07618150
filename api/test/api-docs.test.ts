import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_DOCS_FILE, buildApiDocument, renderApiDocs } from '../../scripts/api-docs.mjs';
import { AppModule } from '../src/app.module.js';
import { loadConfig } from '../src/config/config.js';
import { mountApiDocs } from '../src/core/api-docs.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * docs/api.md, the reference of every call, is written by `npm run docs:api` (scripts/api-docs.mjs) from the
 * OpenAPI document. It must say what the server serves: a call, a field or a rule changed without running the
 * command again fails here.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const FIX = 'run `npm run docs:api` and commit docs/api.md';

let t: TestApp;
let served: unknown;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.http.get('/api/docs/openapi.json');
  expect(res.status).toBe(200);
  served = res.body;
});
afterAll(() => t.close());

/** The first line where two texts differ, to say what is stale. */
function firstDifference(actual: string, expected: string): { line: number; file: string; served: string } | null {
  const a = actual.split('\n');
  const b = expected.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return { line: i + 1, file: a[i] ?? '(end of file)', served: b[i] ?? '(end of file)' };
  }
  return null;
}

describe(`${API_DOCS_FILE}, the API reference`, () => {
  it('should be what the served OpenAPI document renders to', async () => {
    const expected = await renderApiDocs(served);
    const actual = readFileSync(path.join(repoRoot, API_DOCS_FILE), 'utf8');
    expect({ file: API_DOCS_FILE, difference: firstDifference(actual, expected), fix: FIX }).toEqual({
      file: API_DOCS_FILE,
      difference: null,
      fix: FIX,
    });
  });

  it('should be written by the command from the same document, made without a database', async () => {
    // `npm run docs:api` puts the application together in Nest's preview mode; were its document to differ from
    // the served one, the command could not mend what the test above reports.
    const built = await buildApiDocument({ AppModule, loadConfig, mountApiDocs });
    expect(built).toEqual(served);
  });

  it('should link only to its own headings', () => {
    const text = readFileSync(path.join(repoRoot, API_DOCS_FILE), 'utf8');
    const headings = new Set(
      [...text.matchAll(/^#+ (.+)$/gm)].map((match) =>
        match[1]!
          .toLowerCase()
          .replace(/[^\p{L}\p{N}\s-]/gu, '')
          .replace(/\s/g, '-'),
      ),
    );
    const links = [...text.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(50);
    expect(links.filter((link) => !headings.has(link))).toEqual([]);
  });
});

describe("docs/behaviour.md's API section", () => {
  it('should name every call the server serves, with what it answers', () => {
    const text = readFileSync(path.join(repoRoot, 'docs/behaviour.md'), 'utf8');
    const start = text.indexOf('\n## API\n');
    const end = text.indexOf('\n## ', start + 1);
    expect(start).toBeGreaterThan(0);
    const section = text.slice(start, end < 0 ? undefined : end);
    const paths = Object.keys((served as { paths: Record<string, unknown> }).paths);
    expect(paths.length).toBeGreaterThan(50);
    // A table row names a call as `/api/x`, `/api/x?…` or `GET /api/x`.
    const named = (call: string) =>
      new RegExp(`\`(?:(?:GET|POST) )?${call.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\`?]`);
    expect(paths.filter((call) => !named(call).test(section))).toEqual([]);
  });
});
