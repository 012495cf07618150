import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { canonicalQuery } from '@site/shared-types';
import { directUrl } from './site';

/** Calls the public API directly (the data the pages are expected to show) and returns `data`. */
export async function apiData<T>(request: APIRequestContext, path: string, body?: unknown): Promise<T> {
  const response =
    body === undefined ? await request.get(directUrl(path)) : await request.post(directUrl(path), { data: body });
  const envelope = (await response.json()) as { code: number; data: T };
  if (envelope.code !== 0) throw new Error(`${path} answered code ${envelope.code}`);
  return envelope.data;
}

/** Answers the page's calls to the API path matching the glob `path` with this envelope, as the server would. */
export function answerCalls(page: Page, path: string, envelope: { code: number; msg: string; data: unknown }) {
  return page.route(path, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(envelope) }),
  );
}

export interface RecordedCall {
  method: string;
  query: string;
  /** A POST's JSON body, or a GET's query fields as numbers. */
  body: Record<string, unknown>;
}

/** Records the page's calls to `path`: reads are GETs with their fields in the query, a form's send a POST. */
export function recordCalls(page: Page, path: string): RecordedCall[] {
  const calls: RecordedCall[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname !== path) return;
    const body =
      request.method() === 'POST'
        ? request.postDataJSON()
        : Object.fromEntries([...url.searchParams].map(([name, value]) => [name, Number(value)]));
    calls.push({ method: request.method(), query: url.search.slice(1), body });
  });
  return calls;
}

/** A list call is a GET whose query is its fields' one canonical spelling (what a cache in front keeps). */
export function expectListCall(call: RecordedCall | undefined, fields: Record<string, number>) {
  expect(call).toEqual({ method: 'GET', query: canonicalQuery(fields), body: fields });
}
