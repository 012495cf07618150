import { rmSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './global-setup';
import { cloneRelease as clone, type ReleaseMutation } from './release-fixtures.mjs';

/**
 * A copy of a remote's current release under a new id, in its build folder (every test server sees it; each
 * switches it in its own database only). `mutate` breaks it in one known way (release-fixtures.mjs).
 */
export function cloneRelease(remotePackage: string, options: { mutate?: ReleaseMutation } = {}): string {
  return clone({ fromDist: path.join(REPO_ROOT, remotePackage, 'dist'), mutate: options.mutate });
}

/** Removes a release made by {@link cloneRelease} (switch away from it first). */
export function removeRelease(remotePackage: string, release: string): void {
  rmSync(path.join(REPO_ROOT, remotePackage, 'dist', 'releases', release), { recursive: true, force: true });
}
