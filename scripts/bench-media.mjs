// `npm run bench -- media`: the media library's list on a large site. 10,000 pictures and 2,000 articles (about
// 8 KB of text each, using four pictures) are written straight into a fresh server's database, then every kind of
// list the back office asks for is timed: the first page, each filter, a search and the last page. Each is asked
// `BENCH_RUNS` (default 7) times after one warming call; the table shows the median and the slowest, in ms.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import pg from 'pg';

const PICTURES = 10_000;
const ARTICLES = 2_000;
/** The pictures an article uses: its cover and three in its body (so about 8,000 used, 2,000 not). */
const PICTURES_PER_ARTICLE = 4;

/** The stored address of bench picture `k` (SQL), spread over the twelve months of 2025. */
const pictureUrl = (k) =>
  `'/uploads/2025/' || lpad((1 + (${k}) % 12)::text, 2, '0') || '/' || md5('bench-' || (${k})) || '.jpg'`;

/** The server's embedded database, as its start-up log and data folder name it. */
function databaseUrl(server) {
  const port = /Embedded PostgreSQL is listening on .* port (\d+)/.exec(server.output())?.[1];
  if (!port) throw new Error('The server did not say where its embedded database listens');
  const password = readFileSync(path.join(server.dataDir, 'postgres.password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/site`;
}

async function seedLibrary(db) {
  await db.query(
    `INSERT INTO media (url, name, bytes, width, height, mime, created_at)
     SELECT ${pictureUrl('k')}, 'photo-' || k || '.jpg', 100000 + k, 1200, 800, 'image/jpeg',
            now() - make_interval(mins => k)
     FROM generate_series(0, ${PICTURES - 1}) k`,
  );
  const body = `'<p>' || repeat('云帆科技专注网站建设、网页设计与品牌设计，为企业提供一站式服务。', 90) || '</p>'`;
  const figures = Array.from(
    { length: PICTURES_PER_ARTICLE - 1 },
    (_, n) =>
      `'<figure class="image"><img src="' || ${pictureUrl(`i * ${PICTURES_PER_ARTICLE} + ${n + 1}`)} || '"></figure>'`,
  ).join(' || ');
  await db.query(
    `INSERT INTO news (title, intro, img, content, dynamic_id)
     SELECT '基准文章 ' || i, '基准文章的摘要', ${pictureUrl(`i * ${PICTURES_PER_ARTICLE}`)}, ${body} || ${figures},
            (SELECT min(id) FROM news_category)
     FROM generate_series(0, ${ARTICLES - 1}) i`,
  );
  await db.query('ANALYZE');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export async function mediaBench(startServer) {
  const server = await startServer();
  const db = new pg.Client({ connectionString: databaseUrl(server) });
  db.on('error', () => undefined); // the server's database stops with it
  await db.connect();
  try {
    const started = performance.now();
    await seedLibrary(db);
    console.log(
      `\nMedia library: ${PICTURES} pictures and ${ARTICLES} articles written in ${Math.round(performance.now() - started)} ms`,
    );

    const password = createHash('md5').update(server.adminPassword, 'utf8').digest('hex');
    const login = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: server.adminEmail, password }),
    }).then((res) => res.json());
    const token = login.data.token;
    const list = async (body) => {
      const res = await fetch(`${server.base}/api/medialist`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', token },
        body: JSON.stringify(body),
      });
      const answer = await res.json();
      if (answer.code !== 0) throw new Error(answer.msg);
      return answer.data.list;
    };

    // The server records the demo drawings in the background after its start: measured once it is done.
    let total = -1;
    for (;;) {
      const now = (await list({})).total;
      if (now === total) break;
      total = now;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    const cases = [
      ['first page', {}],
      ...['used', 'unused', 'case', 'news', 'menu', 'block'].map((usage) => [`filter ${usage}`, { usage }]),
      ['search "photo-123"', { search: 'photo-123' }],
      ['last page', { page: Math.ceil(total / 24) }],
    ];
    const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 7));
    const rows = [];
    for (const [what, body] of cases) {
      // A list that fails (the server gives up on a query after 15 s) is shown with its time and the reason.
      const timed = async () => {
        const start = performance.now();
        const answer = await list(body).catch((error) => ({ error: error.message }));
        return { answer, ms: performance.now() - start };
      };
      const { answer } = await timed();
      const times = [];
      let error;
      for (let run = 0; run < runs; run += 1) {
        const { answer: again, ms } = await timed();
        times.push(ms);
        error ??= again.error;
      }
      rows.push({
        list: what,
        total: answer.total ?? '-',
        shown: answer.data?.length ?? '-',
        'median ms': Math.round(median(times)),
        'slowest ms': Math.round(Math.max(...times)),
        ...(error ? { error: error.slice(0, 60) } : {}),
      });
    }
    console.table(rows);
  } finally {
    await db.end();
    await server.stop();
  }
}
