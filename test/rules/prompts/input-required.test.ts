import { describe, expect, it } from 'vitest';
import { inputRequired } from '../../../src/rules/prompts/input-required.js';
import { ruleTester, runRuleOnFake } from '../../support/rule-tester.js';
import { elicit, inputRequiredServer, promptServer, STATE } from './support.js';

const first = (result: Record<string, unknown>) => inputRequiredServer({ only: 'summarize', first: () => ({ resultType: 'input_required', ...result }) });
const sampling = { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 10 } };

ruleTester(inputRequired, {
  valid: [
    { name: 'a requestState only', server: inputRequiredServer({ only: 'summarize' }), era: 'modern' },
    { name: 'a requestState and an empty inputRequests map', server: first({ requestState: STATE, inputRequests: {} }), era: 'modern' },
  ],
  invalid: [
    {
      name: 'neither inputRequests nor requestState',
      server: first({}),
      era: 'modern',
      findings: [
        {
          message: 'input-required result has neither inputRequests nor requestState (case complete)',
          location: { kind: 'prompt', name: 'summarize' },
          data: { case: 'complete', round: 0 },
        },
      ],
    },
    {
      name: 'requestState that is not a string',
      server: first({ requestState: 42 }),
      era: 'modern',
      findings: [{ message: 'requestState is number, not a string', location: { pointer: '/requestState' } }],
    },
    {
      name: 'inputRequests that is not a map',
      server: first({ requestState: STATE, inputRequests: [elicit()] }),
      era: 'modern',
      findings: [{ message: 'inputRequests is array, not a map of requests', location: { pointer: '/inputRequests' } }],
    },
    {
      name: 'input requests of no known kind, or without the params their kind requires',
      server: first({
        requestState: STATE,
        inputRequests: {
          ping: { method: 'ping' },
          form: { method: 'elicitation/create', params: { requestedSchema: { type: 'object', properties: {} } } },
          url: { method: 'elicitation/create', params: { mode: 'url', message: 'Sign in' } },
          'a/b': { method: 'sampling/createMessage', params: { messages: [] } },
          roots: { method: 'roots/list', params: 'all' },
          text: 'week',
        },
      }),
      era: 'modern',
      findings: [
        { message: 'input request "a/b" is sampling/createMessage without a maxTokens number', location: { pointer: '/inputRequests/a~1b' } },
        { message: 'input request "form" is elicitation/create without a message string', location: { pointer: '/inputRequests/form' } },
        {
          message: 'input request "ping" has method "ping", none of elicitation/create, sampling/createMessage and roots/list',
          location: { pointer: '/inputRequests/ping' },
        },
        { message: 'input request "roots" is roots/list with params that are not an object', location: { pointer: '/inputRequests/roots' } },
        { message: 'input request "text" is string, not a request object', location: { pointer: '/inputRequests/text' } },
        { message: 'input request "url" is a URL-mode elicitation/create without a url string', location: { pointer: '/inputRequests/url' } },
      ],
    },
    {
      name: 'input requests the request did not declare (mcpact declares no client capability)',
      server: first({ requestState: STATE, inputRequests: { week: elicit(), model: sampling, roots: { method: 'roots/list' } } }),
      era: 'modern',
      findings: [
        { message: 'input request "model" is sampling/createMessage, but the request declared no sampling capability', data: { capability: 'sampling' } },
        { message: 'input request "roots" is roots/list, but the request declared no roots capability', data: { capability: 'roots' } },
        {
          message: 'input request "week" is elicitation/create, but the request declared no elicitation capability',
          data: { capability: 'elicitation', declared: {} },
        },
      ],
    },
    {
      name: 'a broken input-required answer to the retry',
      server: inputRequiredServer({
        only: 'summarize',
        retry: (params) => (params.requestState === STATE ? { result: { resultType: 'input_required' } } : undefined),
      }),
      era: 'modern',
      findings: [{ message: 'input-required result has neither inputRequests nor requestState (case complete, retry 1)', data: { round: 1 } }],
    },
  ],
  skipped: [{ name: 'no input-required answer', server: promptServer(undefined, { modern: true }), era: 'modern', skipped: 'was answered input_required' }],
});

describe('prompts/input-required in the legacy era', () => {
  it('is not listed: the legacy revisions have no input-required results', async () => {
    const report = await runRuleOnFake(inputRequired, inputRequiredServer(), {}, {}, [], 'legacy');
    expect(report.era).toBe('legacy');
    expect(report.rules).toEqual([]);
  });
});
