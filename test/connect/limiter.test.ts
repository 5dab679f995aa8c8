import { describe, expect, it } from 'vitest';
import { Limiter } from '../../src/connect/limiter.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Limiter', () => {
  it('runs at most max pieces of work at once, the rest in arrival order', async () => {
    const limiter = new Limiter(2);
    const started: number[] = [];
    const release: (() => void)[] = [];
    const runs = [0, 1, 2, 3].map((index) =>
      limiter.run(async () => {
        started.push(index);
        await new Promise<void>((resolve) => release.push(resolve));
        return index;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(limiter.running).toBe(2);
    release[1]!();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    release[0]!();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    release[2]!();
    release[3]!();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(limiter.running).toBe(0);
  });

  it('frees the slot of work that throws', async () => {
    const limiter = new Limiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(() => Promise.resolve('next'))).toBe('next');
    expect(limiter.running).toBe(0);
  });

  it('wakes 20,000 waiters in order without a quadratic queue', async () => {
    const limiter = new Limiter(4);
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20_000 }, (_, index) =>
        limiter.run(async () => {
          order.push(index);
          await Promise.resolve();
        }),
      ),
    );
    expect(order).toHaveLength(20_000);
    expect(order.every((value, index) => value === index)).toBe(true);
  });

  it('gives a freed slot to the lanes in turn: a long queue of one lane cannot keep another waiting', async () => {
    const limiter = new Limiter(1);
    const order: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = limiter.run(() => gate, 'tools');
    const runs = [
      ...Array.from({ length: 5 }, (_, index) => limiter.run(() => Promise.resolve(order.push(`tools ${index}`)), 'tools')),
      limiter.run(() => Promise.resolve(order.push('protocol 0')), 'protocol'),
      limiter.run(() => Promise.resolve(order.push('protocol 1')), 'protocol'),
    ];
    expect([limiter.waiting('tools'), limiter.waiting('protocol')]).toEqual([5, 2]);
    open();
    await Promise.all([first, ...runs]);
    expect(order).toEqual(['tools 0', 'protocol 0', 'tools 1', 'protocol 1', 'tools 2', 'tools 3', 'tools 4']);
    expect(limiter.waiting('tools')).toBe(0);
  });

  it('refuses a limiter without a slot', () => {
    expect(() => new Limiter(0)).toThrow(RangeError);
  });
});
