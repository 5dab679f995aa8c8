import { completionUnknownPrompt } from '../../../src/rules/prompts/completion-unknown-prompt.js';
import { ruleTester } from '../../support/rule-tester.js';
import { promptServer } from './support.js';

const capabilities = { capabilities: { prompts: {}, completions: {} } };

ruleTester(completionUnknownPrompt, {
  valid: [{ name: 'rejects with -32602', server: promptServer(undefined, capabilities) }],
  invalid: [
    {
      name: 'suggests values for a prompt that does not exist',
      server: {
        ...promptServer(undefined, capabilities),
        handle: (method) => (method === 'completion/complete' ? { result: { completion: { values: ['a'] } } } : undefined),
      },
      findings: [{ message: 'got a result; expected JSON-RPC error -32602', location: { kind: 'server' } }],
    },
  ],
  skipped: [{ name: 'completions not declared', server: promptServer(), skipped: 'does not declare completions' }],
});
