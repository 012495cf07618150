import type { APIRequestContext } from '@playwright/test';
import { directUrl } from './site';

/** Calls the public API directly (the data the pages are expected to show) and returns `data`. */
export async function apiData<T>(request: APIRequestContext, path: string, body?: unknown): Promise<T> {
  const response =
    body === undefined ? await request.get(directUrl(path)) : await request.post(directUrl(path), { data: body });
  const envelope = (await response.json()) as { code: number; data: T };
  if (envelope.code !== 0) throw new Error(`${path} answered code ${envelope.code}`);
  return envelope.data;
}
