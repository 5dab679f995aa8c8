import { describe, expect, it } from 'vitest';
import { tamperedState } from '../../../src/exercise/injected.js';
import { requestState } from '../../../src/rules/tools/request-state.js';
import { ruleTester, runRuleOnFake } from '../../support/rule-tester.js';
import { elicit } from '../prompts/support.js';
import { inputRequiredTools, rpcError, text, toolError, TOOL_STATE } from './tools-fake.js';

const askWeek = { resultType: 'input_required', requestState: TOOL_STATE, inputRequests: { week: elicit() } };
const answered = (params: Record<string, unknown>) => params.inputResponses !== undefined;

ruleTester(requestState, {
  valid: [
    { name: 'its own state served, a tampered one refused', server: inputRequiredTools(), era: 'modern' },
    {
      name: 'a tampered state refused with an isError result',
      server: inputRequiredTools({ retry: (params) => (params.requestState === TOOL_STATE ? undefined : toolError('the state does not verify')) }),
      era: 'modern',
    },
    {
      name: 'asked again on every retry (servers MAY)',
      server: inputRequiredTools({ retry: () => ({ result: { resultType: 'input_required', requestState: TOOL_STATE } }) }),
      era: 'modern',
    },
    {
      name: 'an elicitation declined and served; left unanswered, asked again',
      server: inputRequiredTools({ first: () => askWeek, retry: (params) => (answered(params) ? undefined : { result: askWeek }) }),
      era: 'modern',
    },
    {
      name: 'a state that decides nothing: a tampered one served, and so is a retry without any',
      server: inputRequiredTools({ first: () => askWeek, retry: (params) => (answered(params) ? text('on track') : { result: askWeek }) }),
      era: 'modern',
    },
  ],
  invalid: [
    {
      name: 'its own state refused',
      server: inputRequiredTools({ retry: () => rpcError(-32602, 'Invalid or expired requestState') }),
      era: 'modern',
      findings: [
        {
          message: 'the retry of tools/call of "team_status" (valid example 1), with the requestState echoed unchanged, was refused: JSON-RPC error -32602',
          location: { kind: 'tool', name: 'team_status' },
          data: { requestStateLength: TOOL_STATE.length, code: -32602, declined: [], omitted: [] },
        },
      ],
    },
    {
      name: 'a tampered state served, where a retry without one is not',
      server: inputRequiredTools({ retry: (params) => (typeof params.requestState === 'string' ? text('on track') : undefined) }),
      era: 'modern',
      findings: [
        {
          message:
            'the retry of tools/call of "team_status" (valid example 1) with its requestState changed in one character was served as a complete result, although the retry without a requestState was not (asked for input again): state that fails verification must be rejected',
          data: { requestStateLength: TOOL_STATE.length },
        },
      ],
    },
    {
      name: 'the retry without answers refused instead of asked again',
      server: inputRequiredTools({ first: () => askWeek, retry: (params) => (answered(params) ? undefined : rpcError(-32602, 'missing input: week')) }),
      era: 'modern',
      findings: [
        {
          message:
            'the retry of tools/call of "team_status" (valid example 1) without answers to input request "week" got JSON-RPC error -32602; expected a new input-required result asking again',
          data: { omitted: ['week'] },
        },
      ],
    },
    {
      name: 'the retry without answers answered with an isError result',
      server: inputRequiredTools({ first: () => askWeek, retry: (params) => (answered(params) ? undefined : toolError('week is missing')) }),
      era: 'modern',
      findings: [
        { message: 'without answers to input request "week" got an isError result ("week is missing"); expected a new input-required result asking again' },
      ],
    },
    {
      name: 'a garbled answer to the retry',
      server: inputRequiredTools({ retry: () => ({ bare: true }) }),
      era: 'modern',
      findings: [{ message: 'the retry of tools/call of "team_status" (valid example 1) got a response with neither result nor error' }],
    },
  ],
  inconclusive: [
    {
      name: 'a declined elicitation, then an error',
      server: inputRequiredTools({ first: () => askWeek, retry: () => rpcError(-32603, 'the user declined') }),
      era: 'modern',
      reason: 'mcpact declined "week", and a decline may end the call',
    },
    {
      name: 'an error that says neither',
      server: inputRequiredTools({ retry: () => rpcError(-32603, 'Internal error') }),
      era: 'modern',
      reason: 'mcpact cannot tell whether the state or its made-up arguments were refused',
    },
  ],
  skipped: [
    {
      name: 'an input-required answer with nothing to send back',
      server: inputRequiredTools({ first: () => ({ resultType: 'input_required' }) }),
      era: 'modern',
      skipped: 'with a requestState or input requests to answer',
    },
  ],
});

describe('the tampered state', () => {
  it('changes one character for another of its kind, so a token of any alphabet still decodes', () => {
    expect(tamperedState('abcdef')).toBe('abceef');
    expect(tamperedState('AAZAA')).toBe('AAAAA');
    expect(tamperedState('12929')).toBe('12029');
    expect(tamperedState('ab.cd')).toBe('ab_cd');
    expect(tamperedState('')).not.toBe('');
    expect(tamperedState(TOOL_STATE)).not.toBe(TOOL_STATE);
    expect(tamperedState(TOOL_STATE)).toHaveLength(TOOL_STATE.length);
  });
});

describe('tools/request-state in the legacy era', () => {
  it('is not listed: the legacy revisions have no input-required results', async () => {
    const report = await runRuleOnFake(requestState, inputRequiredTools(), {}, {}, [], 'legacy');
    expect(report.rules).toEqual([]);
  });
});
