import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  createAppStore,
  dehydrate,
  releaseStore,
  seedKeywords,
  settleQueries,
  type AppStore,
  type RemoteModule,
} from '@site/platform';
import {
  composeHead,
  scriptJson,
  type PageHead,
  type SsrRenderer,
  type SsrRequest,
  type SsrResult,
} from '@site/shared-types';
import { App } from '../app';

/** A render that takes longer is abandoned (the page is then rendered in the browser). */
const RENDER_TIMEOUT_MS = 10_000;

/** The entry each remote is registered with, and its `./App` per release (a failure is kept: no retry storm). */
const registered = new Map<string, string>();
const modules = new Map<string, Promise<RemoteModule>>();

function remoteModule(request: SsrRequest): Promise<RemoteModule> {
  const key = `${request.remote}@${request.release}`;
  let module = modules.get(key);
  if (module) return module;
  if (registered.get(request.remote) !== request.serverEntry) {
    // A new release: `force` drops the old container and its module cache, the next load evaluates the new one.
    registerRemotes([{ name: request.remote, entry: request.serverEntry }], { force: registered.has(request.remote) });
    registered.set(request.remote, request.serverEntry);
    for (const old of modules.keys()) if (old.startsWith(`${request.remote}@`)) modules.delete(old);
  }
  module = loadRemote<RemoteModule>(`${request.remote}/App`).then((loaded) => {
    if (!loaded?.default) throw new Error(`${request.remote} did not provide ./App`);
    return loaded;
  });
  modules.set(key, module);
  return module;
}

async function render(request: SsrRequest): Promise<SsrResult> {
  const module = await remoteModule(request);
  const store = createAppStore({ apiBase: request.apiBase, call: request.call });
  try {
    return await renderWith(request, module, store);
  } catch (error) {
    releaseStore(store);
    throw error;
  }
}

async function renderWith(request: SsrRequest, module: RemoteModule, store: AppStore): Promise<SsrResult> {
  const url = new URL(request.url, 'http://localhost');
  await seedKeywords(store, request.keywords);
  let head: PageHead = { title: null };
  if (module.prefetch) head = await module.prefetch({ path: url.pathname, search: url.search.slice(1), store });
  await settleQueries(store);
  const state = store.getState();
  const meta = state.site.meta;

  return new Promise<SsrResult>((resolve, reject) => {
    let failure: unknown = null;
    let abort: (reason?: unknown) => void = () => undefined;
    const timer = setTimeout(
      () => abort(new Error(`render took longer than ${RENDER_TIMEOUT_MS} ms`)),
      RENDER_TIMEOUT_MS,
    );
    const rendering = renderToPipeableStream(
      <App
        store={store}
        mobileHosts={request.mobileHosts}
        location={request.url}
        preloaded={{ name: request.remote, module }}
      />,
      {
        // Crawlers and visitors without JavaScript get the whole page: wait for everything, then stream it.
        onAllReady() {
          clearTimeout(timer);
          if (failure) {
            reject(failure);
            return;
          }
          resolve({
            head: composeHead(head, meta),
            stateJson: scriptJson(dehydrate(state, module.stateSlices)),
            stream(write, done) {
              rendering.pipe(
                new Writable({
                  write(chunk: Uint8Array, _encoding: string, callback: () => void) {
                    write(chunk);
                    callback();
                  },
                  final(callback: () => void) {
                    releaseStore(store);
                    done();
                    callback();
                  },
                }),
              );
            },
          });
        },
        onShellError(error) {
          clearTimeout(timer);
          reject(error);
        },
        // An error inside the tree would make React fall back to client rendering for part of the page:
        // the whole page is then rendered in the browser instead.
        onError(error) {
          failure ??= error;
        },
      },
    );
    abort = rendering.abort;
  });
}

export const renderer: SsrRenderer = { render };
