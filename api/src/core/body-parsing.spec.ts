import { JsonDepthScanner, MAX_BODY_DEPTH } from './body-parsing.js';

const scan = (...chunks: string[]) => {
  const scanner = new JsonDepthScanner(MAX_BODY_DEPTH);
  return chunks.every((chunk) => scanner.push(Buffer.from(chunk)));
};

describe('JsonDepthScanner', () => {
  it('should accept 32 levels and refuse the 33rd bracket', () => {
    expect(scan('['.repeat(32) + ']'.repeat(32))).toBe(true);
    expect(scan('['.repeat(33))).toBe(false);
    expect(scan(`{"a":`.repeat(33))).toBe(false);
  });

  it('should count levels across chunks, closing brackets included', () => {
    expect(scan('['.repeat(20), ']'.repeat(20), '['.repeat(32))).toBe(true);
    expect(scan('['.repeat(20), '['.repeat(13))).toBe(false);
  });

  it('should ignore brackets inside strings, escaped quotes and escapes split across chunks', () => {
    expect(scan(JSON.stringify({ a: '['.repeat(100), b: 'say \\"[[[[' }))).toBe(true);
    expect(scan('{"a":"x\\', '"', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["}')).toBe(true);
    expect(scan('{"a":"x\\\\"', '['.repeat(40))).toBe(false);
  });

  it('should not be confused by multi-byte UTF-8 text', () => {
    expect(scan(JSON.stringify({ 标题: '【云帆】'.repeat(50) }))).toBe(true);
  });
});
