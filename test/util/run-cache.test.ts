import { describe, expect, it } from 'vitest';
import { cacheKey, RunCache } from '../../src/util/run-cache.js';

describe('RunCache', () => {
  it('builds each key once and keeps keys of the same name apart', async () => {
    const cache = new RunCache();
    let builds = 0;
    const key = cacheKey<Promise<number>>('shared');
    const other = cacheKey<Promise<number>>('shared');
    const build = () => Promise.resolve(++builds);
    const [a, b] = await Promise.all([cache.once(key, build), cache.once(key, build)]);
    expect([a, b, builds]).toEqual([1, 1, 1]);
    expect(await cache.once(other, build)).toBe(2);
    expect(await new RunCache().once(key, build)).toBe(3);
  });
});
