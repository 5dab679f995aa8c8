/**
 * The time part of the input-generation budget (exercise/inputs.ts) counts the process's CPU, not the clock: a busy
 * machine that leaves mcpact waiting for a core must not change which tools get inputs. Wall time did, now and then,
 * on a loaded CI runner (a correct server's weather tool "went past the budget" and its verdicts were lost).
 */
import { describe, expect, it } from 'vitest';
import { GENERATION_LIMITS, GenerationBudget } from '../../src/exercise/inputs.js';

/** Blocks this thread for `ms` without using the CPU, as being descheduled on a loaded machine does. */
function stall(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Uses `ms` of the process's CPU (however long that takes on a loaded machine). */
function burn(ms: number): void {
  const start = process.cpuUsage();
  const spent = () => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
  while (spent() < ms) Math.sqrt(Math.random());
}

describe('the generation budget', () => {
  it('is not spent by time the process waits without running', () => {
    const budget = new GenerationBudget();
    stall(GENERATION_LIMITS.ms + 200);
    expect(() => budget.check()).not.toThrow();
    expect(budget.exhausted).toBeUndefined();
  });

  it('is spent by CPU work past its milliseconds, and says it was time', () => {
    const budget = new GenerationBudget();
    burn(GENERATION_LIMITS.ms + 200);
    expect(() => budget.check()).toThrow();
    expect(budget.exhausted).toBe('time');
  });
});
