import { compatibilityProblems, type ReleaseRecord } from './release.js';

const SHELL = { react: '19.3.1', 'react-dom': '19.3.1', '@site/platform': '0.2.0' };

function record(shared: ReleaseRecord['shared']): ReleaseRecord {
  const weight = { files: 1, bytes: 10, gzip: 5 };
  return {
    format: 1,
    remote: 'mf_desktop',
    package: '@site/mf-desktop',
    release: 'r1',
    builtAt: '2026-11-23T00:00:00.000Z',
    buildSeconds: 20,
    commit: null,
    platform: shared['@site/platform']?.version ?? null,
    shared,
    server: true,
    size: { firstView: { js: weight, css: weight }, total: { js: weight, css: weight } },
  };
}

const AS_BUILT = {
  '@site/platform': { version: '0.2.0', requiredVersion: '^0.2.0' },
  react: { version: '19.3.1', requiredVersion: '^19.3.1' },
  'react/jsx-runtime': { version: '19.3.1', requiredVersion: '^19.3.1' },
  'react-dom/client': { version: '19.3.1', requiredVersion: '^19.3.1' },
};

describe('compatibilityProblems', () => {
  it('should pass a release built against what the shell provides, and one needing an older minor', () => {
    expect(compatibilityProblems(record(AS_BUILT), SHELL)).toEqual([]);
    const older = { ...AS_BUILT, react: { version: '19.0.0', requiredVersion: '^19.0.0' } };
    expect(compatibilityProblems(record(older), SHELL)).toEqual([]);
  });

  it('should refuse a release built against another React major, naming the versions, once per package', () => {
    const react20 = {
      ...AS_BUILT,
      react: { version: '20.0.0', requiredVersion: '^20.0.0' },
      'react/jsx-runtime': { version: '20.0.0', requiredVersion: '^20.0.0' },
    };
    expect(compatibilityProblems(record(react20), SHELL)).toEqual([
      '发布需要 react ^20.0.0（构建时为 20.0.0），外壳提供的是 19.3.1',
    ]);
    // A subpath (react-dom/client) is served by its package.
    const dom20 = { ...AS_BUILT, 'react-dom/client': { version: '20.1.0', requiredVersion: '^20.1.0' } };
    expect(compatibilityProblems(record(dom20), SHELL)).toEqual([
      '发布需要 react-dom ^20.1.0（构建时为 20.1.0），外壳提供的是 19.3.1',
    ]);
  });

  it('should refuse a release built against another platform contract', () => {
    const platform = { ...AS_BUILT, '@site/platform': { version: '0.3.0', requiredVersion: '^0.3.0' } };
    expect(compatibilityProblems(record(platform), SHELL)).toEqual([
      '发布基于平台契约 0.3.0（要求 ^0.3.0），外壳提供的是 0.2.0',
    ]);
    const { '@site/platform': _, ...without } = AS_BUILT;
    expect(compatibilityProblems(record(without), SHELL)).toEqual([
      '发布记录没有平台契约版本（@site/platform），无法确认它与外壳兼容',
    ]);
  });

  it('should refuse what it cannot read: no record, a newer format, a broken range, a module the shell lacks', () => {
    expect(compatibilityProblems(null, SHELL)).toEqual(['发布缺少构建记录 release.json，无法确认它与外壳兼容']);
    expect(compatibilityProblems({ ...record(AS_BUILT), format: 2 }, SHELL)).toEqual([
      '发布记录的格式 2 不是本系统认识的格式，请升级外壳后再启用',
    ]);
    const broken = { ...AS_BUILT, react: { version: '19.3.1', requiredVersion: 'not a range' } };
    expect(compatibilityProblems(record(broken), SHELL)).toEqual(['发布对共享模块 react 的版本要求无效：not a range']);
    const { 'react-dom': __, ...shellWithoutDom } = SHELL;
    expect(compatibilityProblems(record(AS_BUILT), shellWithoutDom)).toEqual(['外壳没有提供共享模块 react-dom']);
  });
});
