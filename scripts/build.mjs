#!/usr/bin/env node
// Builds what is not built yet (or is older than its sources). `npm start` and `npm install` call it;
// `--all` rebuilds everything. TypeScript project references make `tsc -b` incremental by itself.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--all');

function run(label, command, args) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n[build] ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  console.log(`[build] ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
run('TypeScript (shared-types, api and the front-end packages)', process.execPath, [
  tsc,
  '-b',
  ...(force ? ['--force'] : []),
]);
