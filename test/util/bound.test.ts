import { describe, expect, it } from 'vitest';
import { bounded } from '../../src/util/bound.js';

describe('bounded', () => {
  it('keeps small values as they are', () => {
    const value = { a: [1, 'two', null, { b: true }], c: 'text' };
    expect(bounded(value)).toEqual(value);
  });

  it('cuts nesting at the depth and strings (keys too) at the length, never inside a surrogate pair', () => {
    expect(bounded({ a: { b: { c: 1 } } }, { maxDepth: 2, maxString: 10 })).toEqual({ a: { b: '[nested deeper than 2 levels]' } });
    expect(bounded('abcdefghijkl', { maxDepth: 2, maxString: 5 })).toBe('abcde… (7 more characters)');
    expect(bounded({ ['k'.repeat(8)]: 1 }, { maxDepth: 2, maxString: 3 })).toEqual({ 'kkk… (5 more characters)': 1 });
    expect(bounded('ab😀cd', { maxDepth: 1, maxString: 3 })).toBe('ab… (4 more characters)');
  });

  it('copies 10,000 levels without overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 10_000; level++) deep = [deep];
    expect(() => JSON.stringify(bounded(deep))).not.toThrow();
  });
});
