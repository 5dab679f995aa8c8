import { completionResult } from '../../../src/rules/resources/completion-result.js';
import { ruleTester } from '../../support/rule-tester.js';
import type { FakeServerSpec } from '../../support/fake-server.js';
import { resourceServer, TEMPLATE } from './support.js';

const completing: Partial<FakeServerSpec> = {
  capabilities: { resources: {}, completions: {} },
  templateCompletions: { [TEMPLATE.uriTemplate]: { page: ['intro'] } },
};
const answering = (result: unknown): FakeServerSpec =>
  resourceServer({
    ...completing,
    handle: (method, params) => (method === 'completion/complete' && (params?.ref as { type?: string }).type === 'ref/resource' ? { result } : undefined),
  });

ruleTester(completionResult, {
  valid: [
    { name: 'suggests values', server: resourceServer(completing) },
    { name: 'no suggestions', server: resourceServer({ capabilities: { resources: {}, completions: {} } }) },
    {
      name: 'context arguments for the second variable',
      server: resourceServer({
        ...completing,
        resourceTemplates: [{ uriTemplate: 'docs://{section}/{page}', name: 'two' }],
        templateCompletions: { 'docs://{section}/{page}': { section: ['guide'], page: ['intro'] } },
      }),
    },
  ],
  invalid: [
    {
      name: 'more than 100 values',
      server: answering({ completion: { values: Array.from({ length: 101 }, (_, index) => `v${index}`) } }),
      findings: [
        {
          message: 'completion for variable "page" of template "docs://pages/{page}": completion.values has 101 entries',
          location: { kind: 'resourceTemplate' },
        },
      ],
    },
    {
      name: 'values that are not strings',
      server: answering({ completion: { values: [1] } }),
      findings: [{ message: 'completion.values[0] must be a string' }],
    },
    {
      name: '-32603',
      server: resourceServer({
        ...completing,
        handle: (method) => (method === 'completion/complete' ? { error: { code: -32603, message: 'boom' } } : undefined),
      }),
      findings: [{ message: 'failed with JSON-RPC error -32603' }],
    },
  ],
  skipped: [{ name: 'completions not declared', server: resourceServer(), skipped: 'does not declare completions' }],
});
