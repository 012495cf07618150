import type { TestApp } from './test-app.js';

/**
 * Every public answer a visitor's pages are built from, keyed by call: what a refused write must leave exactly
 * as it was. The ids are read from the first answers, so the snapshot follows whatever the database holds.
 */
export async function publicSnapshot(t: TestApp): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  const read = async (method: 'GET' | 'POST', path: string, body?: object) => {
    const res = method === 'GET' ? await t.http.get(path) : await t.http.post(path).send(body ?? {});
    const key = body ? `${method} ${path} ${JSON.stringify(body)}` : `${method} ${path}`;
    answers[key] = { status: res.status, body: res.body as unknown };
    return res.body as { data: Record<string, unknown> };
  };
  await read('POST', '/api/keyswords');
  for (const path of ['/api/header', '/api/footer', '/api/index', '/api/about', '/api/contact'])
    await read('GET', path);
  for (const menu of [3, 4, 5, 6]) await read('POST', '/api/items', { menu });
  const webcase = await read('GET', '/api/webcase');
  await read('POST', '/api/webcasecut', { menu: 2 });
  await read('POST', '/api/itemmore', { menu: 3, amount: 3, type: 1, page: 0 });
  const news = await read('GET', '/api/itemnews');
  await read('POST', '/api/newmore', { menu: 0, amount: 3, page: 0 });
  const firstCase = (webcase.data.casecontent as Array<{ id: number }>)[0]!.id;
  const firstNews = (news.data.newcontent as Array<{ id: number }>)[0]!.id;
  await read('POST', '/api/details', { case: firstCase, casemenu: 2 });
  await read('POST', '/api/itemnewscut', { case: firstNews, state: 0 });
  await read('POST', '/api/search', { keyword: '网站', type: 1, amount: 3, page: 0 });
  await read('POST', '/api/search', { keyword: '网站', type: 2, amount: 3, page: 0 });
  return answers;
}

/**
 * The public pages as the server renders them (desktop, mobile, an item of each kind) and the files made for
 * search engines, keyed by address: status, type and body. The ids are read from the answers like above. The
 * store's hand-over (the JSON of `#site-state`) is compared as data: each read's request id and times, and the
 * order in which concurrent reads finished (the tags' bookkeeping), differ on every render.
 */
export async function publicPages(t: TestApp): Promise<Record<string, unknown>> {
  const webcase = (await t.http.get('/api/webcase')).body as { data: { casecontent: Array<{ id: number }> } };
  const news = (await t.http.get('/api/itemnews')).body as { data: { newcontent: Array<{ id: number }> } };
  const caseId = webcase.data.casecontent[0]!.id;
  const newsId = news.data.newcontent[0]!.id;
  const pages: Record<string, unknown> = {};
  for (const path of [
    '/',
    '/about.html',
    '/itemnews.html',
    '/items/3.html',
    `/details/${caseId}.html`,
    `/news/${newsId}.html`,
    '/move/',
    '/robots.txt',
    '/sitemap.xml',
  ]) {
    const res = await t.http.get(path).set('Host', 'www.yunfan.test').buffer(true);
    const text = Buffer.isBuffer(res.body) ? res.body.toString('utf8') : res.text;
    const stateAt = /<script id="site-state" type="application\/json">(.*?)<\/script>/s.exec(text);
    const body = stateAt ? text.replace(stateAt[1]!, '…') : text;
    pages[path] = { status: res.status, type: res.headers['content-type'], body, state: handOver(stateAt?.[1]) };
  }
  return pages;
}

function handOver(json: string | undefined): unknown {
  if (json === undefined) return null;
  const state = JSON.parse(json) as { api?: { queries?: Record<string, Record<string, unknown>>; provided?: unknown } };
  if (state.api) {
    delete state.api.provided;
    for (const query of Object.values(state.api.queries ?? {})) {
      delete query.requestId;
      delete query.startedTimeStamp;
      delete query.fulfilledTimeStamp;
    }
  }
  return state;
}
