import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/connect/rpc.js';
import { followInputRequired, MAX_INPUT_ROUNDS, MAX_INPUT_REQUESTS, retryFor } from '../../src/exercise/input-required.js';

const original = { name: 'report', arguments: { team: 'core' } };
const result = (value: Record<string, unknown>): Outcome => ({ kind: 'result', result: { resultType: 'input_required', ...value }, ms: 1 });

describe('retryFor', () => {
  it('echoes the state and answers as a client that declines: elicitations declined, no roots, sampling left out', () => {
    const retry = retryFor(original, {
      requestState: 'abc',
      inputRequests: {
        week: { method: 'elicitation/create', params: { message: 'Which week?', requestedSchema: { type: 'object', properties: {} } } },
        roots: { method: 'roots/list' },
        model: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 1 } },
      },
    });
    expect(retry).toEqual({
      params: { ...original, requestState: 'abc', inputResponses: { week: { action: 'decline' }, roots: { roots: [] } } },
      declined: ['week'],
      omitted: ['model'],
    });
  });

  it("keeps only the latest round's state and answers", () => {
    const retry = retryFor({ ...original, requestState: 'old', inputResponses: { week: { action: 'decline' } } }, { requestState: 'new' });
    expect(retry?.params).toEqual({ ...original, requestState: 'new' });
  });

  it('builds nothing from a result with nothing to send back', () => {
    expect(retryFor(original, {})).toBeUndefined();
    expect(retryFor(original, { inputRequests: {} })).toBeUndefined();
    expect(retryFor(original, { requestState: 7 })).toBeUndefined();
    expect(retryFor(original, { requestState: 'abc', inputRequests: 'x' })).toBeUndefined();
  });

  it(`answers at most ${MAX_INPUT_REQUESTS} input requests of one answer`, () => {
    const inputRequests = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`k${index}`, { method: 'roots/list' }]));
    const retry = retryFor(original, { inputRequests });
    expect(Object.keys(retry?.params.inputResponses as object)).toHaveLength(MAX_INPUT_REQUESTS);
  });
});

describe('followInputRequired', () => {
  it('retries with a new request per round until the answer is final', async () => {
    const sent: unknown[] = [];
    const answers = [result({ requestState: 's2' }), { kind: 'result', result: { resultType: 'complete', messages: [] }, ms: 1 } as Outcome];
    const { outcome, rounds } = await followInputRequired(original, result({ requestState: 's1' }), (params) => {
      sent.push(params);
      return Promise.resolve(answers.shift()!);
    });
    expect(sent).toEqual([
      { ...original, requestState: 's1' },
      { ...original, requestState: 's2' },
    ]);
    expect(rounds).toHaveLength(2);
    expect(outcome).toMatchObject({ kind: 'result', result: { resultType: 'complete' } });
  });

  it(`stops after ${MAX_INPUT_ROUNDS} retries of a server that keeps asking`, async () => {
    let retries = 0;
    const { outcome, rounds } = await followInputRequired(original, result({ requestState: 's' }), () => {
      retries++;
      return Promise.resolve(result({ requestState: 's' }));
    });
    expect(retries).toBe(MAX_INPUT_ROUNDS);
    expect(rounds).toHaveLength(MAX_INPUT_ROUNDS + 1);
    expect(rounds.at(-1)?.retry).toBeUndefined();
    expect(outcome.kind).toBe('result');
  });
});
