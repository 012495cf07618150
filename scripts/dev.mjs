#!/usr/bin/env node
// `npm run dev`: the API (rebuilt and restarted on change) with the shell and the three remotes served by
// webpack-dev-server with live reload. Open http://localhost:3000. Each front-end package also runs alone
// with `npm run dev -w <package>` (its standalone page on its own port, the API proxied).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const FRONTENDS = [
  { name: 'shell', dir: 'shell', port: 3100 },
  { name: 'mf_desktop', dir: 'mf-desktop', port: 3101 },
  { name: 'mf_mobile', dir: 'mf-mobile', port: 3102 },
  { name: 'mf_admin', dir: 'mf-admin', port: 3103 },
];

const first = spawnSync(process.execPath, [bin('tsc'), '-b'], { cwd: root, stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [];
function start(label, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const prefix = `[${label}] `;
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => process.stdout.write(chunk.toString().replace(/^(?=.)/gm, prefix)));
  }
  children.push(child);
  return child;
}

start('tsc', bin('tsc'), ['-b', '-w', '--preserveWatchOutput', 'api']);
for (const frontend of FRONTENDS) {
  start(frontend.name, bin('webpack'), ['serve', '--mode', 'development', '-c', `${frontend.dir}/webpack.config.mjs`], {
    env: { ...process.env, SHELL_DEV_PORT: String(frontend.port) },
  });
}
const remoteUrls = Object.fromEntries(
  FRONTENDS.filter((f) => f.name !== 'shell').map((f) => [
    `REMOTE_${f.name.toUpperCase()}_URL`,
    `http://localhost:${f.port}/mf-manifest.json`,
  ]),
);
start('api', process.execPath, ['--watch-path=api/dist', 'api/dist/src/main.js'], {
  // One process: the watch restarts it on every build.
  env: { ...process.env, SHELL_URL: 'http://localhost:3100', WORKERS: '1', ...remoteUrls },
});

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
