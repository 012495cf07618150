import { promises as fs, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { md5 } from './support/admin-session.js';
import {
  alive,
  clusterClient,
  clusterPid,
  killLaunched,
  mainJs,
  startServer,
  type ReadyServer,
} from './support/server-process.js';
import { TEST_ADMIN } from './support/test-app.js';

/**
 * The real server process stopped the hard way and the polite way (docs/decisions.md "Fault tolerance"):
 * SIGKILL in the middle of a stream of writes, then a start on the same DATA_DIR, keeps every acknowledged write
 * and leaves no half of one; SIGTERM lets the requests under way finish, refuses new connections, closes idle
 * keep-alive ones, stops the embedded PostgreSQL and exits 0, cutting what is left after SHUTDOWN_TIMEOUT_MS.
 */

let workDir: string;
let dataDir: string;
beforeAll(async () => {
  await fs.access(mainJs).catch(() => {
    throw new Error(`${mainJs} is missing: run \`npm run build\` (npm test does it first)`);
  });
  workDir = await fs.mkdtemp(path.join(process.env.TEST_ROOT ?? '/tmp', 'faults-'));
  await fs.chmod(workDir, 0o755);
  dataDir = path.join(workDir, 'data');
});

afterAll(() => {
  killLaunched();
  const pid = clusterPid(dataDir);
  if (pid && alive(pid)) process.kill(pid, 'SIGINT');
});

const SHUTDOWN_TIMEOUT_MS = 2000;
const env = () => ({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: TEST_ADMIN.email,
  ADMIN_PASSWORD: TEST_ADMIN.password,
  // Each message and failed login comes from its own address, so the limits never refuse one.
  TRUST_PROXY: '1',
  SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
});

type Envelope = { code: number; msg: string; data: unknown };

async function post(server: ReadyServer, route: string, body: object, headers: Record<string, string> = {}) {
  const res = await fetch(server.base + route, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope;
}

async function login(server: ReadyServer): Promise<string> {
  const answer = await post(server, '/api/login', { email: TEST_ADMIN.email, password: md5(TEST_ADMIN.password) });
  expect(answer.code).toBe(0);
  return (answer.data as { token: string }).token;
}

/** What the writers were told: the writes acknowledged with code 0, and everything they tried. */
interface Ledger {
  cases: Map<number, string>;
  articles: Map<number, string>;
  menus: Map<number, string>;
  /** Header alts in the order they were written; `acknowledged` is the index of the last one answered code 0. */
  alts: string[];
  acknowledgedAlt: number;
  messages: Map<string, boolean>;
  logins: string[];
}

const ledger: Ledger = {
  cases: new Map(),
  articles: new Map(),
  menus: new Map(),
  alts: [],
  acknowledgedAlt: -1,
  messages: new Map(),
  logins: [],
};

/**
 * Writers, one per kind of write, each sending its writes one after another until the server is gone. Each write
 * touches several rows or several tables: a case or an article with its pages queued for Baidu, a menu checked
 * against its siblings under a table lock, a message with its address's rate-limit counter, a failed login with
 * the account's and the address's counters, a site block.
 */
function writeUntilGone(server: ReadyServer, token: string, round: number): Promise<void>[] {
  const admin = { token };
  const until = async (write: (i: number) => Promise<void>) => {
    for (let i = 0; ; i++) {
      try {
        await write(i);
      } catch {
        return; // the connection was refused or reset: the server is gone
      }
    }
  };
  const unique = (kind: string, i: number) => `${kind}${round}-${i}`;
  return [
    until(async (i) => {
      const name = unique('断电案例', i);
      const answer = await post(
        server,
        '/api/amendcase',
        {
          id: 0,
          name,
          intro: '断电测试',
          scene: '企业官网',
          site: 'https://www.example.com',
          img: '/uploads/seed/v1/logo.svg',
          code_img: '',
          banner: [{ url: '/uploads/seed/v1/logo.svg' }],
          top: 2,
          dict_id: 3,
          class_id: 1,
          content: '<p>正文</p>',
          create_time: '2026-11-20',
        },
        admin,
      );
      if (answer.code === 0) ledger.cases.set((answer.data as { id: number }).id, name);
    }),
    until(async (i) => {
      const title = unique('断电文章', i);
      const answer = await post(
        server,
        '/api/amendnews',
        { id: 0, title, dynamic_id: 1, content: '<p>正文</p>' },
        admin,
      );
      if (answer.code === 0) ledger.articles.set((answer.data as { id: number }).id, title);
    }),
    until(async (i) => {
      const title = unique('断电栏目', i);
      const form = {
        id: 0,
        grade: 2,
        menu: 3,
        title,
        intro: '',
        pcmenu: false,
        pcmenusite: 0,
        movemenu: false,
        movemenusite: 0,
      };
      const answer = await post(server, '/api/amendmenu', form, admin);
      if (answer.code === 0) ledger.menus.set((answer.data as { id: number }).id, title);
    }),
    until(async (i) => {
      const block = (await post(server, '/api/getheader', {}, admin)).data as { logo: { alt: string } };
      const alt = unique('断电页头', i);
      const index = ledger.alts.push(alt) - 1;
      const answer = await post(server, '/api/amendheader', { ...block, logo: { ...block.logo, alt } }, admin);
      if (answer.code === 0) ledger.acknowledgedAlt = index;
    }),
    until(async (i) => {
      const ip = `198.18.${round}.${i % 250}`;
      const name = unique('断电', i);
      const body = { name, phone: '13800138000', content: '断电测试留言' };
      ledger.messages.set(name, false);
      const answer = await post(server, '/api/leaveword', body, { 'x-forwarded-for': ip });
      if (answer.code === 0) ledger.messages.set(name, true);
    }),
    until(async (i) => {
      const ip = `198.19.${round}.${i % 250}`;
      ledger.logins.push(ip);
      await post(
        server,
        '/api/login',
        { email: TEST_ADMIN.email, password: md5(`wrong-${i}`) },
        { 'x-forwarded-for': ip },
      );
    }),
  ];
}

/** The invariants of every kind of write, read straight from the database. */
async function checkIntegrity(): Promise<void> {
  const db = await clusterClient(dataDir);
  try {
    const rows = async <T>(text: string, params: unknown[] = []) => (await db.query(text, params)).rows as T[];
    const queued = new Set(
      (await rows<{ key: string }>(`SELECT key FROM outbox WHERE kind = 'baidu-push'`)).map((r) => r.key),
    );

    const cases = await rows<{ id: number; name: string }>(`SELECT id, name FROM "case" WHERE name LIKE '断电案例%'`);
    const caseNames = new Map(cases.map((c) => [c.id, c.name]));
    for (const [id, name] of ledger.cases) expect(caseNames.get(id)).toBe(name);
    // A case is never there without its pages queued for Baidu, which were written in its transaction.
    const unqueuedCases = cases.filter(
      (c) => !queued.has(`/details/${c.id}.html`) || !queued.has(`/move/details/${c.id}.html`),
    );
    expect(unqueuedCases).toEqual([]);

    const articles = await rows<{ id: number; title: string }>(
      `SELECT id, title FROM news WHERE title LIKE '断电文章%'`,
    );
    const titles = new Map(articles.map((a) => [a.id, a.title]));
    for (const [id, title] of ledger.articles) expect(titles.get(id)).toBe(title);
    const unqueuedArticles = articles.filter(
      (a) => !queued.has(`/news/${a.id}.html`) || !queued.has(`/move/news/${a.id}.html`),
    );
    expect(unqueuedArticles).toEqual([]);

    const menus = new Map(
      (await rows<{ id: number; name: string }>(`SELECT id, name FROM menu WHERE name LIKE '断电栏目%'`)).map((m) => [
        m.id,
        m.name,
      ]),
    );
    for (const [id, title] of ledger.menus) expect(menus.get(id)).toBe(title);

    // The header is the last acknowledged version or one written after it, whole.
    const [header] = await rows<{ value: { logo: { alt: string } } }>(
      `SELECT value FROM site_block WHERE key = 'header'`,
    );
    if (ledger.acknowledgedAlt >= 0) {
      expect(ledger.alts.indexOf(header!.value.logo.alt)).toBeGreaterThanOrEqual(ledger.acknowledgedAlt);
    }

    // A message and its address's counter are stored together or not at all.
    const messages = await rows<{ name: string; counted: boolean }>(
      `SELECT m.name, EXISTS (SELECT 1 FROM rate_limit r WHERE r.key = 'leaveword:' || m.ip) AS counted
       FROM message m WHERE m.name LIKE '断电%'`,
    );
    const stored = new Set(messages.map((m) => m.name));
    for (const [name, acknowledged] of ledger.messages) if (acknowledged) expect(stored.has(name)).toBe(true);
    expect(messages.filter((m) => !m.counted)).toEqual([]);
    const [counters] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM rate_limit WHERE key LIKE 'leaveword:198.18.%'`,
    );
    expect(counters!.n).toBe(messages.length);

    // A failed login counts against the account and the address together.
    const logins = await rows<{ key: string }>(`SELECT key FROM rate_limit WHERE key LIKE 'login:%198.19.%'`);
    const keys = new Set(logins.map((row) => row.key));
    const halves = ledger.logins.filter(
      (ip) => keys.has(`login:account:${TEST_ADMIN.email}|${ip}`) !== keys.has(`login:address:${ip}`),
    );
    expect(halves).toEqual([]);
  } finally {
    await db.end();
  }
}

describe('a server killed and stopped', () => {
  let server: ReadyServer;

  it('should keep every acknowledged write and no half of one when killed in the middle of writes', async () => {
    server = await startServer(env());
    // Two kills at random moments once the writes are under way (each start costs seconds; on a busy machine a
    // fixed delay could end a round before it wrote anything); the second also stops PostgreSQL at once (SIGQUIT:
    // no checkpoint), as a power cut would, so that the next start also recovers the cluster from its log.
    const written = () => ledger.cases.size + ledger.articles.size + ledger.menus.size + ledger.messages.size;
    for (const round of [1, 2] as const) {
      const token = await login(server);
      const before = written();
      const writers = writeUntilGone(server, token, round);
      const started = Date.now();
      while (written() < before + 8 && Date.now() - started < 20_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 400));
      const cluster = clusterPid(dataDir)!;
      server.child.kill('SIGKILL');
      if (round === 2) process.kill(cluster, 'SIGQUIT');
      await Promise.all([server.exited, ...writers]);

      server = await startServer(env());
      expect(server.output()).not.toMatch(/ERROR|Seeded the demo content/);
      await checkIntegrity();
      // It serves, reads and writes.
      expect((await post(server, '/api/items', { menu: 3 })).code).toBe(0);
    }
    expect(written()).toBeGreaterThanOrEqual(16);
  });

  it('should finish the requests under way on SIGTERM, refuse new ones, stop PostgreSQL and exit 0', async () => {
    const token = await login(server);
    const png = readFileSync(path.join(import.meta.dirname, 'support', 'images', 'photo.png'));
    // An idle keep-alive connection, and two uploads sent slowly: the first finishes after the signal, the
    // second never does.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const idle = await new Promise<net.Socket>((resolve, reject) => {
      const request = http.get(`${server.base}/api/header`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(request.socket!));
      });
      request.on('error', reject);
    });
    const idleClosed = new Promise((resolve) => idle.once('close', resolve));
    const finished = slowUpload(server, token, png);
    const abandoned = slowUpload(server, token, png);
    await Promise.all([finished.started, abandoned.started]);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    while (!server.output().includes('SIGTERM received')) await new Promise((resolve) => setTimeout(resolve, 10));
    await idleClosed;
    const refused = await new Promise<string>((resolve) => {
      const probe = net.connect(server.port, '127.0.0.1');
      probe.on('connect', () => (probe.destroy(), resolve('connected')));
      probe.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');

    const answer = await finished.finish();
    expect({ status: answer.status, connection: answer.connection, code: answer.body.code }).toEqual({
      status: 200,
      connection: 'close',
      code: 0,
    });
    expect((answer.body.data as { url: string }).url).toMatch(/^\/uploads\/.+\.png$/);

    expect(await server.exited).toBe(0);
    const took = Date.now() - signalled;
    // The unfinished upload held the server until SHUTDOWN_TIMEOUT_MS, not longer.
    expect(took).toBeGreaterThanOrEqual(SHUTDOWN_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 5000);
    await expect(abandoned.finish()).rejects.toThrow();
    expect(server.output()).toMatch(/1 connection\(s\) still open after SHUTDOWN_TIMEOUT_MS=2000 were cut/);
    expect(clusterPid(dataDir)).toBeNull();
    agent.destroy();
  });
});

/**
 * A picture upload whose body is sent in two halves: `started` once the first half is out (and the server has the
 * request), `finish()` sends the rest and resolves with the answer.
 */
function slowUpload(server: ReadyServer, token: string, bytes: Buffer) {
  const boundary = 'fault-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const half = Math.floor(body.length / 2);
  const request = http.request(`${server.base}/api/uploader`, {
    method: 'POST',
    agent: false,
    headers: {
      token,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': body.length,
    },
  });
  const answered = new Promise<{ status: number; connection: string | undefined; body: Envelope }>(
    (resolve, reject) => {
      request.on('error', reject);
      request.on('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: JSON.parse(text) }),
        );
        res.on('error', reject);
      });
    },
  );
  answered.catch(() => undefined);
  const started = new Promise<void>((resolve) => {
    request.on('socket', (socket) => socket.on('connect', resolve));
  }).then(async () => {
    request.write(body.subarray(0, half));
    // Long enough for the server to have taken the request and be reading its body.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
  return {
    started,
    finish: () => {
      request.end(body.subarray(half));
      return answered;
    },
  };
}
