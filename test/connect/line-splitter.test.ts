import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../src/connect/line-splitter.js';

describe('LineSplitter', () => {
  it('joins lines across chunks and keeps multi-byte characters intact', () => {
    const splitter = new LineSplitter(1024);
    const bytes = Buffer.from('{"a":"ü"}\n{"b":2}\n');
    expect(splitter.push(bytes.subarray(0, 8))).toEqual([]);
    expect(splitter.push(bytes.subarray(8))).toEqual(['{"a":"ü"}', '{"b":2}']);
  });
  it('drops a line over the limit, reports its size, and recovers on the next line', () => {
    const splitter = new LineSplitter(8);
    const oversize: number[] = [];
    splitter.onOversize = (bytes) => oversize.push(bytes);
    expect(splitter.push(Buffer.from('0123456789'))).toEqual([]);
    expect(splitter.push(Buffer.from('abc\nok\n'))).toEqual(['ok']);
    expect(oversize).toEqual([13]);
  });
});
