import { jest } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { loadConfig } from '../../config/config.js';
import { LocalMediaStore } from '../../core/media/local-media-store.js';
import { ReleaseFiles } from './release-files.js';
import { MANIFEST_FILE, ReleaseStore, ReleaseUnavailable } from './release-store.js';
import type { StoredReleaseRow } from './release.queries.js';

/** Stands in for the pool: keeps `remote_release_build` in memory (the three statements ReleaseStore makes). */
function database() {
  const rows: StoredReleaseRow[] = [];
  const query = async (text: string, params: unknown[]) => {
    if (text.startsWith('INSERT INTO remote_release_build')) {
      const [remote, release, digest, record, files, bytes] = params as [
        string,
        string,
        string,
        string,
        number,
        number,
      ];
      if (!rows.some((row) => row.remote === remote && row.release === release)) {
        rows.push({
          remote: remote as StoredReleaseRow['remote'],
          release,
          manifest_sha256: digest,
          record: record === null ? null : JSON.parse(record),
          files,
          bytes,
          stored_at: Date.now(),
        });
      }
      return { records: [], affected: 1 };
    }
    if (text.includes('AND release = $2')) {
      return { records: rows.filter((row) => row.remote === params[0] && row.release === params[1]) };
    }
    return { records: rows.filter((row) => row.remote === params[0]) };
  };
  const db = { connection: { createQueryRunner: () => ({ query, release: async () => undefined }) } };
  return db as never as DataSource;
}

/** A release folder in `dist/releases/<id>`: a browser and a server build, and a record. */
function build(dist: string, id: string, script = 'console.log("hello")') {
  const folder = path.join(dist, 'releases', id);
  mkdirSync(path.join(folder, 'web'), { recursive: true });
  mkdirSync(path.join(folder, 'server'), { recursive: true });
  writeFileSync(path.join(folder, 'web', 'mf-manifest.json'), '{"name":"mf_desktop"}');
  writeFileSync(path.join(folder, 'web', 'remoteEntry.js'), script);
  writeFileSync(path.join(folder, 'server', 'remoteEntry.js'), 'module.exports = {}');
  writeFileSync(path.join(folder, 'release.json'), JSON.stringify({ format: 1, remote: 'mf_desktop', release: id }));
  return folder;
}

describe('ReleaseStore', () => {
  let dir: string;
  let media: LocalMediaStore;
  let reads: string[];
  const errors: string[] = [];

  beforeAll(() => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation((message: unknown) => void errors.push(String(message)));
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterAll(() => jest.restoreAllMocks());

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'release-store-'));
    media = new LocalMediaStore(path.join(dir, 'bucket'));
    reads = [];
    const read = media.readBytes.bind(media);
    media.readBytes = (key: string) => {
      reads.push(key);
      return read(key);
    };
    errors.length = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A server: its own DATA_DIR and build folder, the one store and database. */
  function server(name: string, db: DataSource) {
    const config = loadConfig(
      { DATA_DIR: path.join(dir, name), REMOTE_MF_DESKTOP_DIR: path.join(dir, name, 'dist') },
      dir,
    );
    const files = new ReleaseFiles(config);
    return { dist: path.join(dir, name, 'dist'), store: new ReleaseStore(config, db, media, files) };
  }

  it('should store a release once, with a manifest of every file, and refuse other files under its id', async () => {
    const db = database();
    const ci = server('ci', db);
    const folder = build(ci.dist, 'r1');
    const first = await ci.store.importFolder('mf_desktop', folder);
    expect(first.uploaded).toBe(true);
    expect(first.row).toMatchObject({ release: 'r1', files: 4, record: { release: 'r1' } });
    const manifest = JSON.parse(
      readFileSync(path.join(dir, 'bucket', 'releases', 'mf_desktop', 'r1', MANIFEST_FILE), 'utf8'),
    );
    expect(manifest.files.map((file: { path: string }) => file.path)).toEqual([
      'release.json',
      'server/remoteEntry.js',
      'web/mf-manifest.json',
      'web/remoteEntry.js',
    ]);
    expect(await ci.store.importFolder('mf_desktop', folder)).toMatchObject({ uploaded: false });

    const other = server('other', db);
    await expect(
      other.store.importFolder('mf_desktop', build(other.dist, 'r1', 'console.log("else")')),
    ).rejects.toThrow(ReleaseUnavailable);
    expect(await ci.store.importBuild('mf_desktop', 'nope')).toBeNull();
    // A desktop build is not stored as another remote's.
    await expect(ci.store.importFolder('mf_mobile', folder)).rejects.toMatchObject({ kind: 'refused' });
  });

  it('should copy a stored release to a server that lacks it once, however many ask at once', async () => {
    const db = database();
    await server('ci', db).store.importFolder('mf_desktop', build(server('ci', db).dist, 'r1'));
    const replica = server('replica', db);
    reads.length = 0;
    const copies = await Promise.all(Array.from({ length: 20 }, () => replica.store.local('mf_desktop', 'r1')));
    expect(new Set(copies).size).toBe(1);
    expect(reads).toHaveLength(5);
    expect(new Set(reads).size).toBe(5);
    expect(readFileSync(path.join(copies[0]!, 'web', 'remoteEntry.js'), 'utf8')).toBe('console.log("hello")');
    expect(copies[0]).toBe(path.join(replica.store.copiesDir('mf_desktop'), 'r1'));
  });

  it.each([
    ['a file', 'web/remoteEntry.js'],
    ['the manifest', MANIFEST_FILE],
  ])('should refuse a release when %s in the store does not match, and serve nothing of it', async (_what, file) => {
    const db = database();
    const ci = server('ci', db);
    await ci.store.importFolder('mf_desktop', build(ci.dist, 'r1'));
    const stored = path.join(dir, 'bucket', 'releases', 'mf_desktop', 'r1', ...file.split('/'));
    writeFileSync(stored, `${readFileSync(stored, 'utf8')} `);

    const replica = server('replica', db);
    const refusal = await replica.store.local('mf_desktop', 'r1').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ReleaseUnavailable);
    expect(refusal).toMatchObject({ kind: 'refused', reason: expect.stringContaining(`文件 ${file} 与它的清单不符`) });
    expect(errors.join('\n')).toContain(`Release mf_desktop@r1: ${file} in `);
    // Nothing of it is kept, not even half a copy.
    const copies = replica.store.copiesDir('mf_desktop');
    expect(existsSync(copies) ? readdirSync(copies) : []).toEqual([]);
    // Not asked of the store again at once.
    reads.length = 0;
    await expect(replica.store.local('mf_desktop', 'r1')).rejects.toBe(refusal);
    expect(reads).toEqual([]);
  });

  it('should copy a release not stored from the build folder of its own machine', async () => {
    const db = database();
    const local = server('local', db);
    build(local.dist, 'r2');
    const copy = await local.store.local('mf_desktop', 'r2');
    expect(readFileSync(path.join(copy, 'web', 'remoteEntry.js'), 'utf8')).toBe('console.log("hello")');
    expect(reads).toEqual([]);
    await expect(local.store.local('mf_desktop', 'r3')).rejects.toMatchObject({ kind: 'missing' });
  });
});
