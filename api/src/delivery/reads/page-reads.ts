import { ResultCode, type ApiCall, type ApiCallRequest, type Envelope } from '@site/shared-types';

/**
 * The public reads of one page, each made once (docs/architecture.md "Render path"): the server render's API
 * calls, the head of a page the server does not render, and the page's structured data all read through it, so
 * a page costs the database each row once whatever needs it.
 */
export class PageReads {
  private readonly answers = new Map<string, { request: ApiCallRequest; answer: Promise<Envelope<unknown>> }>();

  constructor(private readonly call: ApiCall) {}

  /** The answer of a public read, made once per page. */
  read: ApiCall = (request) => {
    const key = `${request.method} ${request.path} ${JSON.stringify(request.body ?? null)}`;
    let entry = this.answers.get(key);
    if (!entry) {
      entry = { request, answer: this.call(request) };
      this.answers.set(key, entry);
    }
    return entry.answer;
  };

  /**
   * The data of a read of `request.path` whose body `matches` (one the render made, with its own body), or of
   * `request` itself; `undefined` when the server refuses it (the item does not exist).
   */
  async data<T>(request: ApiCallRequest, matches: (body: unknown) => boolean = () => true): Promise<T | undefined> {
    const made = [...this.answers.values()].find(
      (entry) =>
        entry.request.path === request.path && entry.request.method === request.method && matches(entry.request.body),
    );
    const envelope = await (made?.answer ?? this.read(request));
    return envelope.code === ResultCode.Ok ? (envelope.data as T) : undefined;
  }
}

/** Matches a body naming the given item: `{case: id}` or `{menu: id}`. */
export const naming =
  (field: 'case' | 'menu', id: number) =>
  (body: unknown): boolean =>
    typeof body === 'object' && body !== null && (body as Record<string, unknown>)[field] === id;
