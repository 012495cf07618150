// `npm run bench -- audit`: the back office's audit trail (操作日志) on a large site. 100,000 records of 20 people
// over the last 180 days are written straight into a fresh server's database, then `/api/auditlog` is timed: one
// person's first page and their last page (5,000 records: page 100), everybody's first page and a page 1,000 deep,
// and one operation's first page. Each is asked `BENCH_RUNS` (default 7) times after one warming call; the table
// shows the median and the slowest, in ms (the target: 100 ms filtered by person). The plan of the person's query
// is printed, to show it reads the (actor_id, at, id) index.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const RECORDS = 100_000;
const PEOPLE = 20;
const PER_PAGE = 50;
const ACTIONS = ['login', 'case_save', 'news_save', 'menu_save', 'header_save', 'lead_read', 'logout'];

/** The server's embedded database, as its start-up log and data folder name it. */
function databaseUrl(server) {
  const port = /Embedded PostgreSQL is listening on .* port (\d+)/.exec(server.output())?.[1];
  if (!port) throw new Error('The server did not say where its embedded database listens');
  const password = readFileSync(path.join(server.dataDir, 'postgres.password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/site`;
}

/**
 * Twenty accounts and 100,000 records spread evenly over them and over 180 days, written oldest first as the server
 * writes them; answers the accounts' ids.
 */
async function seedTrail(db) {
  const { rows } = await db.query(
    `INSERT INTO admin_user (email, password_hash, role, name)
     SELECT 'bench-' || p || '@yunfan.example.com', 'x', 'editor', '基准 ' || p FROM generate_series(1, $1) p
     RETURNING id`,
    [PEOPLE],
  );
  const ids = rows.map((row) => row.id);
  await db.query(
    `INSERT INTO audit_log (at, actor_id, actor, ip, action, item_kind, item_id, title, revision)
     SELECT now() - make_interval(secs => ($1 - 1 - i) * (180 * 86400.0 / $1)),
            ($2::int[])[1 + i % $3], 'bench-' || (1 + i % $3) || '@yunfan.example.com',
            '198.51.100.' || (i % 250), ($4::text[])[1 + i % $5],
            'case', 1 + i % 500, '基准案例 ' || (i % 500), 1 + i % 30
     FROM generate_series(0, $1 - 1) i`,
    [RECORDS, ids, PEOPLE, ACTIONS, ACTIONS.length],
  );
  await db.query('ANALYZE audit_log');
  return ids;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export async function auditBench(startServer) {
  const server = await startServer();
  const db = new pg.Client({ connectionString: databaseUrl(server) });
  db.on('error', () => undefined); // the server's database stops with it
  await db.connect();
  try {
    const started = performance.now();
    const people = await seedTrail(db);
    console.log(
      `\nAudit trail: ${RECORDS} records of ${PEOPLE} people written in ${Math.round(performance.now() - started)} ms`,
    );

    const password = createHash('md5').update(server.adminPassword, 'utf8').digest('hex');
    const login = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: server.adminEmail, password }),
    }).then((res) => res.json());
    const token = login.data.token;
    const list = async (body) => {
      const res = await fetch(`${server.base}/api/auditlog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify(body),
      });
      const answer = await res.json();
      if (answer.code !== 0) throw new Error(answer.msg);
      return answer.data;
    };

    const person = people[7];
    const personPages = Math.ceil(RECORDS / PEOPLE / PER_PAGE);
    const cases = [
      ['one person, first page', { actor: person }],
      [`one person, last page (${personPages})`, { actor: person, page: personPages }],
      ['everybody, first page', {}],
      ['everybody, page 1000', { page: 1000 }],
      ['one operation, first page', { action: 'case_save' }],
      ['one person and one operation, first page', { actor: person, action: 'news_save' }],
    ];
    const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 7));
    const rows = [];
    for (const [what, body] of cases) {
      const timed = async () => {
        const start = performance.now();
        const answer = await list(body);
        return { answer, ms: performance.now() - start };
      };
      const { answer } = await timed();
      const times = [];
      for (let run = 0; run < runs; run += 1) times.push((await timed()).ms);
      rows.push({
        list: what,
        shown: answer.data.length,
        more: answer.more,
        'median ms': Math.round(median(times) * 10) / 10,
        'slowest ms': Math.round(Math.max(...times) * 10) / 10,
      });
    }
    console.table(rows);

    // The statement the server runs (audit.queries.ts listAudit), as PostgreSQL plans and runs it.
    const explain = async (what, condition, params, offset) => {
      const plan = await db.query(
        `EXPLAIN (ANALYZE, COSTS OFF)
         SELECT id, to_char(at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') AS at, actor, ip, action,
                item_kind, item_id, title, revision
         FROM audit_log WHERE id IN (
           SELECT id FROM audit_log ${condition} ORDER BY at DESC, id DESC LIMIT ${PER_PAGE + 1} OFFSET ${offset})
         ORDER BY audit_log.at DESC, audit_log.id DESC`,
        params,
      );
      console.log(`${what}, planned:`);
      for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
    };
    await explain("One person's first page", 'WHERE actor_id = $1::int', [person], 0);
    await explain("One person's last page", 'WHERE actor_id = $1::int', [person], (personPages - 1) * PER_PAGE);
    await explain("Everybody's first page", '', [], 0);
  } finally {
    await db.end();
    await server.stop();
  }
}
