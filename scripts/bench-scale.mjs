// `npm run bench -- scale`: the site ten years on. A fresh server (CACHE=false, one process) gets the large site of
// scale-site.mjs (100,000 articles, 20,000 cases, 100,000 leads, 20,000 media rows, 5,000 revisions; `BENCH_SCALE`
// = 0.2 makes one fifth of it), then every read is asked `BENCH_SCALE_RUNS` (default 50) times, one at a time after
// three warming calls: the public API, the pages (a computer's and a phone's), search for 1, 2, 3 and 6 Chinese
// characters and Latin words (found and not found), the deepest step of each infinite list (by the cursor a visitor
// walking there is given, and by a plain offset), and the back office's lists, first and last page, with and
// without a filter. The table shows the median and p95 in ms beside each goal (docs/decisions.md "A large site").
// The streamed parts (lead export, sitemaps, backup and restore) follow (bench-scale-streams.mjs).
import { createHash } from 'node:crypto';
import pg from 'pg';
import { databaseUrl, LARGE_SITE, seedLargeSite } from './scale-site.mjs';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

const percentile = (values, share) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
};
const round = (ms) => Math.round(ms * 10) / 10;

/** A client of the bench server: JSON calls (with the back office's token once signed in) and pages. */
function client(base) {
  let token = '';
  const call = async (route, body) => {
    const res = await fetch(base + route, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = await res.json();
    if (answer.code !== 0) throw new Error(`${route} ${JSON.stringify(body)}: ${answer.msg}`);
    return answer.data;
  };
  const page = async (route, userAgent) => {
    const res = await fetch(base + route, { headers: userAgent ? { 'user-agent': userAgent } : {} });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${route}: HTTP ${res.status}`);
  };
  return {
    call,
    page,
    signIn: async (email, password) => {
      const hash = createHash('md5').update(password, 'utf8').digest('hex');
      token = (await call('/api/login', { email, password: hash })).token;
    },
  };
}

/** Times `read` `runs` times after three warming calls: median and p95 in ms. */
async function timed(read, runs) {
  for (let warm = 0; warm < 3; warm += 1) await read();
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await read();
    times.push(performance.now() - start);
  }
  return { median: round(percentile(times, 0.5)), p95: round(percentile(times, 0.95)) };
}

/** The reads of the benchmark, each with its goal in ms: `[group, what, goal, read]`. */
async function reads(site, db) {
  const { call, page } = site;
  const one = async (sql) => (await db.query(sql)).rows[0];
  // An article and a case from the middle of the ten years.
  const middle = (table, columns) =>
    one(`SELECT ${columns} FROM ${table} WHERE status = 'published' AND deleted_at IS NULL ORDER BY create_time, id
         OFFSET (SELECT count(*) / 2 FROM ${table}) LIMIT 1`);
  const article = await middle('news', 'id');
  const oldCase = await middle('"case"', 'id, dict_id');
  const category = (await one('SELECT id FROM news_category ORDER BY position, id LIMIT 1')).id;
  const items = await call('/api/items', { menu: oldCase.dict_id });
  const webcase = await call('/api/webcase');
  const list = [];
  const add = (group, what, goal, read) => list.push([group, what, goal, read]);

  for (const route of ['/api/header', '/api/footer', '/api/index', '/api/about', '/api/contact', '/api/itemnews'])
    add('public API', `GET ${route}`, 20, () => call(route));
  add('public API', 'GET /api/webcase', 20, () => call('/api/webcase'));
  add('public API', 'POST /api/keyswords', 20, () => call('/api/keyswords', {}));
  add('public API', `POST /api/items (menu ${oldCase.dict_id})`, 20, () =>
    call('/api/items', { menu: oldCase.dict_id }),
  );
  add('public API', 'POST /api/details (a case half the list deep)', 20, () =>
    call('/api/details', { case: oldCase.id, casemenu: oldCase.dict_id }),
  );
  add('public API', 'POST /api/itemnewscut (an article half the list deep)', 20, () =>
    call('/api/itemnewscut', { case: article.id }),
  );
  add('public API', 'POST /api/webcasecut (tab 1)', 20, () => call('/api/webcasecut', { menu: 1 }));

  // The deepest step of each infinite list: by a plain offset, and by the cursor the step before it answers (what a
  // visitor who scrolled there sends).
  const deepest = async (route, body, sum, amount) => {
    const before = await call(route, { ...body, amount, page: Math.max(0, sum - 2 * amount) });
    return before.page;
  };
  const amount = 10;
  const newsSum = (await call('/api/newmore', { menu: 0, amount, page: 0 })).sum;
  const newsCursor = await deepest('/api/newmore', { menu: 0 }, newsSum, amount);
  add('infinite lists', `newmore, every category, offset ${newsSum - amount}`, 20, () =>
    call('/api/newmore', { menu: 0, amount, page: newsSum - amount }),
  );
  add('infinite lists', 'newmore, every category, deepest by cursor', 20, () =>
    call('/api/newmore', { menu: 0, amount, page: newsCursor }),
  );
  const inCategory = (await call('/api/newmore', { menu: category, amount, page: 0 })).sum;
  const categoryCursor = await deepest('/api/newmore', { menu: category }, inCategory, amount);
  add('infinite lists', `newmore, category ${category}, deepest by cursor`, 20, () =>
    call('/api/newmore', { menu: category, amount, page: categoryCursor }),
  );
  const caseSum = items.case.sum;
  const caseCursor = await deepest('/api/itemmore', { menu: oldCase.dict_id }, caseSum, amount);
  add('infinite lists', `itemmore, menu ${oldCase.dict_id}, offset ${caseSum - amount}`, 20, () =>
    call('/api/itemmore', { menu: oldCase.dict_id, amount, page: caseSum - amount }),
  );
  add('infinite lists', `itemmore, menu ${oldCase.dict_id}, deepest by cursor`, 20, () =>
    call('/api/itemmore', { menu: oldCase.dict_id, amount, page: caseCursor }),
  );
  const tabSum = webcase.sum;
  const tabCursor = await deepest('/api/itemmore', { menu: 1, type: 2 }, tabSum, amount);
  add('infinite lists', 'itemmore, customer-case tab 1, deepest by cursor', 20, () =>
    call('/api/itemmore', { menu: 1, type: 2, amount, page: tabCursor }),
  );

  const keywords = [
    ['1 character', '网'],
    ['2 characters', '官网'],
    ['3 characters', '小程序'],
    ['6 characters', '做好企业官网'],
    ['Latin word', 'seo'],
    ['Latin word', 'React'],
    ['not found, 4 characters', '量子计算'],
    ['not found, 1 character', '龘'],
    ['not found, Latin', 'kubernetes'],
  ];
  for (const [what, keyword] of keywords) {
    for (const [type, name] of [
      [2, 'articles'],
      [1, 'cases'],
    ]) {
      add('search', `${name}, ${what} (${keyword})`, 20, () => call('/api/search', { keyword, type, amount, page: 0 }));
    }
  }
  const deepSearch = await call('/api/search', { keyword: '官网', type: 2, amount: 50, page: 0 });
  add('search', 'articles, 2 characters, the second step', 20, () =>
    call('/api/search', { keyword: '官网', type: 2, amount: 50, page: deepSearch.page }),
  );

  const pages = [
    ['/', null],
    ['/about.html', null],
    [`/items/${oldCase.dict_id}.html`, null],
    ['/itemnews.html', null],
    [`/news/${article.id}.html`, null],
    [`/details/${oldCase.id}.html`, null],
    ['/webcase/101.html', null],
    ['/move/index.html', PHONE],
    ['/move/case.html', PHONE],
    [`/move/details/${oldCase.id}.html`, PHONE],
    ['/move/us.html', PHONE],
  ];
  for (const [route, userAgent] of pages)
    add('pages', `${route}${userAgent ? ' (phone)' : ''}`, 20, () => page(route, userAgent));

  // The back office: each list's first and last page, with and without a filter.
  const admin = async (route, body) => {
    const first = await call(route, body);
    const lastPage = first.last_page ?? first.list?.last_page ?? 1;
    add('back office', `${route} ${JSON.stringify(body)}, first page`, 100, () => call(route, body));
    add('back office', `${route} ${JSON.stringify(body)}, last page (${lastPage})`, 100, () =>
      call(route, { ...body, page: lastPage }),
    );
  };
  await admin('/api/news', {});
  await admin('/api/news', { menu: category });
  await admin('/api/news', { search: '小程序' });
  await admin('/api/news', { status: 'draft' });
  await admin('/api/case', {});
  await admin('/api/case', { menu: oldCase.dict_id, classic: 2 });
  await admin('/api/case', { search: '广州' });
  await admin('/api/leavewords', {});
  await admin('/api/leavewords', { search: '王' });
  await admin('/api/medialist', {});
  await admin('/api/medialist', { usage: 'unused' });
  await admin('/api/medialist', { usage: 'news' });
  await admin('/api/medialist', { search: '小程序' });
  await admin('/api/trash', {});
  add('back office', '/api/unreadleavewords', 100, () => call('/api/unreadleavewords', {}));
  add('back office', '/api/revisions (an article with 5)', 100, async () => {
    const { id } = await one(`SELECT item_id AS id FROM revision WHERE kind = 'news' ORDER BY id DESC LIMIT 1`);
    return call('/api/revisions', { kind: 'news', id });
  });
  return list;
}

export async function scaleBench(startServer) {
  const server = await startServer({ CACHE: 'false' });
  const db = new pg.Client({ connectionString: databaseUrl(server) });
  db.on('error', () => undefined); // the server's database stops with it
  await db.connect();
  try {
    const share = Number(process.env.BENCH_SCALE ?? 1);
    const sizes = Object.fromEntries(Object.entries(LARGE_SITE).map(([kind, n]) => [kind, Math.round(n * share)]));
    const made = await seedLargeSite(db, sizes);
    console.log(`\nA large site: ${JSON.stringify(sizes)} written in ${made.ms} ms`);

    const site = client(server.base);
    await site.signIn(server.adminEmail, server.adminPassword);
    const runs = Math.max(1, Number(process.env.BENCH_SCALE_RUNS ?? 50));
    const rows = [];
    for (const [group, what, goal, read] of await reads(site, db)) {
      try {
        const { median, p95 } = await timed(read, runs);
        rows.push({ group, read: what, 'median ms': median, 'p95 ms': p95, goal, met: p95 <= goal ? 'yes' : 'NO' });
      } catch (error) {
        rows.push({ group, read: what, error: String(error.message ?? error).slice(0, 100) });
      }
    }
    console.log(`\nReads on the large site, CACHE=false, one at a time, ${runs} runs each (ms; goal: p95)`);
    console.table(rows);
    const missed = rows.filter((row) => row.met !== 'yes');
    console.log(`${rows.length - missed.length} of ${rows.length} reads met their goal`);

    const streams = await import('./bench-scale-streams.mjs').catch(() => null);
    if (streams) await streams.streamsBench(server, db);
  } finally {
    await db.end();
    await server.stop();
  }
}
