import type { Response } from 'supertest';

/** Asserts a successful envelope (HTTP 200, code 0, a msg) and returns its data. */
export function ok<T = unknown>(res: Response): T {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status: 200, code: 0 });
  expect(typeof res.body.msg).toBe('string');
  expect(res.headers['content-type']).toMatch(/application\/json/);
  return res.body.data as T;
}

/** Asserts a refusal envelope with HTTP 200 and the given code; returns its msg. */
export function refused(res: Response, code: 1 | 2 | 3): string {
  expect({ status: res.status, code: res.body?.code, data: res.body?.data }).toEqual({ status: 200, code, data: null });
  expect(res.body.msg).toMatch(/\p{Script=Han}/u);
  return res.body.msg as string;
}

/** Asserts a transport-level failure: the given HTTP status with an envelope (code 1, Chinese msg). */
export function failedWith(res: Response, status: number): string {
  expect({ status: res.status, code: res.body?.code, data: res.body?.data }).toEqual({ status, code: 1, data: null });
  expect(res.body.msg).toMatch(/\p{Script=Han}/u);
  return res.body.msg as string;
}
