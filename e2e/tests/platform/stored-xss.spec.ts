import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { AdminList, MenuForm, Message } from '@site/shared-types';
import { adminCall, apiToken, loginAs } from '../../support/admin';
import { MOBILE_UA } from '../../support/chromium';
import { directUrl, mainUrl, ownAddress } from '../../support/site';
import { DANGEROUS_DOM, pack, PLAIN_TEXT_VECTORS, XSS_CORPUS } from '../../support/xss-corpus';

/**
 * The attack suite's stored-XSS run (docs/behaviour.md "Attack suite"): the whole corpus goes through the rich
 * text of a case and an article, and the plain-text vectors through every plain-text field that reaches a public
 * page (titles, intros, SEO fields, a menu's name and intro, the site's keywords, the header's logo text and
 * banner titles) and the contact form's fields (the back office's 留言管理). The desktop, mobile and back-office pages showing them are
 * then loaded in Chromium: no sink may be called, no dialog open, no inline script be refused by the CSP (a
 * refusal means the markup reached the page), and no event-handler attribute or script URL be in the DOM.
 */

test.use({ viewport: { width: 1366, height: 900 }, extraHTTPHeaders: ownAddress('platform/stored-xss') });

/** Traps every sink a vector calls, and the CSP's refusals of inline script, into `window.__xssHits`. */
const TRAP = `(() => {
  const hits = [];
  Object.defineProperty(window, '__xssHits', { value: hits });
  for (const name of ['alert', 'confirm', 'prompt', 'print']) window[name] = (...args) => void hits.push(name + '(' + args.join(',') + ')');
  Object.defineProperty(window, '__xss', { set: (value) => void hits.push('__xss=' + value), get: () => undefined });
  document.addEventListener('securitypolicyviolation', (event) => {
    if (/^script-src/.test(event.effectiveDirective)) hits.push('CSP ' + event.effectiveDirective + ': ' + event.sample);
  });
})();`;

/** Loads `url` and answers everything that shows a vector ran or reached the DOM alive. */
async function inspect(page: Page, url: string): Promise<string[]> {
  const found: string[] = [];
  await page.goto(url, { waitUntil: 'load' });
  // Server-rendered pages start their scripts when idle: wait until they have rendered in the browser too.
  await page.waitForFunction(() => document.readyState === 'complete');
  await page.waitForTimeout(100);
  for (const frame of page.frames()) {
    const inFrame = await frame
      .evaluate(
        ({ eventAttribute, scriptUrl }) => {
          const events = new RegExp(eventAttribute, 'i');
          const urls = new RegExp(scriptUrl, 'i');
          const problems: string[] = [...((window as unknown as { __xssHits?: string[] }).__xssHits ?? [])];
          for (const element of document.querySelectorAll('*')) {
            for (const attribute of element.attributes) {
              const value = attribute.value;
              if (events.test(attribute.name)) problems.push(`<${element.localName} ${attribute.name}="${value}">`);
              else if (/^(href|src|action|formaction|data|xlink:href|content|srcdoc)$/i.test(attribute.name)) {
                const refresh = attribute.name === 'content' && element.hasAttribute('http-equiv');
                if ((attribute.name !== 'content' && urls.test(value)) || (refresh && /javascript/i.test(value))) {
                  problems.push(`<${element.localName} ${attribute.name}="${value}">`);
                }
                if (attribute.name === 'srcdoc') problems.push(`<${element.localName} srcdoc>`);
              }
            }
          }
          return problems;
        },
        { eventAttribute: DANGEROUS_DOM.eventAttribute.source, scriptUrl: DANGEROUS_DOM.scriptUrl.source },
      )
      .catch(() => [] as string[]);
    found.push(...inFrame.map((problem) => `${url}: ${problem}`));
  }
  return found;
}

/** Hands out vectors in texts of at most a given length, until all have been handed out once. */
function dealer(vectors: readonly string[]) {
  const queue = [...vectors];
  return {
    get left() {
      return queue.length;
    },
    take(max: number): string {
      let text = '';
      while (queue.length > 0 && (text ? text.length + 1 : 0) + queue[0]!.length <= max) {
        text = text ? `${text} ${queue.shift()!}` : queue.shift()!;
      }
      // A vector longer than the field goes to the end of the queue, for a longer field.
      if (!text && queue.length > 0) queue.push(queue.shift()!);
      return text || 'x';
    },
  };
}

async function newPage(browser: Browser, userAgent?: string): Promise<Page> {
  const context = await browser.newContext({ userAgent, viewport: { width: 1366, height: 900 } });
  await context.addInitScript(TRAP);
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.dismiss());
  return page;
}

type Keyword = { id: number; keywords: string; content: string };
type Header = {
  logo: { url: string; alt: string };
  banner: Array<{ id: number; pic: string; title: string; link: string }>;
};

async function keywords(request: APIRequestContext): Promise<Keyword[]> {
  return ((await (await request.post(directUrl('/api/keyswords'))).json()) as { data: Keyword[] }).data;
}

test.describe('stored XSS through every field that reaches a page', () => {
  test('should run none of the corpus on the desktop, mobile and back-office pages', async ({ browser, request }) => {
    test.setTimeout(120_000);
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(300);
    const token = await apiToken(request);
    const admin = <T>(path: string, data: object = {}) => adminCall<T>(request, token, path, data);
    const richText = XSS_CORPUS.map((vector) => `<p>前</p>${vector}`).join('\n');
    const plain = dealer(PLAIN_TEXT_VECTORS);
    const savedKeywords = await keywords(request);
    const savedHeader = await admin<Header>('/api/getheader');
    // A service menu's name is in every page's navigation, its list page's heading, breadcrumbs and JSON-LD.
    const savedMenu = await admin<MenuForm>('/api/getmenu', { menuid: 3 });
    const news: number[] = [];
    const cases: number[] = [];
    const messagesBefore = new Set(
      (await admin<AdminList<Message>>('/api/leavewords', { page: 1 })).list.data.map((m) => m.id),
    );
    try {
      // Rich text (and plain fields) of one case and one article; then articles until every plain vector is used.
      cases.push(
        (
          await admin<{ id: number }>('/api/amendcase', {
            id: 0,
            name: plain.take(100),
            intro: plain.take(500),
            scene: plain.take(50),
            img: '/uploads/seed/v1/logo.svg',
            top: 2,
            dict_id: 3,
            class_id: 1,
            content: richText,
            seo_title: plain.take(80),
            seo_keywords: plain.take(200),
            seo_description: plain.take(300),
          })
        ).id,
      );
      do {
        const article = await admin<{ id: number }>('/api/amendnews', {
          id: 0,
          title: plain.take(120),
          intro: plain.take(500),
          dynamic_id: 1,
          content: news.length === 0 ? richText : '<p>正文</p>',
          seo_title: plain.take(80),
          seo_keywords: plain.take(200),
          seo_description: plain.take(300),
        });
        news.push(article.id);
      } while (plain.left > 0 && news.length < 20);
      expect(plain.left).toBe(0);

      // Site-wide texts: every page's head, the header's logo text and banner titles.
      const again = dealer(PLAIN_TEXT_VECTORS);
      for (const record of savedKeywords) {
        await admin('/api/KeyswordsUpdate', { id: record.id, content: pack(PLAIN_TEXT_VECTORS, 500)[record.id % 3] });
      }
      await admin('/api/amendheader', {
        logo: { ...savedHeader.logo, alt: again.take(100) },
        banner: savedHeader.banner.map((banner) => ({ ...banner, title: again.take(100) })),
      });
      await admin('/api/amendmenu', { ...savedMenu, title: again.take(50), intro: again.take(500) });
      // The contact form: what a visitor sends reaches the back office.
      for (const content of pack(PLAIN_TEXT_VECTORS, 1000).slice(0, 3)) {
        const res = await request.post(directUrl('/api/leaveword'), {
          data: { name: again.take(30), phone: '13800138000', address: again.take(200), content },
        });
        expect(((await res.json()) as { code: number }).code).toBe(0);
      }

      const problems: string[] = [];
      const desktop = await newPage(browser);
      for (const path of [
        '/',
        '/about.html',
        '/items/3.html',
        '/itemnews.html',
        ...cases.map((id) => `/details/${id}.html`),
      ]) {
        problems.push(...(await inspect(desktop, mainUrl(path))));
      }
      for (const id of news) problems.push(...(await inspect(desktop, mainUrl(`/news/${id}.html`))));
      const mobile = await newPage(browser, MOBILE_UA);
      // The mobile pages render the same fields with other components: the rich text and the first articles.
      for (const path of [
        '/move/',
        '/move/items/3.html',
        `/move/details/${cases[0]}.html`,
        ...news.slice(0, 3).map((id) => `/move/news/${id}.html`),
      ]) {
        problems.push(...(await inspect(mobile, mainUrl(path))));
      }
      const office = await newPage(browser);
      await loginAs(office);
      for (const screen of ['leaveword', 'article', 'case']) {
        problems.push(...(await inspect(office, mainUrl(`/admin/index/${screen}`))));
      }
      expect(problems).toEqual([]);
    } finally {
      for (const id of news) await admin('/api/deletenews', { id });
      for (const id of cases) await admin('/api/deletecase', { id });
      for (const record of savedKeywords)
        await admin('/api/KeyswordsUpdate', { id: record.id, content: record.content });
      await admin('/api/amendheader', savedHeader);
      await admin('/api/amendmenu', savedMenu);
      const messages = await admin<AdminList<Message>>('/api/leavewords', { page: 1 });
      for (const { id } of messages.list.data.filter((m) => !messagesBefore.has(m.id))) {
        await admin('/api/deleteleaveword', { id });
      }
    }
  });
});
