import { describe, expect, it } from 'vitest';
import { duplicates } from '../../src/util/duplicates.js';

const key = (entry: string | undefined) => entry;

describe('duplicates', () => {
  it('finds nothing in a list of distinct keys', () => {
    expect(duplicates(['a', 'b', 'A'], key)).toEqual([]);
  });

  it('reports each shared key once, at its second occurrence, with the count', () => {
    const entries = ['a', 'b', 'a', 'c', 'b', 'a'].map((name, index) => ({ name, index }));
    const found = duplicates(entries, (entry) => entry.name);
    expect(found.map(({ key, first, second, count }) => [key, first.index, second.index, count])).toEqual([
      ['a', 0, 2, 3],
      ['b', 1, 4, 2],
    ]);
  });

  it('ignores entries without a key', () => {
    expect(duplicates([undefined, undefined, 'a'], key)).toEqual([]);
  });

  it('treats keys that name Object.prototype members like any other', () => {
    expect(duplicates(['__proto__', 'constructor', '__proto__'], key).map((duplicate) => duplicate.key)).toEqual(['__proto__']);
  });
});
