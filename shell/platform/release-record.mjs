// The record a release keeps beside its files (dist/releases/<id>/release.json): what it was built from and
// against, so that a release can be checked against the shell serving it before it is switched on, and listed
// with its facts (docs/architecture.md "Releases"; the format and the gate are in @site/shared-types/release).
// Written by release.mjs after a successful build. Also what a shell build provides (shell.json).
import { execFileSync } from 'node:child_process';
import { existsSync, promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { PROVIDED_BY_SHELL, RELEASE_RECORD_FORMAT } from '@site/shared-types/release';

/**
 * The git commit the sources came from, and whether the files that go into this remote (its own folder, the
 * platform, the shared types) differed from it. `null` outside a git work tree.
 */
export function sourceCommit(appDir) {
  const git = (...args) =>
    execFileSync('git', args, { cwd: appDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const id = git('rev-parse', 'HEAD').trim();
    const root = git('rev-parse', '--show-toplevel').trim();
    const inputs = [appDir, path.join(root, 'shell', 'platform'), path.join(root, 'shared-types')];
    const dirty = git('status', '--porcelain', '--', ...inputs).trim() !== '';
    return { id, dirty };
  } catch {
    return null;
  }
}

/** Bytes of a set of files of the release's browser build, as stored and as gzip sends them. */
async function weigh(webDir, files) {
  let bytes = 0;
  let gzip = 0;
  for (const file of files) {
    const content = await fs.readFile(path.join(webDir, file));
    bytes += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { files: files.length, bytes, gzip };
}

/**
 * The record of the release built into `outDir`: remote and release, when, from which commit, the version of
 * every shared module it was compiled with and the range it requires of the shell (from its federation
 * manifest), the platform contract (the @site/platform version, shared with a strict range), and its size: the
 * JS and CSS a first view loads before any route's own chunk (remote entry and `./App`), and the whole build.
 */
export async function releaseRecord({ appDir, outDir, release, builtAt, seconds }) {
  const webDir = path.join(outDir, 'web');
  const manifest = JSON.parse(await fs.readFile(path.join(webDir, 'mf-manifest.json'), 'utf8'));
  const pkg = JSON.parse(await fs.readFile(path.join(appDir, 'package.json'), 'utf8'));
  const shared = {};
  for (const entry of manifest.shared ?? []) {
    shared[entry.name] = { version: entry.version, requiredVersion: entry.requiredVersion ?? null };
  }
  const app = (manifest.exposes ?? []).find((expose) => expose.path === './App')?.assets ?? {};
  const all = await fs.readdir(webDir, { recursive: true });
  const of = (extension) => all.filter((file) => file.endsWith(extension)).sort();
  return {
    format: RELEASE_RECORD_FORMAT,
    remote: manifest.metaData?.name ?? pkg.name,
    package: pkg.name,
    release,
    builtAt,
    buildSeconds: Math.round(seconds * 10) / 10,
    commit: sourceCommit(appDir),
    platform: shared['@site/platform']?.version ?? null,
    shared,
    server: await fs
      .access(path.join(outDir, 'server', 'remoteEntry.js'))
      .then(() => true)
      .catch(() => false),
    size: {
      firstView: {
        js: await weigh(webDir, [manifest.metaData?.remoteEntry?.name ?? 'remoteEntry.js', ...(app.js?.sync ?? [])]),
        css: await weigh(webDir, app.css?.sync ?? []),
      },
      total: { js: await weigh(webDir, of('.js')), css: await weigh(webDir, of('.css')) },
    },
  };
}

/**
 * What the shell in `appDir` gives every remote: the version of each singleton it is compiled with, read from the
 * packages it resolves (looked up through node_modules folders upwards, as Node does: not every package exports
 * its package.json). The shell's build writes it to shell.json.
 */
export function shellProvides(appDir) {
  const provides = {};
  for (const name of PROVIDED_BY_SHELL) {
    for (let dir = path.resolve(appDir); ; dir = path.dirname(dir)) {
      const file = path.join(dir, 'node_modules', name, 'package.json');
      if (existsSync(file)) {
        provides[name] = JSON.parse(readFileSync(file, 'utf8')).version;
        break;
      }
      if (path.dirname(dir) === dir) throw new Error(`the shell in ${appDir} does not resolve ${name}`);
    }
  }
  return provides;
}
