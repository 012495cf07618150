import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  createAppStore,
  dehydrate,
  islandsReady,
  leadRestored,
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
  type SsrHead,
  type SsrRenderer,
  type SsrRequest,
  type SsrResult,
} from '@site/shared-types';
import { App } from '../app';

/** A render that takes longer is abandoned (the page is then rendered in the browser). */
const RENDER_TIMEOUT_MS = 10_000;

/** Releases kept loaded per remote: the active one, a canary, and one being checked by the release gate. */
const KEPT_RELEASES = 4;

/** `./App` per release (a failure is kept: no retry storm), oldest first. */
const modules = new Map<string, Promise<RemoteModule>>();
/** Per remote, the load under way: registering a release and loading it must not interleave with another's. */
const loading = new Map<string, Promise<unknown>>();
const registered = new Set<string>();

/**
 * A release's `./App`. Several releases of one remote can be in use at once (a canary beside the active one):
 * each is registered with `force` (which replaces the remote's container in the federation runtime) and loaded
 * in turn; a loaded module keeps its own container and chunks, so it goes on rendering after the next release is
 * registered.
 */
function remoteModule(request: SsrRequest): Promise<RemoteModule> {
  const key = `${request.remote}@${request.release}`;
  const known = modules.get(key);
  if (known) return known;
  const before = loading.get(request.remote) ?? Promise.resolve();
  const module = before
    .catch(() => undefined)
    .then(async () => {
      registerRemotes([{ name: request.remote, entry: request.serverEntry }], {
        force: registered.has(request.remote),
      });
      registered.add(request.remote);
      const loaded = await loadRemote<RemoteModule>(`${request.remote}/App`);
      if (!loaded?.default) throw new Error(`${request.remote} did not provide ./App`);
      return loaded;
    });
  loading.set(request.remote, module);
  modules.set(key, module);
  const mine = [...modules.keys()].filter((name) => name.startsWith(`${request.remote}@`));
  for (const old of mine.slice(0, Math.max(0, mine.length - KEPT_RELEASES))) modules.delete(old);
  return module;
}

async function render(request: SsrRequest): Promise<SsrResult> {
  const module = await remoteModule(request);
  const store = createAppStore({ apiBase: request.apiBase, call: request.call });
  // A contact form the server did not take: the page shows what was typed and why.
  if (request.lead) store.dispatch(leadRestored(request.lead));
  try {
    return await renderWith(request, module, store);
  } catch (error) {
    releaseStore(store);
    throw error;
  }
}

/** The head alone: the route module's reads run into a store, and its `head`. */
async function head(request: SsrRequest): Promise<SsrHead> {
  const module = await remoteModule(request);
  const store = createAppStore({ apiBase: request.apiBase, call: request.call });
  try {
    const routeHead = await prefetch(request, module, store);
    return composeHead(routeHead, store.getState().site.meta);
  } finally {
    releaseStore(store);
  }
}

/** Seeds the keyword records and runs the page's reads (layout and route) into `store`; answers the route's head. */
async function prefetch(request: SsrRequest, module: RemoteModule, store: AppStore): Promise<PageHead> {
  // The path exactly as asked for: a URL parser would read `//about.html` as a host and `/./about.html` as
  // `/about.html`, and the page would be rendered for an address that names nothing.
  const mark = request.url.search(/[?#]/);
  const path = mark < 0 ? request.url : request.url.slice(0, mark);
  const search = request.url[mark] === '?' ? request.url.slice(mark + 1).split('#')[0]! : '';
  await seedKeywords(store, request.keywords);
  return module.prefetch ? module.prefetch({ path, search, store, match: request.match }) : { title: null };
}

async function renderWith(request: SsrRequest, module: RemoteModule, store: AppStore): Promise<SsrResult> {
  const head = await prefetch(request, module, store);
  await settleQueries(store);
  // The page's islands have their code: none suspends, so the page comes out the same on every render.
  await islandsReady();
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
        // Every Suspense boundary (an island, docs/decisions.md "Islands") is written in place, complete: without
        // this, React moves a boundary that comes after the first 12,800 bytes to the end of the page, with an
        // inline script to put it back, which visitors without JavaScript and crawlers would not run.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        // Crawlers and visitors without JavaScript get the whole page: wait for everything, then stream it.
        onAllReady() {
          clearTimeout(timer);
          if (failure) {
            reject(asError(failure));
            return;
          }
          resolve({
            head: composeHead(head, meta),
            stateJson: scriptJson(dehydrate(state, module.stateSlices)),
            startsAtLoad: module.startsAtLoad ?? {},
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
          reject(asError(error));
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

export const renderer: SsrRenderer = { render, head };

function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}
