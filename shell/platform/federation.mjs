// The Module Federation sharing rules, declared once for the shell and every remote. Every app shares the same
// singletons; the shell loads first ('loaded-first'), so remotes run on the shell's React and platform package,
// and on its router and Redux, which are part of the platform (src/router.ts, src/redux.ts: shared inside it,
// tree-shaken, rather than as whole packages). Trailing-slash entries share subpaths (react/jsx-runtime,
// react-dom/client).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SINGLETONS = ['react', 'react-dom'];
const WITH_SUBPATHS = ['react', 'react-dom'];

/** The `shared` map for the app whose package.json is in `appDir` (requiredVersion from its dependencies). */
export function sharedSingletons(appDir) {
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8'));
  const range = (name) => {
    const value = pkg.dependencies?.[name];
    if (!value) throw new Error(`${pkg.name} must depend on ${name} to share it`);
    return value;
  };
  const shared = {};
  for (const name of SINGLETONS) {
    shared[name] = { singleton: true, requiredVersion: range(name) };
    if (WITH_SUBPATHS.includes(name)) shared[`${name}/`] = { singleton: true, requiredVersion: range(name) };
  }
  // The store, the API client and the remote contract: one instance, and a remote built against an incompatible
  // platform refuses to start rather than splitting the store.
  const platform = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
  shared['@site/platform'] = { singleton: true, strictVersion: true, requiredVersion: `^${platform.version}` };
  return shared;
}

/** Remote names (JS identifiers) as registered at run time, and the package that builds each. */
export const REMOTES = {
  mf_desktop: 'mf-desktop',
  mf_mobile: 'mf-mobile',
  mf_admin: 'mf-admin',
};
