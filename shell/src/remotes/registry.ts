import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModule } from '@site/platform';
import type { RemoteName, RemotePointer } from '@site/shared-types';

let pointer: RemotePointer = { remotes: {} };

function entries(names: RemoteName[]) {
  return names.flatMap((name) => {
    const remote = pointer.remotes[name];
    return remote ? [{ name, entry: remote.entry }] : [];
  });
}

/** Registers every remote of the pointer the server inlined in the page (no remote URL is built into the shell). */
export function initRemotes(initial: RemotePointer): void {
  pointer = initial;
  registerRemotes(entries(Object.keys(pointer.remotes) as RemoteName[]));
}

/** The release of a remote this page runs (for error reports). */
export function releaseOf(name: RemoteName): string | null {
  return pointer.remotes[name]?.release ?? null;
}

export function manifestUrl(name: RemoteName): string {
  return pointer.remotes[name]?.entry ?? '(not in the pointer)';
}

/**
 * Before a retry: read the pointer again (a new release may be out; `readPointer` asks the API client, undefined
 * when it cannot answer) and register the remote anew, which drops the failed manifest and container from the
 * federation runtime's caches.
 */
export async function refreshRemote(
  name: RemoteName,
  readPointer: () => Promise<RemotePointer | undefined>,
): Promise<void> {
  const fresh = await readPointer().catch(() => undefined);
  if (fresh) pointer = fresh;
  registerRemotes(entries([name]), { force: true });
}

export async function loadRemoteApp(name: RemoteName): Promise<RemoteModule> {
  if (!pointer.remotes[name]) throw new Error(`remote ${name} is not in the pointer`);
  const module = await loadRemote<RemoteModule>(`${name}/App`);
  if (!module?.default) throw new Error(`remote ${name} did not provide ./App`);
  return module;
}
