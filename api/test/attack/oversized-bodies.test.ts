import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { md5 } from '../support/admin-session.js';
import { killLaunched, startServer, type ReadyServer } from '../support/server-process.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../support/test-app.js';

/**
 * A body far over the limit gets its refusal (docs/decisions.md "Bodies"): the server answers 413 as soon as it knows,
 * and closes the connection only after the client could read the answer, however much of the body is still on its
 * way. Run against the real server process: within one process the client and the server share an event loop, and
 * the connection reset that lost answers does not show.
 */
let owner: TestApp;
let server: ReadyServer;
let dataDir: string;
let token: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(process.env.TEST_ROOT ?? os.tmpdir(), 'bodies-'));
  owner = await createTestApp({ DATA_DIR: dataDir });
  server = await startServer({ DATABASE_URL: owner.databaseUrl, DATA_DIR: dataDir });
  const res = await fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: TEST_ADMIN.email, password: md5(TEST_ADMIN.password) }),
  });
  token = ((await res.json()) as { data: { token: string } }).data.token;
});

afterAll(async () => {
  killLaunched();
  await owner?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Sends a whole body on a raw connection, as most clients do before reading, and answers the status line that came
 * back, or how the connection failed without one.
 */
function sendWhole(path: string, body: Buffer, type: string, headers = ''): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(server.port, '127.0.0.1');
    let answer = '';
    let failure = 'closed';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => (failure = error.code ?? error.message));
    socket.on('close', () =>
      resolve(answer.startsWith('HTTP/1.1 ') ? answer.slice(0, answer.indexOf('\r\n')) : `no answer: ${failure}`),
    );
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\n` +
        `Content-Length: ${body.length}\r\n${headers}\r\n`,
    );
    socket.end(body);
  });
}

describe('a body of 8 MiB', () => {
  it('should get its 413 every time, on every kind of call', async () => {
    const json = Buffer.from(`{"padding":"${'x'.repeat(8 * 1024 * 1024)}"}`);
    const form = Buffer.from(`padding=${'x'.repeat(8 * 1024 * 1024)}`);
    const calls: Array<[name: string, path: string, body: Buffer, type: string, headers?: string]> = [
      ['a lead', '/api/leaveword', json, 'application/json'],
      ['a case save without a token', '/api/amendcase', json, 'application/json'],
      ['the menu list without a token', '/api/menu', json, 'application/json'],
      ['a cached public read', '/api/items', json, 'application/json'],
      ['a lead as a form', '/api/leaveword', form, 'application/x-www-form-urlencoded'],
      ['a case save', '/api/amendcase', json, 'application/json', `token: ${token}\r\n`],
    ];
    const outcomes: Record<string, Record<string, number>> = {};
    for (const [name, route, body, type, headers] of calls) {
      const counts: Record<string, number> = {};
      for (let round = 0; round < 20; round += 1) {
        const answer = await sendWhole(route, body, type, headers);
        counts[answer] = (counts[answer] ?? 0) + 1;
      }
      outcomes[name] = counts;
    }
    const everyTime = Object.fromEntries(calls.map(([name]) => [name, { 'HTTP/1.1 413 Payload Too Large': 20 }]));
    expect(outcomes).toEqual(everyTime);
  });
});
