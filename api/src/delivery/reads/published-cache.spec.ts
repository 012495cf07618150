import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { LARGE_ANSWER_BYTES, makeEntry, makeEntryAsync, PublishedCache } from './published-cache.js';

const entry = (text: string) => makeEntry(200, [['content-type', 'text/plain']], Buffer.from(text));

describe('makeEntry', () => {
  it('should compress once to brotli and gzip of the same bytes, with an ETag of the content', () => {
    const made = entry('云帆科技'.repeat(100));
    expect(brotliDecompressSync(made.br).toString()).toBe('云帆科技'.repeat(100));
    expect(gunzipSync(made.gzip).toString()).toBe('云帆科技'.repeat(100));
    expect(made.etag).toBe(entry('云帆科技'.repeat(100)).etag);
    expect(made.etag).not.toBe(entry('云帆科技').etag);
  });

  it('should make a large answer off the event loop, with the same bytes and ETag', async () => {
    const body = Buffer.from('<url><loc>https://www.yunfan.example.com/news/1.html</loc></url>'.repeat(8000));
    expect(body.length).toBeGreaterThan(LARGE_ANSWER_BYTES);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    const made = await makeEntryAsync(200, [['content-type', 'application/xml']], body);
    clearInterval(timer);
    expect(brotliDecompressSync(made.br).equals(body)).toBe(true);
    expect(gunzipSync(made.gzip).equals(body)).toBe(true);
    expect(made.etag).toBe(makeEntry(200, [], body).etag);
    // Other work ran while it was compressed.
    expect(ticks).toBeGreaterThan(0);
  });
});

describe('PublishedCache', () => {
  it('should keep the most recently used entries within its budget', () => {
    const size = entry('a'.repeat(1000)).bytes;
    const cache = new PublishedCache(size * 5 + 10);
    for (const key of ['a', 'b', 'c', 'd', 'e']) cache.set(key, entry(key.repeat(1000)));
    expect(cache.get('a')).toBeDefined(); // a is now the most recently used
    cache.set('f', entry('f'.repeat(1000)));
    expect(['a', 'b', 'c', 'd', 'e', 'f'].filter((key) => cache.get(key))).toEqual(['a', 'c', 'd', 'e', 'f']);
    expect(cache.snapshot()).toMatchObject({ entries: 5, evictions: 1 });
    expect(cache.snapshot().size).toBeLessThanOrEqual(cache.budget);
    // An entry larger than a quarter of the budget is not kept at all: it would push out everything else.
    cache.set('huge', entry('h'.repeat(size * 2)));
    expect(cache.get('huge')).toBeUndefined();
  });

  it('should produce a missing entry once for concurrent callers', async () => {
    const cache = new PublishedCache(1_000_000);
    let produced = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const produce = async () => {
      produced++;
      await gate;
      return entry('page');
    };
    const calls = [cache.load('k', produce), cache.load('k', produce), cache.load('k', produce)];
    release();
    const results = await Promise.all(calls);
    expect(produced).toBe(1);
    expect(new Set(results.map((result) => result.entry))).toEqual(new Set([results[0]!.entry]));
    expect((await cache.load('k', produce)).hit).toBe(true);
  });

  it('should not keep what was being produced while it was flushed, nor what is not cacheable', async () => {
    const cache = new PublishedCache(1_000_000);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const pending = cache.load('k', async () => {
      await gate;
      return entry('old content');
    });
    cache.flush();
    release();
    expect((await pending).entry).not.toBeNull();
    expect(cache.get('k')).toBeUndefined();
    await cache.load('refusal', async () => null);
    expect(cache.get('refusal')).toBeUndefined();
  });

  it('should still produce once for concurrent callers when a load from before a flush ends meanwhile', async () => {
    const cache = new PublishedCache(1_000_000);
    let releaseOld: () => void = () => undefined;
    let releaseNew: () => void = () => undefined;
    const oldGate = new Promise<void>((resolve) => (releaseOld = resolve));
    const newGate = new Promise<void>((resolve) => (releaseNew = resolve));
    const old = cache.load('k', async () => {
      await oldGate;
      return entry('old content');
    });
    cache.flush();
    let produced = 0;
    const produce = async () => {
      produced++;
      await newGate;
      return entry('new content');
    };
    const first = cache.load('k', produce);
    releaseOld();
    await old;
    const second = cache.load('k', produce);
    releaseNew();
    const [a, b] = await Promise.all([first, second]);
    expect(produced).toBe(1);
    expect(b.entry).toBe(a.entry);
    expect(cache.get('k')).toBe(a.entry);
  });

  it('should hand a value it does not keep to every caller that waited for it, and store it nowhere', async () => {
    const cache = new PublishedCache<{ ok: boolean }>(10, () => 1);
    let produced = 0;
    const produce = async () => {
      produced++;
      return { ok: false };
    };
    const keep = (value: { ok: boolean }) => value.ok;
    const [first, second] = await Promise.all([cache.load('k', produce, keep), cache.load('k', produce, keep)]);
    expect(produced).toBe(1);
    expect(second.entry).toBe(first.entry);
    expect(cache.get('k')).toBeUndefined();
    await cache.load('k', async () => ({ ok: true }), keep);
    expect(cache.get('k')).toEqual({ ok: true });
  });
});
