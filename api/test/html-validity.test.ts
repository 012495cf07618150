import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * The server-rendered pages of both sites, checked by the Nu Html Checker (vnu-jar, the W3C validator's engine).
 * It runs on Java 11 or newer; without Java this fails and says so (it never skips).
 */
let t: TestApp;
let folder: string;
beforeAll(async () => {
  t = await createTestApp({ MOBILE_HOSTS: 'm.yunfan.test' });
  folder = mkdtempSync(path.join(os.tmpdir(), 'yunfan-vnu-'));
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await t.close();
});

const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50';

const VNU_JAR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build/dist/vnu.jar',
);

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** Runs the checker on the files (one Java start for all) and answers its errors. */
function vnuErrors(files: string[]): VnuMessage[] {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) {
    throw new Error(
      'The HTML check runs the Nu Html Checker, which needs Java 11 or newer on the PATH ' +
        '(Debian: apt-get install default-jre-headless).',
    );
  }
  const run = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--errors-only', '--stdout', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  const report = JSON.parse(run.stdout) as { messages: VnuMessage[] };
  return report.messages.filter((message) => message.type === 'error' || message.subType === 'fatal');
}

describe('the HTML of server-rendered pages', () => {
  it('should have no errors for the Nu Html Checker on every public route of both sites', async () => {
    // Bodies as an editor may write them: "标题 2" (h3) first, a level skipped below it.
    const body = '<h3>项目背景</h3><p>正文</p><h5>细节</h5><p>说明</p><h3>上线成果</h3>';
    const [item] = await t.sql<{ id: number }>(
      'UPDATE "case" SET content = $1 WHERE id = (SELECT min(id) FROM "case") RETURNING id',
      [body],
    );
    const [article] = await t.sql<{ id: number }>(
      'UPDATE news SET content = $1 WHERE id = (SELECT min(id) FROM news) RETURNING id',
      [body],
    );
    const desktop = [
      '/',
      '/about.html',
      '/items/3.html',
      '/items/4.html',
      '/items/5.html',
      '/items/6.html',
      '/itemnews.html',
      `/details/${item!.id}.html?casemenu=2`,
      `/news/${article!.id}.html`,
      '/webcase/101.html',
      '/webcase/2.html',
      `/items/search.html?keyword=${encodeURIComponent('网站')}`,
      '/no-such-page.html',
    ];
    const mobile = [
      '/move/index.html',
      '/move/fwxm',
      '/move/case.html',
      '/move/zhy.html',
      '/move/about.html',
      '/move/us.html',
      '/move/items/3.html',
      `/move/details/${item!.id}.html`,
      `/move/news/${article!.id}.html`,
      '/move/no-such-page.html',
    ];
    const files: string[] = [];
    const pages = new Map<string, string>();
    for (const [routes, agent] of [
      [desktop, DESKTOP_UA],
      [mobile, MOBILE_UA],
    ] as const) {
      for (const route of routes) {
        const res = await t.http.get(route).set('User-Agent', agent);
        expect([200, 404]).toContain(res.status);
        // Checked as rendered on the server: the remote's markup is in the page.
        const rendered = /<div id="root">[^]*?data-remote="mf_(desktop|mobile)"/.test(res.text);
        expect({ route, rendered }).toEqual({ route, rendered: true });
        const file = path.join(folder, `page-${files.length}.html`);
        writeFileSync(file, res.text);
        files.push(file);
        pages.set(`file:${file}`, route);
      }
    }

    const errors = vnuErrors(files).map(
      (error) =>
        `${pages.get(error.url) ?? error.url}:${error.lastLine ?? '?'}: ${error.message}` +
        (error.extract ? ` [${error.extract.trim()}]` : ''),
    );
    expect(errors).toEqual([]);
  });
});
