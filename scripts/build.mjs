#!/usr/bin/env node
// Builds what is not built yet or is older than its sources: `npm install` (prepare), `npm start` and the
// test commands call it; `--all` rebuilds everything. Steps:
//   1. TypeScript project references (`tsc -b`, incremental): type-checks every package, emits shared-types and api;
//   2. the shell's browser and server builds (webpack) when their inputs changed;
//   3. each remote released anew (shell/platform/release.mjs) when its inputs changed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--all');
const started = Date.now();

function run(label, args) {
  const begin = Date.now();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n[build] ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  console.log(`[build] ${label}: ${((Date.now() - begin) / 1000).toFixed(1)} s`);
}

/** A hash of every file under the given paths (content, not dates: a fresh clone builds once). */
async function inputsHash(paths) {
  const hash = createHash('sha256');
  async function add(target) {
    const stat = await fs.stat(target).catch(() => null);
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of (await fs.readdir(target)).sort()) {
        if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
        await add(path.join(target, entry));
      }
      return;
    }
    hash.update(path.relative(root, target));
    hash.update(await fs.readFile(target));
  }
  for (const target of paths) await add(path.join(root, target));
  return hash.digest('hex');
}

const SHARED_INPUTS = ['shell/platform', 'shared-types/src', 'package-lock.json'];

async function stale(stampFile, inputs, product) {
  if (force || !existsSync(path.join(root, product))) return true;
  const previous = await fs.readFile(path.join(root, stampFile), 'utf8').catch(() => '');
  return previous.trim() !== inputs;
}

run('TypeScript (all packages)', [
  path.join(root, 'node_modules/typescript/bin/tsc'),
  '-b',
  ...(force ? ['--force'] : []),
]);

const shellInputs = await inputsHash([
  'shell/src',
  'shell/public',
  'shell/webpack.config.mjs',
  'shell/package.json',
  ...SHARED_INPUTS,
]);
if (await stale('shell/dist/.inputs', shellInputs, 'shell/dist/server/main.cjs')) {
  run('shell (webpack, browser + server)', [
    path.join(root, 'node_modules/webpack-cli/bin/cli.js'),
    '--mode',
    'production',
    '-c',
    'shell/webpack.config.mjs',
  ]);
  await fs.writeFile(path.join(root, 'shell/dist/.inputs'), shellInputs);
}

const { releaseRemote } = await import(pathToFileURL(path.join(root, 'shell/platform/release.mjs')).href);
for (const remote of ['mf-desktop', 'mf-mobile', 'mf-admin']) {
  const inputs = await inputsHash([
    `${remote}/src`,
    `${remote}/webpack.config.mjs`,
    `${remote}/package.json`,
    ...SHARED_INPUTS,
  ]);
  if (!(await stale(`${remote}/dist/.inputs`, inputs, `${remote}/dist/current.json`))) continue;
  const result = await releaseRemote(path.join(root, remote));
  await fs.writeFile(path.join(root, remote, 'dist/.inputs'), inputs);
  console.log(`[build] ${result.name}: release ${result.release} in ${result.seconds.toFixed(1)} s`);
}

console.log(`[build] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
