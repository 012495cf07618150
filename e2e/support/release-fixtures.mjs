// Release folders for the release tests (browser and API): a copy of a built release under another id, made in
// a second instead of a build's minute, optionally broken in one known way. Release ids are compiled into the
// bundles (the `data-release` attribute), so the copy's files name the new id too.
import { randomBytes } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The release a remote's `dist/current.json` names. */
export function currentRelease(dist) {
  return JSON.parse(readFileSync(path.join(dist, 'current.json'), 'utf8')).release;
}

function files(dir) {
  return readdirSync(dir, { recursive: true })
    .map((file) => path.join(dir, String(file)))
    .filter((file) => statSync(file).isFile());
}

const THROW = '(() => { throw new Error("release fixture: this release is broken") })()';

/**
 * Copies release `from` (default: the current one) of the remote whose dist folder is `fromDist` into `toDist`
 * (default: the same) as `to` (default: a new id), and answers the id. `mutate`:
 * - `incompatible-react`: its record says it was built against React 18 (requires ^18.3.1);
 * - `incompatible-platform`: its record requires platform contract ^99.0.0;
 * - `ssr-throws`: its server build throws while rendering the layout (the smoke render fails);
 * - `browser-throws`: its browser build throws while rendering the layout (the server render is fine).
 */
export function cloneRelease({ fromDist, toDist = fromDist, from = currentRelease(fromDist), to, mutate } = {}) {
  const id = to ?? `t${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const source = path.join(fromDist, 'releases', from);
  const target = path.join(toDist, 'releases', id);
  cpSync(source, target, { recursive: true });
  for (const file of files(target).filter((name) => name.endsWith('.js'))) {
    let text = readFileSync(file, 'utf8');
    if (!text.includes(`"${from}"`)) continue;
    text = text.replaceAll(`"${from}"`, `"${id}"`);
    const side = path.relative(target, file).split(path.sep)[0];
    if ((mutate === 'ssr-throws' && side === 'server') || (mutate === 'browser-throws' && side === 'web')) {
      text = text.replace(/("data-release":\s*)"[^"]+"/, `$1${THROW}`);
    }
    writeFileSync(file, text);
  }
  const recordFile = path.join(target, 'release.json');
  const record = JSON.parse(readFileSync(recordFile, 'utf8'));
  record.release = id;
  record.builtAt = new Date().toISOString();
  if (mutate === 'incompatible-react') {
    for (const name of Object.keys(record.shared).filter((shared) => /^react(-dom)?(\/|$)/.test(shared))) {
      record.shared[name] = { version: '18.3.1', requiredVersion: '^18.3.1' };
    }
  }
  if (mutate === 'incompatible-platform') {
    record.platform = '99.0.0';
    record.shared['@site/platform'] = { version: '99.0.0', requiredVersion: '^99.0.0' };
  }
  writeFileSync(recordFile, `${JSON.stringify(record, null, 2)}\n`);
  return id;
}

/** Points the build command's `current.json` at a release (what `npm run build -w <remote>` does at its end). */
export function writeCurrent(dist, release) {
  writeFileSync(path.join(dist, 'current.json'), JSON.stringify({ release, builtAt: new Date().toISOString() }));
}
