#!/usr/bin/env node
// Builds one remote and publishes it as a new release: `node release.mjs <remote package dir>`.
// The build goes to dist/releases/<id>/web (browser) and, for the public remotes, dist/releases/<id>/server (the
// same code for server rendering), with the release's record beside them (release.json, see release-record.mjs).
// A release is never rewritten, so every file can be cached as immutable. Then dist/current.json, the pointer the
// server takes in (through its gate: docs/architecture.md "Releases"), is switched to it in one rename. The shell
// and the other remotes are not touched. Older releases are kept for rollback (`npm run release`), then pruned,
// except the ones the server's pointer still uses (dist/in-use.json, written by the server).
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import webpack from 'webpack';
import { compatibilityProblems } from '@site/shared-types/release';
import { releaseRecord } from './release-record.mjs';

const KEEP_RELEASES = 5;

/** A release built but not switched on: the shell that serves cannot run it. */
export class ReleaseRefused extends Error {
  constructor(release, problems) {
    super(`release ${release} was built but not switched on: ${problems.join('；')}`);
    this.release = release;
    this.problems = problems;
  }
}

/** The shell build's record (shell.json), or null when there is no shell build to check against. */
async function readShellRecord(shellDist) {
  try {
    return JSON.parse(await fs.readFile(path.join(shellDist, 'shell.json'), 'utf8'));
  } catch {
    return null;
  }
}

export async function releaseRemote(appDir, { label, shellDist } = {}) {
  appDir = path.resolve(appDir);
  const release = label ?? `r${Date.now().toString(36)}`;
  if (!/^[a-z0-9][a-z0-9-]{0,40}$/.test(release)) throw new Error(`release id "${release}" must be [a-z0-9-]`);
  const releasesDir = path.join(appDir, 'dist', 'releases');
  const outDir = path.join(releasesDir, release);

  process.env.MF_OUT_DIR = outDir;
  process.env.MF_RELEASE_LABEL = release;
  const { default: configFor } = await import(pathToFileURL(path.join(appDir, 'webpack.config.mjs')).href);
  const config = configFor({}, { mode: 'production' });
  const name = (Array.isArray(config) ? config[0] : config).name;
  const begin = Date.now();

  const stats = await new Promise((resolve, reject) =>
    webpack(config, (error, result) => (error ? reject(error) : resolve(result))),
  );
  if (stats.hasErrors()) {
    await fs.rm(outDir, { recursive: true, force: true });
    throw new Error(stats.toString({ all: false, errors: true, colors: false }));
  }

  const builtAt = new Date().toISOString();
  const record = await releaseRecord({ appDir, outDir, release, builtAt, seconds: (Date.now() - begin) / 1000 });
  await fs.writeFile(path.join(outDir, 'release.json'), `${JSON.stringify(record, null, 2)}\n`);

  // The gate: a release the shell beside it cannot run is kept, but not switched on (the server checks again
  // against the shell it serves, whoever writes the pointer).
  const shell = await readShellRecord(shellDist ?? path.join(appDir, '..', 'shell', 'dist'));
  const problems = shell ? compatibilityProblems(record, shell.provides) : [];
  if (problems.length > 0) {
    throw new ReleaseRefused(release, problems);
  }

  const pointer = path.join(appDir, 'dist', 'current.json');
  await fs.writeFile(`${pointer}.tmp`, JSON.stringify({ release, builtAt }, null, 2));
  await fs.rename(`${pointer}.tmp`, pointer);
  await prune(releasesDir, [release, ...(await inUse(appDir))]);
  return { release, name, seconds: (Date.now() - begin) / 1000 };
}

/** The releases the server's pointers name (active, previous, canary): never pruned. */
async function inUse(appDir) {
  try {
    const { releases } = JSON.parse(await fs.readFile(path.join(appDir, 'dist', 'in-use.json'), 'utf8'));
    return Array.isArray(releases) ? releases.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

async function prune(releasesDir, keep) {
  const entries = await fs.readdir(releasesDir, { withFileTypes: true });
  const dirs = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() && !keep.includes(entry.name))
      .map(async (entry) => ({ name: entry.name, time: (await fs.stat(path.join(releasesDir, entry.name))).mtimeMs })),
  );
  dirs.sort((a, b) => b.time - a.time);
  for (const old of dirs.slice(KEEP_RELEASES - 1)) {
    await fs.rm(path.join(releasesDir, old.name), { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node release.mjs <remote package dir> [release id]');
    process.exit(2);
  }
  try {
    const result = await releaseRemote(dir, { label: process.argv[3] });
    console.log(`[release] ${result.name} ${result.release} published in ${result.seconds.toFixed(1)} s`);
  } catch (error) {
    console.error(`[release] failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
