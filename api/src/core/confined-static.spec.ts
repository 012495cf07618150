import { staticSegments } from './confined-static.js';

describe('staticSegments', () => {
  it('should decode a path once and split it into segments, dropping the query', () => {
    expect(staticSegments('/r1/remoteEntry.js?v=2')).toEqual(['r1', 'remoteEntry.js']);
    expect(staticSegments('/seed/v1/logo%2esvg')).toEqual(['seed', 'v1', 'logo.svg']);
    expect(staticSegments('//2026/05//a.png')).toEqual(['2026', '05', 'a.png']);
    expect(staticSegments('/%E5%9B%BE.png')).toEqual(['图.png']);
  });

  it.each([
    '/../server/main.cjs',
    '/r1/web/../server/x.js',
    '/r1/..%2fserver/x.js',
    '/r1/%2e%2e/server/x.js',
    '/r1/%2E%2E%2Fserver/x.js',
    '/r1/.%2e/server/x.js',
    '/./x.js',
    '/r1/%252e%252e/server/x.js',
    '/r1/..%252fserver/x.js',
    '/r1/..\\server/x.js',
    '/r1/..%5cserver/x.js',
    '/r1/x.js%00.png',
    '/r1/x.js%0a',
    '/r1/%E0%A4%A',
    '/',
    '',
  ])('should refuse %j', (url) => {
    expect(staticSegments(url)).toBeNull();
  });
});
