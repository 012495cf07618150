import { createAction } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import {
  ADMIN_LOGIN_PATH,
  canonicalQuery,
  ResultCode,
  refusalKeepsSession,
  type ApiCall,
  type Envelope,
  type KeywordRecord,
  type RemotePointer,
} from '@site/shared-types';
import { navigateTo } from './navigation';
import { tokenCleared, type SessionState } from './session-slice';
import { notify } from './ui-slice';

export interface ApiRequest {
  /** `/api/...` */
  path: string;
  method?: 'GET' | 'POST';
  /** JSON, or a `FormData` for a file upload. */
  body?: unknown;
  /** Abort after this long (the share call uses 5 s). */
  timeoutMs?: number;
  /** Send cookies to another origin too (the share call: "sent with credentials"). */
  withCredentials?: boolean;
  /** Do not show the server's msg to the user (the keyword call falls back silently). */
  silent?: boolean;
  /** A file upload's progress, 0–100 (the request then goes through XMLHttpRequest: fetch cannot report it). */
  onUploadProgress?: (percent: number) => void;
}

export type ApiError =
  | { kind: 'network'; message: string }
  | { kind: 'http'; status: number; message: string }
  | { kind: 'refused'; code: Exclude<ResultCode, 0>; message: string };

/** What a successful answer says besides its data: the server's `msg` (an endpoint's `transformResponse` reads it). */
export interface ApiMeta {
  msg: string;
}

/** Passed to the store as thunk extra argument: where the API is (absolute on the server, '' in the browser). */
export interface ApiExtra {
  apiBase: string;
  /** A server render's in-process answers (see `SsrRequest.call`); absent in the browser. */
  call?: ApiCall;
}

/** Where an ended session returns (the back office's login), as the shared route rules name it. */
export { ADMIN_LOGIN_PATH };

/** `fetch` for a request body whose upload progress is wanted; answers a `Response` so the envelope is read alike. */
function sendWithProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body: FormData; signal?: AbortSignal },
  onProgress: (percent: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        resolve(new Response(xhr.responseText, { status: xhr.status, statusText: xhr.statusText }));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error))); // status 0: the request did not complete
      }
    };
    xhr.onerror = () => reject(new Error('network error'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(init.body);
  });
}

function alertUser(text: string): void {
  if (typeof window !== 'undefined' && typeof window.alert === 'function') window.alert(text);
}

/**
 * The only code that knows the envelope (docs/behaviour.md#envelope-and-result-codes,
 * docs/behaviour.md#how-messages-are-shown):
 * - HTTP status other than 200: a browser alert with the status text, the data is not used;
 * - code ≠ 0: an info message with the server's msg, the action is aborted (the query fails);
 * - code 3 (session invalid, admin calls): the message, the token cleared, back to the login screen.
 * Callers receive `data` (and the server's `msg` as `meta`) or a typed `ApiError`, never an envelope.
 */
export const envelopeBaseQuery: BaseQueryFn<ApiRequest, unknown, ApiError, object, ApiMeta> = async (request, api) => {
  const { apiBase, call } = api.extra as ApiExtra;
  const method = request.method ?? (request.body === undefined ? 'GET' : 'POST');
  if (call) {
    try {
      return answerOf(await call({ path: request.path, method, body: request.body }), request, api);
    } catch (error) {
      return { error: { kind: 'network', message: error instanceof Error ? error.message : String(error) } };
    }
  }
  const token = (api.getState() as { session?: SessionState }).session?.token;
  const form = typeof FormData !== 'undefined' && request.body instanceof FormData ? request.body : null;
  const headers: Record<string, string> = { Accept: 'application/json' };
  // A file upload goes as multipart (the browser sets the boundary); everything else as JSON.
  if (method === 'POST' && !form) headers['Content-Type'] = 'application/json';
  if (token) headers.token = token;
  // A server render calls this server over loopback: compressing the answer would only cost CPU on both ends.
  if (apiBase) headers['Accept-Encoding'] = 'identity';

  // A read's fields go in its one canonical query string, so a cache in front keeps one answer per read.
  const query = method === 'GET' && request.body !== undefined ? `?${canonicalQuery(request.body as object)}` : '';
  const url = `${apiBase}${request.path}${query}`;
  const signal = request.timeoutMs ? AbortSignal.timeout(request.timeoutMs) : api.signal;
  let response: Response;
  try {
    response =
      form && request.onUploadProgress && typeof XMLHttpRequest !== 'undefined'
        ? await sendWithProgress(url, { method, headers, body: form, signal }, request.onUploadProgress)
        : await fetch(url, {
            method,
            headers,
            body: method === 'POST' ? (form ?? JSON.stringify(request.body ?? {})) : undefined,
            credentials: request.withCredentials ? 'include' : 'same-origin',
            signal,
          });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!request.silent) api.dispatch(notify('网络连接失败，请检查网络后重试', 'error'));
    return { error: { kind: 'network', message } };
  }

  if (response.status !== 200) {
    const text = response.statusText || `HTTP ${response.status}`;
    if (!request.silent) alertUser(text);
    return { error: { kind: 'http', status: response.status, message: text } };
  }

  let envelope: Envelope<unknown>;
  try {
    envelope = (await response.json()) as Envelope<unknown>;
  } catch {
    if (!request.silent) alertUser('服务器返回了无法识别的内容');
    return { error: { kind: 'http', status: response.status, message: 'invalid JSON' } };
  }

  return answerOf(envelope, request, api);
};

/** An envelope as the client's callers see it: the data and msg, or a refusal (shown, and code 3 logs out). */
function answerOf(
  envelope: Envelope<unknown>,
  request: ApiRequest,
  api: { dispatch: (action: unknown) => unknown },
): { data: unknown; meta: ApiMeta } | { error: ApiError } {
  if (envelope.code !== ResultCode.Ok) {
    const code = envelope.code;
    if (!request.silent) api.dispatch(notify(envelope.msg, 'info'));
    // A call the role may not make is refused with code 3 too, but the account is still signed in.
    if (code === ResultCode.Unauthenticated && !refusalKeepsSession(envelope.msg)) {
      api.dispatch(tokenCleared());
      navigateTo(ADMIN_LOGIN_PATH, { replace: true });
    }
    return { error: { kind: 'refused', code, message: envelope.msg } };
  }
  return { data: envelope.data, meta: { msg: envelope.msg } };
}

/**
 * The one RTK Query API of the site. The platform defines what the shell needs; each remote adds its own
 * endpoints with `api.injectEndpoints` when it loads.
 */
/** Hands the API cache a server render filled over to the browser's store (see `server-state.ts`). */
export const apiHydrated = createAction<unknown>('platform/apiHydrated');

export const api = createApi({
  reducerPath: 'api',
  baseQuery: envelopeBaseQuery,
  // RTK Query's documented way in for server-rendered data: fulfilled queries are adopted, nothing refetched.
  extractRehydrationInfo(action) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the reducer's own state type
    if (apiHydrated.match(action)) return action.payload as any;
    return undefined;
  },
  tagTypes: ['Keywords', 'Menu', 'Case', 'News', 'Block', 'Message'],
  endpoints: (build) => ({
    keywords: build.query<KeywordRecord[], void>({
      query: () => ({ path: '/api/keyswords', method: 'GET', silent: true }),
      providesTags: ['Keywords'],
    }),
    /** The releases to load now (the shell reads it again before retrying a remote that failed). */
    remotePointer: build.query<RemotePointer, void>({
      query: () => ({ path: '/api/frontend/remotes', method: 'GET', silent: true }),
      keepUnusedDataFor: 0,
    }),
  }),
});
