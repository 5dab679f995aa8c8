import { completionResult } from '../../../src/rules/prompts/completion-result.js';
import { ruleTester } from '../../support/rule-tester.js';
import { promptServer } from './support.js';

const withCompletions = { capabilities: { prompts: {}, completions: {} }, completions: { code_review: { language: ['go', 'python'] } } };

ruleTester(completionResult, {
  valid: [{ name: 'values for one argument, empty lists for the rest', server: promptServer(undefined, withCompletions) }],
  invalid: [
    {
      name: 'numbers, too many values, and an internal error',
      server: {
        ...promptServer(undefined, withCompletions),
        handle: (method, params) => {
          if (method !== 'completion/complete') return undefined;
          const argument = (params?.argument as { name?: string } | undefined)?.name;
          if (argument === 'language') return { result: { completion: { values: [1, 2] } } };
          if (argument === 'risk') return { result: { completion: { values: Array.from({ length: 101 }, (_, i) => `v${i}`) } } };
          if (argument === 'text') return { error: { code: -32603, message: 'boom' } };
          return undefined;
        },
      },
      findings: [
        { message: 'argument "language": completion.values[0] must be a string, got number', location: { name: 'code_review' } },
        { message: 'argument "risk": completion.values has 101 entries; at most 100' },
        { message: 'argument "text": failed with JSON-RPC error -32603', location: { name: 'summarize' } },
      ],
    },
  ],
  skipped: [{ name: 'completions not declared', server: promptServer(), skipped: 'does not declare completions' }],
});
