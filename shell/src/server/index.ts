// The shell's server build (`dist/server/main.cjs`), loaded by the API server at run time. The dynamic import is
// the async boundary: shared modules are negotiated with the remotes' server builds before any of them runs.
import type { SsrRenderer } from '@site/shared-types';

export function loadRenderer(): Promise<SsrRenderer> {
  return import('./renderer').then((module) => module.renderer);
}
