import type { IncomingMessage } from 'node:http';
import { currentRequestId, requestIdOf, runInRequest, sanitiseRequestId } from './request-context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function request(headers: Record<string, string | string[]> = {}): IncomingMessage {
  return { headers } as unknown as IncomingMessage;
}

describe('request ids', () => {
  it('should keep a sane incoming id: up to 64 letters, digits, dots, underscores and dashes', () => {
    for (const id of ['abc', '1-5759e988-bd862e3fe1be46a994272793', 'a.b_c-D9', 'x'.repeat(64)])
      expect(sanitiseRequestId(id)).toBe(id);
  });

  it('should refuse anything else', () => {
    for (const id of [
      '',
      'x'.repeat(65),
      'two words',
      'line\nbreak',
      '"quoted"',
      '<script>',
      '../../etc',
      '编号',
      'id;drop',
      '%0d%0a',
      'Root=1-5759e988',
    ])
      expect({ id, kept: sanitiseRequestId(id) }).toEqual({ id, kept: null });
    expect(sanitiseRequestId(['a', 'b'])).toBeNull();
    expect(sanitiseRequestId(undefined)).toBeNull();
  });

  it('should give a request the sane incoming id, or a new UUID, once', () => {
    expect(requestIdOf(request({ 'x-request-id': 'lb-1234' }))).toBe('lb-1234');
    const hostile = request({ 'x-request-id': 'evil\r\nSet-Cookie: a=b' });
    const id = requestIdOf(hostile);
    expect(id).toMatch(UUID);
    expect(requestIdOf(hostile)).toBe(id);
    expect(requestIdOf(request())).not.toBe(requestIdOf(request()));
  });

  it('should carry the id through the async chain of the request, and not outside it', async () => {
    const req = request({ 'x-request-id': 'chain-1' });
    expect(currentRequestId()).toBeUndefined();
    const seen = await runInRequest(req, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentRequestId();
    });
    expect(seen).toBe('chain-1');
    expect(currentRequestId()).toBeUndefined();
  });
});
