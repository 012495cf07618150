import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../../config/config.js';
import { ReleaseFiles } from './release-files.js';
import { ReleaseStore } from './release-store.js';
import type { PointerRow } from './release.queries.js';
import { BUCKET_COOKIE, RemotesService } from './remotes.service.js';

const PROVIDES = { react: '19.2.0', 'react-dom': '19.2.0', '@site/platform': '1.4.0' };

/** A release folder with a browser build's manifest and a record built against `react`. */
function release(dir: string, pkg: string, id: string, react = '^19.2.0') {
  const folder = path.join(dir, pkg, 'dist', 'releases', id);
  mkdirSync(path.join(folder, 'web'), { recursive: true });
  writeFileSync(path.join(folder, 'web', 'mf-manifest.json'), '{}');
  const shared = {
    react: { version: '19.2.0', requiredVersion: react },
    'react-dom': { version: '19.2.0', requiredVersion: '^19.2.0' },
    '@site/platform': { version: '1.4.0', requiredVersion: '^1.4.0' },
  };
  writeFileSync(path.join(folder, 'release.json'), JSON.stringify({ format: 1, release: id, shared }));
}

/**
 * Stands in for the pool: answers the pointer query with `rows` and counts those queries; nothing is in the media
 * store (the releases are this machine's builds).
 */
function database(rows: Partial<PointerRow>[]) {
  const fake = {
    queries: 0,
    connection: {
      createQueryRunner: () => ({
        query: async (text: string) => {
          if (text.includes('remote_release_build')) return { records: [] };
          fake.queries++;
          return { records: rows };
        },
        release: async () => undefined,
      }),
    },
  };
  return fake;
}

const request = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as IncomingMessage;
function response() {
  const headers: string[] = [];
  return {
    headers,
    res: {
      headersSent: false,
      appendHeader: (_name: string, value: string) => headers.push(value),
    } as never as ServerResponse,
  };
}

describe('RemotesService', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'remotes-'));
    mkdirSync(path.join(dir, 'shell', 'dist'), { recursive: true });
    writeFileSync(path.join(dir, 'shell', 'dist', 'shell.json'), JSON.stringify({ format: 1, provides: PROVIDES }));
    for (const pkg of ['mf-desktop', 'mf-mobile', 'mf-admin']) {
      release(dir, pkg, 'r1');
      writeFileSync(path.join(dir, pkg, 'dist', 'current.json'), JSON.stringify({ release: 'r1' }));
    }
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function service(rows: Partial<PointerRow>[]) {
    const config = loadConfig({ DATA_DIR: dir }, dir);
    const db = database(rows);
    const files = new ReleaseFiles(config);
    const store = new ReleaseStore(config, db as never as DataSource, { where: 'nowhere' } as never, files);
    return { db, remotes: new RemotesService(config, db as never as DataSource, files, store) };
  }

  it('should read the pointers once for many concurrent callers, from the files before the database has any', async () => {
    const { db, remotes } = service([]);
    await Promise.all(Array.from({ length: 50 }, () => remotes.pointer()));
    expect(db.queries).toBe(1);
    expect(remotes.forVisitor(request()).stamp).toBe('mf_desktop@r1,mf_mobile@r1,mf_admin@r1');
    expect((await remotes.pointer()).remotes.mf_desktop).toEqual({
      entry: '/remotes/mf_desktop/r1/mf-manifest.json',
      release: 'r1',
    });
  });

  it('should serve what the database names, and fall back when the shell cannot run it', async () => {
    release(dir, 'mf-desktop', 'r2');
    release(dir, 'mf-desktop', 'r3', '^18.0.0');
    const { remotes } = service([
      { remote: 'mf_desktop', active: 'r2', previous: 'r1', canary: null, canary_percent: 0, imported: 'r1' },
      { remote: 'mf_mobile', active: 'r3', previous: 'r1', canary: null, canary_percent: 0, imported: 'r1' },
    ]);
    release(dir, 'mf-mobile', 'r3', '^18.0.0');
    await remotes.refresh();
    expect(remotes.served('mf_desktop').active).toBe('r2');
    // r3 needs React 18: the previous release is served instead.
    expect(remotes.served('mf_mobile').active).toBe('r1');
  });

  it('should give a canary to the visitors whose bucket is below its share, and keep a new visitor in one', async () => {
    release(dir, 'mf-desktop', 'r2');
    const { remotes } = service([
      { remote: 'mf_desktop', active: 'r1', previous: null, canary: 'r2', canary_percent: 30, imported: 'r1' },
    ]);
    await remotes.refresh();
    expect(remotes.forVisitor(request(`${BUCKET_COOKIE}=29`)).pointer.remotes.mf_desktop?.release).toBe('r2');
    expect(remotes.forVisitor(request(`a=1; ${BUCKET_COOKIE}=30`)).pointer.remotes.mf_desktop?.release).toBe('r1');

    const visitor = request();
    const { headers, res } = response();
    const first = remotes.forVisitor(visitor, res);
    // One decision per request, and a cookie that makes the next request decide the same way.
    expect(remotes.forVisitor(visitor)).toBe(first);
    expect(headers).toHaveLength(1);
    const bucket = new RegExp(`^${BUCKET_COOKIE}=(\\d+); Path=/; Max-Age=\\d+; SameSite=Lax; HttpOnly$`).exec(
      headers[0]!,
    );
    expect(bucket).not.toBeNull();
    const again = remotes.forVisitor(request(`${BUCKET_COOKIE}=${bucket![1]}`));
    expect(again.stamp).toBe(first.stamp);
    expect(first.pointer.remotes.mf_desktop?.release).toBe(Number(bucket![1]) < 30 ? 'r2' : 'r1');
  });

  it('should not set a cookie while no canary runs', async () => {
    const { remotes } = service([]);
    await remotes.refresh();
    const { headers, res } = response();
    remotes.forVisitor(request(), res);
    expect(headers).toEqual([]);
  });
});
