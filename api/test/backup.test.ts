import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { AdminList, MediaItem } from '@site/shared-types';
import { archiveName, pruneScheduled } from '../src/operations/backup/backup.js';
import { runBackupCommand } from '../src/backup-command.js';
import { LocalMediaStore } from '../src/core/media/local-media-store.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE } from '../src/core/command.js';
import { ScheduledBackups } from '../src/operations/backup/scheduled-backups.js';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { BackupScheduleService } from '../src/operations/backup/backup-schedule.service.js';
import { adminCall, login } from './support/admin-session.js';
import { ok } from './support/envelope.js';
import { SAMPLE_IMAGES } from './support/images/sample-images.js';
import { publicPages, publicSnapshot } from './support/public-snapshot.js';
import { createTestApp, createTestDatabase, type TestApp } from './support/test-app.js';

/**
 * `npm run backup` / `npm run restore` (src/backup-command.ts, run in this process) and the scheduled backups, on the
 * tests' real PostgreSQL: a round trip compares every public answer, page and uploaded file; damaged archives
 * and non-empty targets are refused with the target untouched; BACKUP_KEEP prunes; one instance per slot.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..');

let work: string;
let source: TestApp;
let sourceData: string;
let archive: string;
let before: { answers: Record<string, unknown>; pages: Record<string, unknown> };
let uploadedUrl: string;
const dropLater: Array<() => Promise<void>> = [];

/** Runs a command as `npm run …` would, collecting its output. */
async function cli(args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runBackupCommand(
    args,
    { LOG_LEVEL: 'error', ...env },
    { cwd: work, root: repoRoot },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Every file under `dir`, relative path → SHA-256 of its bytes (Jest compares hundreds of buffers slowly). */
async function filesOf(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of (await fs.readdir(dir, { recursive: true })).sort()) {
    const file = path.join(dir, name);
    if ((await fs.stat(file)).isFile())
      files[name] = createHash('sha256')
        .update(await fs.readFile(file))
        .digest('hex');
  }
  return files;
}

async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = current_schema()`);
    return (result.rows[0] as { n: number }).n;
  } finally {
    await client.end();
  }
}

/** Rewrites one member of an archive (with the system's tar), keeping everything else. */
async function tamper(from: string, to: string, member: string, change: (text: string) => string) {
  const dir = await fs.mkdtemp(path.join(work, 'tamper-'));
  execFileSync('tar', ['xzf', from, '-C', dir]);
  const file = path.join(dir, member);
  await fs.writeFile(file, change(await fs.readFile(file, 'utf8')));
  execFileSync('tar', ['czf', to, '-C', dir, '.']);
}

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(process.env.TEST_ROOT ?? '/tmp', 'backup-'));
  await fs.chmod(work, 0o755);
  sourceData = path.join(work, 'source');
  source = await createTestApp({ DATA_DIR: sourceData, BACKUP_CRON: '0 3 * * *', BACKUP_DIR: path.join(work, 'auto') });
  const token = await login(source);
  // Changes through the back office: an upload, and a shown top-level menu that uses it.
  const uploaded = ok<{ url: string }>(
    await source.http
      .post('/api/uploader')
      .set('token', token)
      .attach('file', SAMPLE_IMAGES.png, { filename: 'logo.png', contentType: 'image/png' }),
  );
  uploadedUrl = uploaded.url;
  const amended = await adminCall(source, token, '/api/amendmenu', {
    id: 0,
    grade: 1,
    menu: 0,
    title: '备份演示',
    intro: '恢复之后也应一模一样',
    img: uploadedUrl,
    pcmenu: true,
    pcmenusite: 8,
    movemenu: true,
    movemenusite: 8,
  });
  ok(amended);
  before = { answers: await publicSnapshot(source), pages: await publicPages(source) };
  archive = path.join(work, 'site.tar.gz');
  const made = await cli(['backup', '--out', archive], { DATABASE_URL: source.databaseUrl, DATA_DIR: sourceData });
  expect(made).toMatchObject({ code: EXIT_OK, err: '' });
  expect(made.out).toContain(`Backup written: ${archive}`);
});

afterAll(async () => {
  await source?.close();
  for (const drop of dropLater) await drop();
});

describe('npm run backup, then npm run restore', () => {
  it('should bring back every public answer, page and uploaded file into an empty database and data folder', async () => {
    expect(JSON.stringify(before.answers)).toContain('备份演示');
    const target = await createTestDatabase();
    dropLater.push(target.drop);
    const targetData = path.join(work, 'restored');
    const restored = await cli(['restore', archive], { DATABASE_URL: target.url, DATA_DIR: targetData });
    expect(restored).toMatchObject({ code: EXIT_OK, err: '' });
    expect(restored.out).toContain(
      `Restoring ${archive} into the database DATABASE_URL names, and its media into ${targetData} …`,
    );
    expect(restored.out).toMatch(/Restored the backup of .* \(\d+ tables, \d+ uploaded files\)/);

    const app = await createTestApp({ DATA_DIR: targetData }, { databaseUrl: target.url });
    try {
      expect(await publicSnapshot(app)).toEqual(before.answers);
      expect(await publicPages(app)).toEqual(before.pages);
      const image = await app.http.get(uploadedUrl).buffer(true);
      expect(image.status).toBe(200);
      const original = await fs.readFile(path.join(sourceData, uploadedUrl));
      expect(Buffer.compare(image.body as Buffer, original)).toBe(0);
      const sourceFiles = await filesOf(path.join(sourceData, 'uploads'));
      expect(Object.keys(sourceFiles).length).toBeGreaterThan(1);
      expect(await filesOf(path.join(targetData, 'uploads'))).toEqual(sourceFiles);
      const token = await login(app);
      // The media library knows where the restored pictures are used.
      const library = ok<AdminList<MediaItem>>(await adminCall(app, token, '/api/medialist', { search: 'logo.png' }));
      expect(library.list.data.find((item) => item.url === uploadedUrl)?.uses).toEqual([
        { kind: 'menu', id: expect.any(Number), title: '备份演示', trashed: false },
      ]);
      // The sequences go on after the restored rows: a new row gets a fresh id.
      const added = ok<{ id: number }>(
        await adminCall(app, token, '/api/amendmenu', {
          id: 0,
          grade: 1,
          menu: 0,
          title: '恢复后新建',
          intro: '',
          pcmenu: false,
          pcmenusite: 0,
          movemenu: false,
          movemenusite: 0,
        }),
      );
      const [{ max }] = (await source.sql<{ max: number }>('SELECT max(id) AS max FROM menu')) as [{ max: number }];
      expect(added.id).toBeGreaterThan(max);
    } finally {
      await app.close();
    }
  });

  it('should refuse a target that is not empty, or has a server on it, and replace it with --force', async () => {
    const target = await createTestDatabase();
    dropLater.push(target.drop);
    const targetData = path.join(work, 'forced');
    // A server that ran on the database (its tables exist; the demo content was not seeded).
    const app = await createTestApp({ DATA_DIR: path.join(work, 'other'), SEED: 'false' }, { databaseUrl: target.url });
    const env = { DATABASE_URL: target.url, DATA_DIR: targetData };
    try {
      const busy = await cli(['restore', archive, '--force'], env);
      expect(busy.code).toBe(EXIT_FAILED);
      expect(busy.err).toBe('A server of the site is using the target database: stop it first, then restore.');
    } finally {
      await app.close();
    }
    const refused = await cli(['restore', archive], env);
    expect(refused.code).toBe(EXIT_FAILED);
    expect(refused.err).toMatch(/^The target database is not empty \(it has \d+ tables\)\. .* add --force/);
    expect(await menuRows(target.url)).toBe(0);

    // Image variants are made from the uploads: those of the replaced files must not outlive them.
    // Nor do the replaced site's own uploads.
    const stale = path.join(targetData, 'image-variants', 'seed', 'v1', 'logo.svg.320.webp');
    const staleUpload = path.join(targetData, 'uploads', '2020', '01', `${'ab'.repeat(16)}.png`);
    for (const file of [stale, staleUpload]) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, 'of the replaced site');
    }
    const forced = await cli(['restore', archive, '--force'], env);
    expect(forced.code).toBe(EXIT_OK);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(staleUpload)).toBe(false);
    const again = await createTestApp({ DATA_DIR: targetData }, { databaseUrl: target.url });
    try {
      expect(await publicSnapshot(again)).toEqual(before.answers);
    } finally {
      await again.close();
    }
    const empty = await createTestDatabase();
    dropLater.push(empty.drop);
    const uploads = await cli(['restore', archive], { DATABASE_URL: empty.url, DATA_DIR: targetData });
    expect(uploads.code).toBe(EXIT_FAILED);
    expect(uploads.err).toContain(`The media store ${targetData} already holds`);
  });

  it('should refuse a damaged, truncated, altered or newer archive and leave the target untouched', async () => {
    const target = await createTestDatabase();
    dropLater.push(target.drop);
    const targetData = path.join(work, 'untouched');
    const env = { DATABASE_URL: target.url, DATA_DIR: targetData };

    const bytes = await fs.readFile(archive);
    const middle = Math.floor(bytes.length / 2);
    bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
    const damaged = path.join(work, 'damaged.tar.gz');
    await fs.writeFile(damaged, bytes);
    const altered = path.join(work, 'altered.tar.gz');
    await tamper(archive, altered, 'database/menu.copy', (text) => text.replace('备份演示', '被改动了'));
    const newer = path.join(work, 'newer.tar.gz');
    await tamper(archive, newer, 'manifest.json', (text) => {
      const manifest = JSON.parse(text) as { database: { migrations: string[] } };
      manifest.database.migrations.push('FromTheFuture1999999999999');
      return JSON.stringify(manifest);
    });

    const truncated = path.join(work, 'truncated.tar.gz');
    await fs.writeFile(truncated, (await fs.readFile(archive)).subarray(0, middle));

    const answers = await Promise.all([damaged, altered, newer, truncated].map((file) => cli(['restore', file], env)));
    expect(answers.map((a) => a.code)).toEqual([EXIT_FAILED, EXIT_FAILED, EXIT_FAILED, EXIT_FAILED]);
    expect(answers[0]!.err).toMatch(/damaged\.tar\.gz is not a usable backup archive: it cannot be unpacked/);
    expect(answers[3]!.err).toMatch(/truncated\.tar\.gz is not a usable backup archive: it cannot be unpacked/);
    expect(answers[1]!.err).toContain(
      'altered.tar.gz is not a usable backup archive: database/menu.copy does not match its checksum',
    );
    expect(answers[2]!.err).toContain(
      'The archive was made by a newer version of the site (its schema has migration FromTheFuture1999999999999',
    );
    expect(await tableCount(target.url)).toBe(0);
    expect(existsSync(targetData)).toBe(false);

    const missing = await cli(['restore', 'nowhere.tar.gz'], env);
    expect(missing).toMatchObject({ code: EXIT_FAILED, err: `${path.join(work, 'nowhere.tar.gz')} does not exist.` });
  });

  it('should answer exit code 2 and the usage for a wrong command line, also as a program', async () => {
    const env = { DATABASE_URL: source.databaseUrl, DATA_DIR: sourceData };
    for (const args of [['restore'], ['backup', '--bogus'], ['backup', '--out'], ['vacuum']]) {
      const answer = await cli(args, env);
      expect(answer.code).toBe(EXIT_USAGE);
      expect(answer.err).toContain('Usage:\n  npm run backup [-- --out <file.tar.gz | folder>]');
    }
    const program = spawnSync(process.execPath, [path.join(repoRoot, 'api/dist/src/backup-command.js')], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: source.databaseUrl },
    });
    expect(program.status).toBe(EXIT_USAGE);
    expect(program.stderr).toContain('No command given.');
    const badConfig = await cli(['backup'], { ...env, BACKUP_KEEP: '0' });
    expect(badConfig).toMatchObject({ code: EXIT_FAILED, err: expect.stringContaining('BACKUP_KEEP') });
  });

  it('should back up the embedded database of a data folder, and restore into a new one', async () => {
    const dataDir = path.join(work, 'embedded');
    const restored = await cli(['restore', archive], { DATA_DIR: dataDir });
    expect(restored.code).toBe(EXIT_OK);
    expect(restored.out).toContain(
      `Restoring ${archive} into the embedded database in ${path.join(dataDir, 'postgres')}, and its media into ${dataDir} …`,
    );
    expect(restored.out).toContain(`Creating the embedded PostgreSQL cluster in ${path.join(dataDir, 'postgres')}`);
    // Running (as under npm start): the command uses the live server's port; stopped: it starts the cluster for
    // itself. A folder as --out gets the archive's own name.
    const running = await startEmbeddedPostgres({ dataDir });
    let live;
    try {
      live = await cli(['backup', '--out', path.join(work, 'live.tar.gz')], { DATA_DIR: dataDir });
    } finally {
      await running.stop();
    }
    expect(live.code).toBe(EXIT_OK);
    expect(live.out).toContain(
      `the embedded PostgreSQL running in ${path.join(dataDir, 'postgres')} (port ${running.port})`,
    );
    const stopped = await cli(['backup', '--out', `${work}/`], { DATA_DIR: dataDir });
    expect(stopped.code).toBe(EXIT_OK);
    expect(stopped.out).toContain('(started for this command)');
    const file = /Backup written: (\S+)/.exec(stopped.out)![1]!;
    expect(path.basename(file)).toMatch(/^yunfan-site-\d{8}T\d{6}Z\.tar\.gz$/);
    const list = (f: string) => execFileSync('tar', ['xzf', f, '-O', 'manifest.json'], { encoding: 'utf8' });
    type Table = { name: string; rows: number };
    type Listed = { database: { tables: Table[]; sequences: Array<{ name: string }> }; uploads: unknown[] };
    // The audit trail grows by the restore's record, then by each backup's (written after its snapshot).
    const trail = (listed: Listed) => listed.database.tables.find((table) => table.name === 'audit_log')!.rows;
    const content = (listed: Listed) => ({
      tables: listed.database.tables.filter((table) => table.name !== 'audit_log'),
      sequences: listed.database.sequences.filter((sequence) => !sequence.name.startsWith('audit_log')),
      uploads: listed.uploads,
    });
    const first = JSON.parse(list(archive)) as Listed;
    for (const [made, added] of [
      [path.join(work, 'live.tar.gz'), 1],
      [file, 2],
    ] as const) {
      const again = JSON.parse(list(made)) as Listed;
      expect(content(again)).toEqual(content(first));
      expect(trail(again)).toBe(trail(first) + added);
    }
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });
});

describe('scheduled backups (BACKUP_CRON)', () => {
  it('should be armed by the server for the next slot of its schedule', () => {
    const service = source.app.get(BackupScheduleService);
    const next = service.next!;
    // 03:00 in Beijing (the schedule's zone), whatever this machine's zone.
    const beijing = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', timeStyle: 'medium' });
    expect(beijing.format(next)).toBe('03:00:00');
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('should keep the newest BACKUP_KEEP scheduled archives, never one made by hand, one instance per slot', async () => {
    const dir = path.join(work, 'auto');
    // Slots to come, so that the first one's lock is held (until a minute after it) through this test.
    const hour = Math.ceil(Date.now() / 3600_000) * 3600_000;
    const slots = [1, 2, 3].map((n) => new Date(hour + n * 3600_000));
    await fs.mkdir(dir, { recursive: true });
    const byHand = path.join(dir, 'yunfan-site-20000101T000000Z.tar.gz');
    await fs.writeFile(byHand, 'made by hand');
    const data = { databaseUrl: source.databaseUrl, media: new LocalMediaStore(sourceData) };
    const first = new ScheduledBackups({ ...data, dir, keep: 2, holdMs: 60_000 });
    const second = new ScheduledBackups({ ...data, dir: path.join(work, 'auto-2'), keep: 2, holdMs: 60_000 });
    try {
      // Two servers on one database, at the same slot: one makes the archive, the other skips.
      const race = await Promise.all([first.runSlot(slots[0]!), second.runSlot(slots[0]!)]);
      expect(race.filter((outcome) => 'made' in outcome)).toHaveLength(1);
      expect(race.filter((outcome) => 'skipped' in outcome)).toHaveLength(1);
      // Later in the slot's hold, the lock is still taken: no second archive of that slot either.
      expect(await second.runSlot(slots[0]!)).toEqual({ skipped: 'another instance has this slot' });
      const service = source.app.get(BackupScheduleService);
      expect(await service.run(slots[1]!)).toMatchObject({ made: expect.any(String) });
      expect(await first.runSlot(slots[2]!)).toMatchObject({ made: expect.any(String) });
    } finally {
      await first.close();
      await second.close();
    }
    // The first slot's archive is in this folder or the other server's; here the newest two scheduled ones stay.
    const [, secondName, thirdName] = slots.map((slot) => archiveName(slot, true));
    expect((await fs.readdir(dir)).sort()).toEqual(['yunfan-site-20000101T000000Z.tar.gz', secondName, thirdName]);
    expect(await pruneScheduled(dir, 1)).toEqual([secondName]);
    expect(await fs.readFile(byHand, 'utf8')).toBe('made by hand');
  });
});

async function menuRows(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query('SELECT count(*) FROM menu')).rows[0].count);
  } finally {
    await client.end();
  }
}
