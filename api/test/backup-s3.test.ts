import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { runBackupCommand } from '../src/backup-command.js';
import { loadConfig } from '../src/config/config.js';
import { EXIT_OK } from '../src/core/command.js';
import { createMediaStore } from '../src/core/media/media.module.js';
import { UPLOADS_PREFIX, type MediaStore } from '../src/core/media/media-store.js';
import { publicSnapshot } from './support/public-snapshot.js';
import { bucketName, startTestS3, type TestS3 } from './support/s3-server.js';
import { createTestApp, createTestDatabase, type TestApp } from './support/test-app.js';

/**
 * `npm run backup` and `npm run restore` with the media in an S3 bucket (docs/behaviour.md#backups): the backup
 * reads each upload from the store once (counted on the wire, by a relay in front of the S3 server), and the
 * restore brings back the same objects and the same site.
 */
const repoRoot = path.resolve(import.meta.dirname, '..');

/** Relays HTTP to the S3 server, counting the reads of each object (GETs that are not listings). */
class CountingRelay {
  readonly reads = new Map<string, number>();
  private server: http.Server | null = null;
  endpoint = '';

  constructor(private readonly target: URL) {}

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://relay');
      if (req.method === 'GET' && !url.searchParams.has('list-type') && url.pathname.split('/').length > 2) {
        const key = decodeURIComponent(url.pathname.split('/').slice(2).join('/'));
        this.reads.set(key, (this.reads.get(key) ?? 0) + 1);
      }
      // The headers as signed (Host included): the S3 server checks the signature against them.
      const upstream = http.request(
        { host: this.target.hostname, port: this.target.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.endpoint = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

let work: string;
let s3: TestS3;
let relay: CountingRelay;
let source: TestApp;
const sourceBucket = bucketName('backup-source');
const dropLater: Array<() => Promise<void>> = [];

const relayed = (bucket: string) => ({ ...s3.env(bucket), S3_ENDPOINT: relay.endpoint });

async function cli(args: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runBackupCommand(
    args,
    { LOG_LEVEL: 'error', DATA_DIR: path.join(work, 'data'), ...env },
    { cwd: work, root: repoRoot },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function storeOf(env: Record<string, string>): MediaStore {
  return createMediaStore(loadConfig({ DATA_DIR: path.join(work, 'data'), ...env }));
}

/** Every upload of a store: key → SHA-256 of its bytes. */
async function uploadsOf(store: MediaStore): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for await (const { key } of store.list(UPLOADS_PREFIX)) {
    found[key] = createHash('sha256')
      .update((await store.readBytes(key))!)
      .digest('hex');
  }
  return found;
}

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(process.env.TEST_ROOT ?? '/tmp', 'backup-s3-'));
  s3 = await startTestS3();
  relay = new CountingRelay(new URL(s3.endpoint));
  await relay.start();
  // The seeded site draws its pictures into the bucket; a few larger uploads join them (several pieces each).
  source = await createTestApp(s3.env(sourceBucket));
  const store = storeOf(s3.env(sourceBucket));
  for (let i = 0; i < 3; i++) {
    await store.put(`${UPLOADS_PREFIX}2026/11/${randomBytes(16).toString('hex')}.jpg`, randomBytes(700_000 + i));
  }
  await store.close();
});

afterAll(async () => {
  await source?.close();
  for (const drop of dropLater) await drop();
  await relay?.stop();
  await s3?.close();
});

describe('backup and restore with the media in S3', () => {
  it('should read each object once, and restore the same objects and site', async () => {
    const sourceStore = storeOf(s3.env(sourceBucket));
    const uploads = await uploadsOf(sourceStore);
    await sourceStore.close();
    expect(Object.keys(uploads).length).toBeGreaterThan(3);

    relay.reads.clear();
    const archive = path.join(work, 'site.tar.gz');
    const made = await cli(['backup', '--out', archive], {
      DATABASE_URL: source.databaseUrl,
      ...relayed(sourceBucket),
    });
    expect(made).toMatchObject({ code: EXIT_OK, err: '' });
    // Once each: its checksum is taken while it goes into the archive.
    expect(Object.fromEntries(relay.reads)).toEqual(Object.fromEntries(Object.keys(uploads).map((key) => [key, 1])));
    // The manifest comes last and lists them all, with what was read.
    const members = execFileSync('tar', ['tzf', archive], { encoding: 'utf8' }).trim().split('\n');
    expect(members.at(-1)).toBe('manifest.json');
    const manifest = JSON.parse(execFileSync('tar', ['xzf', archive, '-O', 'manifest.json'], { encoding: 'utf8' })) as {
      uploads: Array<{ path: string; sha256: string }>;
    };
    expect(Object.fromEntries(manifest.uploads.map((u) => [UPLOADS_PREFIX + u.path, u.sha256]))).toEqual(uploads);

    const target = await createTestDatabase();
    dropLater.push(target.drop);
    const targetBucket = bucketName('backup-target');
    const restored = await cli(['restore', archive], { DATABASE_URL: target.url, ...s3.env(targetBucket) });
    expect(restored).toMatchObject({ code: EXIT_OK, err: '' });
    const targetStore = storeOf(s3.env(targetBucket));
    expect(await uploadsOf(targetStore)).toEqual(uploads);
    await targetStore.close();
    const app = await createTestApp(s3.env(targetBucket), { databaseUrl: target.url });
    try {
      expect(await publicSnapshot(app)).toEqual(await publicSnapshot(source));
    } finally {
      await app.close();
    }
  });
});
