import { createHash } from 'node:crypto';
import type { ShareData } from '@site/shared-types';
import { ok, refused } from '../support/envelope.js';
import { FakeWechat } from '../support/fake-wechat.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

function expectedSignature(ticket: string, data: ShareData, url: string): string {
  return createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${data.nonceStr}&timestamp=${data.timestamp}&url=${url}`)
    .digest('hex');
}

describe('POST /api/share with WeChat configured', () => {
  const wechat = new FakeWechat();
  let t: TestApp;

  beforeAll(async () => {
    const base = await wechat.start();
    t = await createTestApp({ WECHAT_APPID: 'wx-test-app', WECHAT_SECRET: 'test-secret', WECHAT_API_BASE: base });
  });
  afterAll(async () => {
    await t.close();
    await wechat.stop();
  });

  it('should sign the page address without its fragment', async () => {
    const url = 'https://www.yunfan.example.com/move/details/3.html?from=timeline#top';
    const data = ok<ShareData>(await t.http.post('/api/share').send({ url }));
    expect(Object.keys(data).sort()).toEqual(['appId', 'jsApiList', 'nonceStr', 'signature', 'timestamp']);
    expect(data.appId).toBe('wx-test-app');
    expect(data.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(Math.abs(data.timestamp - Date.now() / 1000)).toBeLessThan(5);
    expect(data.jsApiList).toEqual(expect.arrayContaining(['updateAppMessageShareData', 'updateTimelineShareData']));
    expect(data.signature).toBe(
      expectedSignature('TICKET-for-TOKEN-1', data, 'https://www.yunfan.example.com/move/details/3.html?from=timeline'),
    );
  });

  it('should reuse the cached token and ticket', async () => {
    const before = { token: wechat.tokenCalls, ticket: wechat.ticketCalls };
    for (let i = 0; i < 3; i += 1)
      ok(await t.http.post('/api/share').send({ url: `https://www.yunfan.example.com/move/news/${i}.html` }));
    expect({ token: wechat.tokenCalls, ticket: wechat.ticketCalls }).toEqual(before);
  });
});

describe('POST /api/share refreshing', () => {
  const wechat = new FakeWechat();
  let t: TestApp;

  beforeEach(async () => {
    wechat.tokenCalls = 0;
    wechat.ticketCalls = 0;
    const base = await wechat.start();
    t = await createTestApp({ WECHAT_APPID: 'wx-test-app', WECHAT_SECRET: 'test-secret', WECHAT_API_BASE: base });
  });
  afterEach(async () => {
    await t.close();
    await wechat.stop();
  });

  it('should refresh with one request at a time when many pages ask at once', async () => {
    wechat.delayMs = 150;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.http.post('/api/share').send({ url: `https://www.yunfan.example.com/move/${i}` }),
      ),
    );
    for (const res of answers) ok(res);
    expect({ token: wechat.tokenCalls, ticket: wechat.ticketCalls }).toEqual({ token: 1, ticket: 1 });
    wechat.delayMs = 0;
  });

  it('should fetch a new ticket once the old one expired', async () => {
    wechat.ticketExpiresIn = 1;
    wechat.tokenExpiresIn = 1;
    ok(await t.http.post('/api/share').send({ url: 'https://www.yunfan.example.com/move/' }));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const data = ok<ShareData>(await t.http.post('/api/share').send({ url: 'https://www.yunfan.example.com/move/' }));
    expect({ token: wechat.tokenCalls, ticket: wechat.ticketCalls }).toEqual({ token: 2, ticket: 2 });
    expect(data.signature).toBe(expectedSignature('TICKET-for-TOKEN-2', data, 'https://www.yunfan.example.com/move/'));
    wechat.ticketExpiresIn = 7200;
    wechat.tokenExpiresIn = 7200;
  });

  it('should fetch a new token when WeChat says the token expired', async () => {
    wechat.nextTicketError = 42001;
    const data = ok<ShareData>(await t.http.post('/api/share').send({ url: 'https://www.yunfan.example.com/move/' }));
    expect(wechat.tokenCalls).toBe(2);
    expect(data.signature).toBe(expectedSignature('TICKET-for-TOKEN-2', data, 'https://www.yunfan.example.com/move/'));
  });
});

describe('POST /api/share when WeChat fails or is not configured', () => {
  it('should answer code 1 when WeChat refuses the credentials', async () => {
    const wechat = new FakeWechat();
    const base = await wechat.start();
    const t = await createTestApp({ WECHAT_APPID: 'wx-test-app', WECHAT_SECRET: 'wrong', WECHAT_API_BASE: base });
    try {
      expect(refused(await t.http.post('/api/share').send({ url: 'https://www.yunfan.example.com/move/' }), 1)).toBe(
        '微信分享签名暂不可用，请稍后再试',
      );
    } finally {
      await t.close();
      await wechat.stop();
    }
  });

  it('should answer code 1 when WeChat cannot be reached', async () => {
    const t = await createTestApp({
      WECHAT_APPID: 'wx-test-app',
      WECHAT_SECRET: 's',
      WECHAT_API_BASE: 'http://127.0.0.1:9',
    });
    try {
      refused(await t.http.post('/api/share').send({ url: 'https://www.yunfan.example.com/move/' }), 1);
    } finally {
      await t.close();
    }
  });

  it('should answer code 1 with a clear message when no WeChat account is configured', async () => {
    const t = await createTestApp();
    try {
      expect(
        refused(await t.http.post('/api/share').send({ url: 'https://www.yunfan.example.com/move/' }), 1),
      ).toContain('WECHAT_APPID');
      expect(refused(await t.http.post('/api/share').send({ url: 'javascript:alert(1)' }), 2)).toContain('url');
      expect(refused(await t.http.post('/api/share').send({ url: 'not a url' }), 2)).toContain('url');
      expect(refused(await t.http.post('/api/share').send({}), 2)).toContain('url');
    } finally {
      await t.close();
    }
  });
});
