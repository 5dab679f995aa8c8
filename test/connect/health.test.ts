import { describe, expect, it } from 'vitest';
import { BURST, describeDegradation, Health, type Control } from '../../src/connect/health.js';
import type { Outcome } from '../../src/connect/rpc.js';

const CONTROL: Control = { method: 'tools/list', params: {}, captured: { kind: 'result' } };
const listed: Outcome = { kind: 'result', result: { tools: [] }, ms: 1 };
const refused: Outcome = { kind: 'error', code: -32603, message: 'Service temporarily unavailable', ms: 1 };
const silent: Outcome = { kind: 'timeout', ms: 100 };
const answer = (): Outcome => ({ kind: 'result', result: {}, ms: 1 });

/** A timeline whose controls are answered, in turn, by `answers` (the last one from then on). */
function timeline(...answers: Outcome[]) {
  const health = new Health();
  let asked = 0;
  health.watch(CONTROL, (_control, sent) => {
    sent();
    return Promise.resolve(answers[Math.min(asked++, answers.length - 1)]!);
  });
  const arrive = (bad?: string) => {
    const outcome = answer();
    health.arrived(outcome, bad);
    return health.arrivalOf(outcome)!;
  };
  return { health, arrive, asked: () => asked };
}

describe('health timeline', () => {
  it('puts nothing in doubt while the control answers as at capture', async () => {
    const { health, arrive } = timeline(listed);
    const ticks = [arrive(), arrive('bad'), arrive()];
    expect(await health.judge(ticks)).toBeUndefined();
    expect(await health.conclude()).toBeUndefined();
  });

  it('puts in doubt the answers after the last good control, not those before it', async () => {
    const { health, arrive } = timeline(listed, refused);
    const before = arrive();
    health.checkpoint();
    expect(await health.judge([before])).toBeUndefined();
    const after = [arrive('unknown tool'), arrive('invalid input')];
    const doubt = await health.judge(after);
    expect(doubt).toMatchObject({ control: CONTROL, answer: refused, burst: ['unknown tool', 'invalid input'], burstCount: 2, recovered: false });
    expect(describeDegradation(doubt!)).toBe(
      'tools/list answered JSON-RPC error -32603 "Service temporarily unavailable" where at capture it answered a result, after 2 requests of bad input (unknown tool; invalid input)',
    );
    // An answer from before the degradation stays trusted.
    expect(await health.judge([before])).toBeUndefined();
  });

  it('asks the control again after every burst of bad answers, one control at a time', async () => {
    const { arrive, asked } = timeline(listed);
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    for (let index = 0; index < BURST - 1; index++) arrive('bad');
    arrive();
    await settle();
    expect(asked()).toBe(0);
    arrive('bad');
    expect(asked()).toBe(1);
    // While that control is in flight, another burst asks for none.
    for (let index = 0; index < BURST; index++) arrive('bad');
    expect(asked()).toBe(1);
    await settle();
    for (let index = 0; index < BURST; index++) arrive('bad');
    expect(asked()).toBe(2);
  });

  it('learns nothing from a control that gets no answer', async () => {
    const { health, arrive } = timeline(silent);
    expect(await health.judge([arrive('bad')])).toBeUndefined();
    expect(await health.conclude()).toBeUndefined();
    expect(health.lastSilent).toBe(true);
  });
});
