import type { APIRequestContext, Page } from '@playwright/test';
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
