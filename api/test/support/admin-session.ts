import { createHash } from 'node:crypto';
import type { Response } from 'supertest';
import { ok } from './envelope.js';
import { TEST_ADMIN, type TestApp } from './test-app.js';

export const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** Logs in as the test administrator (or the given credentials) and returns the token. */
export async function login(t: TestApp, email = TEST_ADMIN.email, password = TEST_ADMIN.password): Promise<string> {
  const data = ok<{ token: string }>(await t.http.post('/api/login').send({ email, password: md5(password) }));
  return data.token;
}

/** An admin call with the token header. */
export function adminCall(t: TestApp, token: string, path: string, body: object = {}): Promise<Response> {
  return t.http.post(path).set('token', token).send(body);
}
