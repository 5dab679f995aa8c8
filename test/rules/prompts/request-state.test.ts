import { describe, expect, it } from 'vitest';
import { requestState, UNEXPECTED_INPUT } from '../../../src/rules/prompts/request-state.js';
import { ruleTester, runRuleOnFake } from '../../support/rule-tester.js';
import type { Reply } from '../../support/fake-server.js';
import { elicit, inputRequiredServer, promptServer, STATE } from './support.js';

const askWeek = { resultType: 'input_required', requestState: STATE, inputRequests: { week: elicit() } };
const sampling = { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 } };
const error = (code: number, message: string): Reply => ({ error: { code, message } });
const responses = (params: Record<string, unknown>) => params.inputResponses as Record<string, unknown> | undefined;

ruleTester(requestState, {
  valid: [
    { name: 'the state echoed, the prompt rendered', server: inputRequiredServer({ only: 'summarize' }), era: 'modern' },
    {
      name: 'an elicitation declined and rendered; left unanswered, asked again; an unexpected entry ignored',
      server: inputRequiredServer({
        only: 'summarize',
        first: () => askWeek,
        retry: (params) => (responses(params) === undefined ? { result: askWeek } : undefined),
      }),
      era: 'modern',
    },
    {
      name: 'asked again on every retry (servers MAY)',
      server: inputRequiredServer({ only: 'summarize', retry: () => ({ result: { resultType: 'input_required', requestState: STATE } }) }),
      era: 'modern',
    },
  ],
  invalid: [
    {
      name: 'the echoed state refused',
      server: inputRequiredServer({ only: 'summarize', retry: () => error(-32602, 'Invalid or expired requestState') }),
      era: 'modern',
      findings: [
        {
          message: 'the retry of prompts/get (case complete), with the requestState echoed unchanged, was refused: JSON-RPC error -32602',
          location: { kind: 'prompt', name: 'summarize' },
          data: { case: 'complete', requestStateLength: STATE.length, code: -32602 },
        },
      ],
    },
    {
      name: 'a garbled answer to the retry',
      server: inputRequiredServer({ only: 'summarize', retry: () => ({ bare: true }) }),
      era: 'modern',
      findings: [{ message: 'the retry of prompts/get (case complete) got a response with neither result nor error' }],
    },
    {
      name: 'a sampling request mcpact cannot answer left out, then an error',
      server: inputRequiredServer({
        only: 'summarize',
        first: () => ({ resultType: 'input_required', requestState: STATE, inputRequests: { model: sampling } }),
        retry: () => error(-32603, 'missing input: model'),
      }),
      era: 'modern',
      findings: [
        {
          message:
            'the retry of prompts/get (case complete) without an answer to input request "model" got JSON-RPC error -32603; expected a new input-required result asking again',
          data: { omitted: ['model'], declined: [] },
        },
      ],
    },
    {
      name: 'the retry without answers refused instead of asked again',
      server: inputRequiredServer({
        only: 'summarize',
        first: () => askWeek,
        retry: (params) => (responses(params) === undefined ? error(-32602, 'missing input: week') : undefined),
      }),
      era: 'modern',
      findings: [
        {
          message:
            'the retry of prompts/get without answers to input request "week" (after case complete) got JSON-RPC error -32602; expected a new input-required result asking again',
          data: { omitted: ['week'] },
        },
      ],
    },
    {
      name: 'an unexpected inputResponses entry refused',
      server: inputRequiredServer({
        only: 'summarize',
        retry: (params) => (responses(params)?.[UNEXPECTED_INPUT] !== undefined ? error(-32602, `unexpected input response ${UNEXPECTED_INPUT}`) : undefined),
      }),
      era: 'modern',
      findings: [
        {
          message: `the retry of prompts/get with an unexpected inputResponses entry "${UNEXPECTED_INPUT}" (after case complete) got JSON-RPC error -32602; expected the entry to be ignored`,
        },
      ],
    },
  ],
  inconclusive: [
    {
      name: 'the retry refused naming the argument (a made-up value)',
      server: inputRequiredServer({ only: 'summarize', retry: () => error(-32602, 'text: no such document') }),
      era: 'modern',
      reason: 'it names argument "text", so the value mcpact made up may be what was refused',
    },
    {
      name: 'a declined elicitation, then an error',
      server: inputRequiredServer({ only: 'summarize', first: () => askWeek, retry: () => error(-32603, 'the user declined') }),
      era: 'modern',
      reason: 'mcpact declined "week", and a decline may end the request',
    },
    {
      name: 'an error that says neither',
      server: inputRequiredServer({ only: 'summarize', retry: () => error(-32603, 'Internal error') }),
      era: 'modern',
      reason: 'mcpact cannot tell whether the state or its made-up argument values were refused',
    },
    {
      name: 'no answer to the retry',
      server: inputRequiredServer({ only: 'summarize', retry: () => ({ silent: true }) }),
      era: 'modern',
      reason: '"summarize": the retry of prompts/get (case complete) got no answer to two tries',
    },
  ],
  skipped: [
    { name: 'no input-required answer', server: promptServer(undefined, { modern: true }), era: 'modern', skipped: 'was answered input_required' },
    {
      name: 'an input-required answer with nothing to send back',
      server: inputRequiredServer({ only: 'summarize', first: () => ({ resultType: 'input_required' }) }),
      era: 'modern',
      skipped: 'with a requestState or input requests to answer',
    },
  ],
});

describe('prompts/request-state in the legacy era', () => {
  it('is not listed: the legacy revisions have no input-required results', async () => {
    const report = await runRuleOnFake(requestState, inputRequiredServer(), {}, {}, [], 'legacy');
    expect(report.rules).toEqual([]);
  });
});
