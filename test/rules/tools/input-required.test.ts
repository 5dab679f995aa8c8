import { describe, expect, it } from 'vitest';
import { inputRequired } from '../../../src/rules/tools/input-required.js';
import { ruleTester, runRuleOnFake } from '../../support/rule-tester.js';
import { elicit } from '../prompts/support.js';
import { inputRequiredTools, searchTool, toolsServer, TOOL_STATE } from './tools-fake.js';

const sampling = { method: 'sampling/createMessage', params: { messages: [], maxTokens: 10 } };

ruleTester(inputRequired, {
  valid: [
    { name: 'a requestState only, served on the retry', server: inputRequiredTools(), era: 'modern' },
    {
      name: 'asked again with a requestState on the retry (servers MAY)',
      server: inputRequiredTools({ retry: () => ({ result: { resultType: 'input_required', requestState: TOOL_STATE } }) }),
      era: 'modern',
    },
  ],
  invalid: [
    {
      name: 'neither inputRequests nor requestState',
      server: inputRequiredTools({ first: () => ({ resultType: 'input_required' }) }),
      era: 'modern',
      findings: [
        {
          message: 'input-required result has neither inputRequests nor requestState (tools/call of "team_status" (valid example 1))',
          location: { kind: 'tool', name: 'team_status', pointer: '' },
        },
      ],
    },
    {
      name: 'an elicitation mcpact never declared',
      server: inputRequiredTools({ first: () => ({ resultType: 'input_required', requestState: TOOL_STATE, inputRequests: { week: elicit() } }) }),
      era: 'modern',
      findings: [
        {
          message:
            'input request "week" is elicitation/create, but the request declared no elicitation capability (tools/call of "team_status" (valid example 1))',
          location: { kind: 'tool', name: 'team_status', pointer: '/inputRequests/week' },
          data: { key: 'week', method: 'elicitation/create', capability: 'elicitation', declared: {} },
        },
      ],
    },
    {
      name: 'a malformed request, and a requestState that is no string',
      server: inputRequiredTools({
        first: () => ({ resultType: 'input_required', requestState: 7, inputRequests: { model: sampling, odd: { method: 'tools/list' } } }),
      }),
      era: 'modern',
      findings: [
        { message: 'input request "model" is sampling/createMessage, but the request declared no sampling capability' },
        { message: 'input request "odd" has method "tools/list", none of elicitation/create, sampling/createMessage and roots/list' },
        { message: 'requestState is number, not a string' },
      ],
    },
  ],
  skipped: [
    { name: 'no call answered input_required', server: { ...toolsServer([searchTool]), modern: true }, era: 'modern', skipped: 'was answered input_required' },
  ],
});

describe('tools/input-required in the legacy era', () => {
  it('is not listed: the legacy revisions have no input-required results', async () => {
    const report = await runRuleOnFake(inputRequired, inputRequiredTools(), {}, {}, [], 'legacy');
    expect(report.rules).toEqual([]);
  });
});
