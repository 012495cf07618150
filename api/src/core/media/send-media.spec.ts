import { Readable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { MediaUnavailable, type MediaStore } from './media-store.js';
import { sendMedia } from './send-media.js';

/** A store of one object whose look-up and read can be made to fail. */
function store(fail: { stat?: boolean; read?: boolean }): MediaStore {
  const bytes = Buffer.from('0123456789');
  const down = () => new MediaUnavailable('the store is down');
  return {
    kind: 's3',
    where: 'test',
    open: async () => undefined,
    put: async () => undefined,
    stat: async (key) => {
      if (fail.stat) throw down();
      return key === 'uploads/a.png' ? { size: 10, modified: new Date(0), etag: '"e"' } : null;
    },
    read: async (_key, range) => {
      if (fail.read) throw down();
      return Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]);
    },
    readBytes: async () => bytes,
    list: async function* () {},
    remove: async () => undefined,
    close: async () => undefined,
  };
}

function app(media: MediaStore) {
  return express().get('/:name', (req, res, next) => {
    sendMedia(req, res, media, `uploads/${req.params.name}`, { cacheControl: 'public, max-age=60' }).then(
      (sent) => (sent ? undefined : res.status(404).end('missing')),
      next,
    );
  });
}

describe('sendMedia', () => {
  it('should send the object, one range of it, or say there is none', async () => {
    const served = app(store({}));
    const whole = await request(served).get('/a.png');
    expect(whole.status).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'image/png', 'content-length': '10', etag: '"e"' });
    const part = await request(served).get('/a.png').set('Range', 'bytes=2-4');
    expect([part.status, part.headers['content-range'], part.body.toString()]).toEqual([206, 'bytes 2-4/10', '234']);
    expect((await request(served).get('/a.png').set('If-None-Match', '"e"')).status).toBe(304);
    expect((await request(served).get('/b.png')).status).toBe(404);
  });

  it.each([
    ['look-up', { stat: true }],
    ['read', { read: true }],
  ])('should answer 503 with none of the object’s headers when the %s fails', async (_what, fail) => {
    const res = await request(app(store(fail))).get('/a.png');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-length']).toBe(String('Service Unavailable'.length));
    expect(res.headers.etag).not.toBe('"e"');
    expect(res.headers['accept-ranges']).toBeUndefined();
  });
});
