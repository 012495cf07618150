import { ResultCode, type ApiCall, type ApiCallRequest, type Envelope } from '@site/shared-types';

/**
 * The public reads of one page, each made once (docs/architecture.md "Render path"): the route module's reads
 * (for the render, or for the head of a page the browser renders) and the page's structured data all read
 * through it, so a page costs the database each row once whatever needs it.
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

  /** The data of a read, made now unless the page made it already; `undefined` when the server refuses it. */
  async data<T>(request: ApiCallRequest): Promise<T | undefined> {
    return dataOf<T>(await this.read(request));
  }

  /**
   * The data of a read of `path` the page already made with a body that `matches` (a route module's read, with
   * its own body); `undefined` when none was made, or the server refused it (the item does not exist).
   */
  async made<T>(path: string, matches: (body: unknown) => boolean): Promise<T | undefined> {
    const made = [...this.answers.values()].find((entry) => entry.request.path === path && matches(entry.request.body));
    return made ? dataOf<T>(await made.answer) : undefined;
  }
}

const dataOf = <T>(envelope: Envelope<unknown>): T | undefined =>
  envelope.code === ResultCode.Ok ? (envelope.data as T) : undefined;

/** Matches a body naming the given item: `{case: id}` or `{menu: id}`. */
export const naming =
  (field: 'case' | 'menu', id: number) =>
  (body: unknown): boolean =>
    typeof body === 'object' && body !== null && (body as Record<string, unknown>)[field] === id;
