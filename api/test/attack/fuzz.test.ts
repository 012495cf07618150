import type { AddressInfo } from 'node:net';
import type { LoggerService } from '@nestjs/common';
import type { OpenAPIV3 } from 'openapi-types';
import { login } from '../support/admin-session.js';
import {
  describeRequest,
  type FuzzRequest,
  malformedRequests,
  type Operation,
  operations,
  prng,
  send,
} from '../support/fuzz-requests.js';
import { publicSnapshot } from '../support/public-snapshot.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The attack suite's fuzzer: every call of the OpenAPI document (public and admin, admin ones with a valid
 * token) gets at least 100 malformed requests generated from its schema (support/fuzz-requests.ts). No answer
 * may be a 5xx or take more than a few seconds, no request that breaks the schema may succeed, and afterwards
 * the public data, the session, the server's health and Object.prototype are as they were.
 *
 * The requests are random in part: FUZZ_SEED=<n> repeats a run (the seed is printed with every failure).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261117);
const PER_CALL = 100;
const ANSWER_WITHIN_MS = 5000;
const PARALLEL = 4;

const logged: string[] = [];
const logger: LoggerService = {
  log: () => undefined,
  warn: () => undefined,
  error: (message: unknown) => void logged.push(String(message)),
};

let t: TestApp;
let port: number;
let token: string;
let document: OpenAPIV3.Document;
let before: Record<string, unknown>;
beforeAll(async () => {
  t = await createTestApp({}, { logger });
  await t.app.listen(0, '127.0.0.1');
  port = (t.app.getHttpServer().address() as AddressInfo).port;
  token = await login(t);
  document = (await t.http.get('/api/docs/openapi.json')).body as OpenAPIV3.Document;
  before = await publicSnapshot(t);
});
afterAll(() => t.close());

/** Sends `requests` a few at a time; answers the ones that failed, described. */
async function attack(requests: FuzzRequest[]): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      const answer = await send(port, request, ANSWER_WITHIN_MS);
      const problem =
        answer.failure ??
        (answer.status >= 500 || answer.status < 100
          ? `HTTP ${answer.status}`
          : request.refused && answer.succeeded
            ? `accepted (HTTP ${answer.status}, success)`
            : null);
      if (problem) failures.push(`${problem}: ${describeRequest(request)}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return failures;
}

describe(`fuzzing every call of the OpenAPI document (seed ${SEED})`, () => {
  it('should answer every malformed request below 500 and in time, and succeed with none that breaks the schema', async () => {
    const random = prng(SEED);
    const calls = operations(document);
    // The calls that end a session or count failed logins go last, with a token of their own.
    const last = new Set(['/api/login', '/api/quit']);
    const counts: Record<string, number> = {};
    const plan: Array<[Operation, FuzzRequest[]]> = [];
    for (const op of [...calls.filter((c) => !last.has(c.path)), ...calls.filter((c) => last.has(c.path))]) {
      const own = op.path === '/api/quit' ? await login(t) : token;
      const requests = malformedRequests(op, { token: own, minimum: PER_CALL, random });
      counts[`${op.method} ${op.path}`] = requests.length;
      plan.push([op, requests]);
    }
    const failures: string[] = [];
    for (const [, requests] of plan) failures.push(...(await attack(requests)));

    expect(Object.keys(counts).length).toBeGreaterThanOrEqual(50);
    // The browsers' beacons are public and take numbers: both among the calls fuzzed.
    expect(Object.keys(counts)).toEqual(
      expect.arrayContaining(['POST /api/frontend/errors', 'POST /api/frontend/vitals', 'POST /api/vitals']),
    );
    expect(Object.entries(counts).filter(([, count]) => count < PER_CALL)).toEqual([]);
    expect({ seed: SEED, failures, total: failures.length }).toEqual({
      seed: SEED,
      failures: [],
      total: 0,
    });
  });

  it('should leave the public data, the session, the server and Object.prototype as they were', async () => {
    expect(await publicSnapshot(t)).toEqual(before);
    const session = await t.http.post('/api/getheader').set('token', token);
    expect({ status: session.status, code: session.body.code }).toEqual({ status: 200, code: 0 });
    const health = await t.http.get('/api/health');
    expect(health.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('admin');
    expect(logged).toEqual([]);
  });
});
