import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type RemoteEntry = Awaited<ReturnType<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>>;

/**
 * Remotes' server builds are read from their release folder on this machine (`file:` entries), never fetched
 * over the network: the code the render evaluates comes only from the server's own releases. The entry runs
 * as a CommonJS module of its folder, so @module-federation/node's runtime plugin then reads its chunks from
 * the same folder.
 */
export default function fileEntryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'site-file-entry',
    loadEntry({ remoteInfo }) {
      if (!remoteInfo.entry.startsWith('file:')) return undefined;
      const file = fileURLToPath(remoteInfo.entry);
      return readFile(file, 'utf8').then((code) => {
        const module: { exports: Record<string, unknown> } = { exports: {} };
        const wrapper = new vm.Script(`(function (exports, module, require, __dirname, __filename) {${code}\n})`, {
          filename: file,
        }).runInThisContext() as (...args: unknown[]) => void;
        wrapper(module.exports, module, createRequire(file), path.dirname(file), file);
        return (module.exports[remoteInfo.entryGlobalName] ?? module.exports) as RemoteEntry;
      });
    },
  };
}
