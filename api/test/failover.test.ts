import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canonicalQuery } from '@site/shared-types';
import { startNginx, type TestNginx } from './support/nginx.js';
import { killLaunched, startServer, type ReadyServer } from './support/server-process.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { until } from './support/until.js';

/**
 * Two servers on one database behind nginx, as README "Behind nginx or a CDN" shows it: one is killed under load,
 * and not one public read fails, because the site's reads are GETs, which nginx retries on the other server.
 */
let owner: TestApp;
let dataDir: string;
let a: ReadyServer;
let b: ReadyServer;
let nginx: TestNginx;

/** nginx in front of both servers, with the README's retry settings (no cache: every read reaches a server). */
function nginxFor(upstreams: ReadyServer[]) {
  return startNginx(
    (port) => `worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  upstream site {
    ${upstreams.map((server) => `server 127.0.0.1:${server.port} max_fails=1 fail_timeout=5s;`).join('\n    ')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 2;
    }
  }
}
`,
  );
}

beforeAll(async () => {
  // The database (migrated and seeded) comes from a test app; the two servers are real processes on it.
  owner = await createTestApp();
  dataDir = mkdtempSync(path.join(process.env.TEST_ROOT ?? os.tmpdir(), 'failover-'));
  const env = { DATABASE_URL: owner.databaseUrl, DATA_DIR: dataDir };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  nginx = await nginxFor([a, b]);
});

afterAll(async () => {
  nginx?.stop();
  if (b && b.child.exitCode === null) {
    b.child.kill('SIGTERM');
    await b.exited;
  }
  killLaunched();
  await owner.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The reads a visitor's pages make, as the site's client spells them, and two pages. */
async function visitorReads(): Promise<string[]> {
  const items = (await (await fetch(`${a.base}/api/items?menu=3`)).json()) as {
    data: { case: { caselist: Array<{ id: number }> } };
  };
  const caseId = items.data.case.caselist[0]!.id;
  return [
    '/api/index',
    '/api/header',
    `/api/items?${canonicalQuery({ menu: 3 })}`,
    `/api/itemmore?${canonicalQuery({ menu: 3, page: 0, amount: 3, type: 1 })}`,
    `/api/details?${canonicalQuery({ case: caseId, casemenu: 3 })}`,
    `/api/newmore?${canonicalQuery({ menu: 0, page: 0, amount: 3 })}`,
    '/',
    '/about.html',
  ];
}

describe('one of two servers killed under load, through nginx', () => {
  it('should lose no public read', async () => {
    const reads = await visitorReads();
    let answered = 0;
    const failures: string[] = [];
    let running = true;
    const client = async (offset: number) => {
      for (let i = offset; running; i++) {
        const route = reads[i % reads.length]!;
        try {
          const res = await fetch(nginx.base + route);
          const text = await res.text();
          const ok =
            res.status === 200 && (!route.startsWith('/api/') || (JSON.parse(text) as { code: number }).code === 0);
          if (ok) answered++;
          else failures.push(`${route}: HTTP ${res.status} ${text.slice(0, 80)}`);
        } catch (error) {
          failures.push(`${route}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    };
    const clients = Array.from({ length: 16 }, (_, index) => client(index));
    // Counted in reads, not waited for in time: a busy machine answers fewer a second, never differently.
    try {
      await until(() => answered >= 100, '100 reads before the kill');
      const before = answered;
      // A crash, not a shutdown: the connections it holds are cut without an answer.
      a.child.kill('SIGKILL');
      await a.exited;
      // Reads go on after the kill, through the server that is left.
      await until(() => answered - before >= 200, '200 reads after the kill');
    } finally {
      running = false;
      await Promise.all(clients);
    }
    expect(failures).toEqual([]);
  });
});
