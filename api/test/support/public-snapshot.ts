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
