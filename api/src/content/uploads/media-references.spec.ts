import { canonicalPictureAddresses, withCanonicalPictures, type PictureOrigins } from './media-references.js';

const ADDRESS = '/uploads/2026/11/d61167e3abf934a8e4ace40d9520ac8a.png';
const origins: PictureOrigins = {
  hosts: ['localhost', 'www.yunfan.test', '.yunfan.cn', 'm.yunfan.test'],
  mediaBase: 'https://media.example.cn/site',
};
const canonical = (text: string) => canonicalPictureAddresses(text, origins);

describe('canonicalPictureAddresses', () => {
  it.each([
    ['the address itself', ADDRESS],
    ['a doubled slash', '/uploads/2026//11/d61167e3abf934a8e4ace40d9520ac8a.png'],
    ['slashes doubled at the start', '//uploads///2026/11/d61167e3abf934a8e4ace40d9520ac8a.png'],
    ['an escaped letter', '/uploads/2026/11/%6461167e3abf934a8e4ace40d9520ac8a.png'],
    ['an escaped digit in capitals', '/uploads/%32026/11/d61167e3abf934a8e4ace40d9520ac8a%2Epng'],
    ['an escaped slash', '/uploads/2026%2F11/d61167e3abf934a8e4ace40d9520ac8a.png'],
    ['/uploads in capitals', '/UPLOADS/2026/11/d61167e3abf934a8e4ace40d9520ac8a.png'],
    ['a trailing slash', `${ADDRESS}/`],
    ["the site's own origin", `https://www.yunfan.test${ADDRESS}`],
    ['another of its hosts, over http and with a port', `http://shop.yunfan.cn:8080${ADDRESS}`],
    ['a mobile host', `https://m.yunfan.test${ADDRESS}`],
    ['the loopback name', `http://localhost:3000${ADDRESS}`],
    ["the media's public base", `https://media.example.cn/site${ADDRESS}`],
  ])('should write %s as the address', (_what, written) => {
    expect(canonical(written)).toBe(ADDRESS);
  });

  it('should keep what follows the address: a query, a fragment, the markup', () => {
    expect(canonical(`<p><img src="/uploads/2026//11/d61167e3abf934a8e4ace40d9520ac8a.png?w=640" alt="图"></p>`)).toBe(
      `<p><img src="${ADDRESS}?w=640" alt="图"></p>`,
    );
    expect(canonical(`[{"url":"https://www.yunfan.test${ADDRESS}#top"}]`)).toBe(`[{"url":"${ADDRESS}#top"}]`);
  });

  it.each([
    ['another site', `https://cdn.example.com${ADDRESS}`],
    ['another site named like a mobile host', `https://m.yunfan.test.evil.example${ADDRESS}`],
    ['another base on the media host', `https://media.example.cn/other${ADDRESS}`],
    ['a name the server never gives', '/uploads/2026/11/photo.png'],
    ['capital hex digits', '/uploads/2026/11/D61167E3ABF934A8E4ACE40D9520AC8A.png'],
    ['a longer name', `${ADDRESS}.bak`],
    ['an escaped percent sign', '/uploads/2026/11/%2564161167e3abf934a8e4ace40d9520ac8a.png'],
    ['an address below another folder', `/static${ADDRESS}`],
    ['a link elsewhere on the site', '/items/3.html'],
  ])('should leave %s as it is', (_what, written) => {
    expect(canonical(written)).toBe(written);
  });
});

describe('withCanonicalPictures', () => {
  it('should write the named fields only, through arrays and objects', () => {
    const spelled = `https://www.yunfan.test${ADDRESS}`;
    expect(
      withCanonicalPictures(
        { img: spelled, banner: [{ url: spelled }], block: { list: [{ pic: spelled, n: 1 }] }, site: spelled },
        ['img', 'banner', 'block'],
        origins,
      ),
    ).toEqual({ img: ADDRESS, banner: [{ url: ADDRESS }], block: { list: [{ pic: ADDRESS, n: 1 }] }, site: spelled });
  });
});
