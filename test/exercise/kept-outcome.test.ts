import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/connect/rpc.js';
import { answerOf, WORDS_MAX } from '../../src/exercise/answers.js';
import { keptOutcome, LINKS_READ } from '../../src/exercise/kept-outcome.js';

const message = (content: unknown) => ({ role: 'user', content });
const rendering = (messages: unknown[]): Outcome => ({ kind: 'result', result: { description: 'd'.repeat(1_000_000), messages }, ms: 3 });

describe('keptOutcome', () => {
  it('keeps of a rendering what findings quote, and the links resources/resource-link reads', () => {
    const messages = [
      message({ type: 'text', text: `first ${'w'.repeat(5_000)}` }),
      'not a message',
      message({ type: 'resource_link', uri: 'file:///kept', name: 'kept' }),
      message({ type: 'resource_link', uri: `file:///${'u'.repeat(10_000)}`, name: 'too long to be a link' }),
      ...Array.from({ length: 300 }, (_, index) => message({ type: 'resource_link', uri: `file:///${index}`, name: 'n' })),
    ];
    const whole = rendering(messages);
    const kept = keptOutcome(whole);
    expect(answerOf(kept)).toEqual(answerOf(whole));
    expect(kept).toMatchObject({ kind: 'result', ms: 3 });
    const result = (kept as { result: { messages: unknown[] } }).result;
    expect(result.messages).toHaveLength(LINKS_READ);
    expect(result.messages[0]).toEqual({ content: { type: 'text', text: `first ${'w'.repeat(WORDS_MAX - 6)}` } });
    expect(result.messages[1]).toBeNull();
    expect(result.messages[2]).toEqual({ content: { type: 'resource_link', uri: 'file:///kept' } });
    expect(result.messages[3]).toEqual({ content: { type: 'resource_link' } });
    expect(JSON.stringify(kept).length).toBeLessThan(30_000);
  });

  it('keeps content blocks, isError and resultType; a result that is no object as an excerpt', () => {
    const kept = keptOutcome({
      kind: 'result',
      result: { content: [{ type: 'text', text: 'no' }], isError: true, resultType: 'complete', extra: 'x'.repeat(100_000) },
      ms: 1,
    });
    expect(kept).toEqual({ kind: 'result', result: { content: [{ type: 'text', text: 'no' }], isError: true, resultType: 'complete' }, ms: 1 });
    const list = keptOutcome({ kind: 'result', result: Array.from({ length: 100_000 }, () => 'item'), ms: 1 });
    expect(JSON.stringify(list).length).toBeLessThan(2_000);
  });

  it('cuts an error to what a finding or a signature reads', () => {
    const whole: Outcome = { kind: 'error', code: { nested: 'c'.repeat(100_000) }, message: `bad ${'m'.repeat(100_000)}`, data: 'd'.repeat(100_000), ms: 2 };
    const kept = keptOutcome(whole);
    expect(answerOf(kept).said).toBe(answerOf(whole).said);
    expect(kept).toMatchObject({ kind: 'error', ms: 2 });
    expect(JSON.stringify(kept).length).toBeLessThan(25_000);
    const small: Outcome = { kind: 'error', code: -32602, message: 'Invalid params', ms: 1 };
    expect(keptOutcome(small)).toEqual(small);
  });

  it('leaves outcomes without an answer as they are', () => {
    for (const outcome of [
      { kind: 'timeout', ms: 5, attempts: 2 },
      { kind: 'closed', ms: 1 },
    ] as const)
      expect(keptOutcome(outcome)).toEqual(outcome);
    expect(JSON.stringify(keptOutcome({ kind: 'malformed', response: { id: 1, junk: 'j'.repeat(100_000) }, ms: 1 })).length).toBeLessThan(2_000);
  });
});
