import { createNonce, signJsapi, urlForSignature } from './wechat-signature.js';

describe('signJsapi', () => {
  it("should reproduce WeChat's published example", () => {
    expect(
      signJsapi({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('should sign the address without its fragment', () => {
    const base = { ticket: 't', nonceStr: 'n', timestamp: 1 };
    expect(signJsapi({ ...base, url: 'https://example.com/move/?a=1#/share' })).toBe(
      signJsapi({ ...base, url: 'https://example.com/move/?a=1' }),
    );
  });
});

describe('urlForSignature', () => {
  it('should keep the address as given apart from the fragment', () => {
    expect(urlForSignature('http://mp.weixin.qq.com?params=value')).toBe('http://mp.weixin.qq.com?params=value');
    expect(urlForSignature('https://a.example.com/x.html#top#more')).toBe('https://a.example.com/x.html');
  });
});

describe('createNonce', () => {
  it('should give 16 letters and digits, different each time', () => {
    const a = createNonce();
    expect(a).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(createNonce()).not.toBe(a);
  });
});
