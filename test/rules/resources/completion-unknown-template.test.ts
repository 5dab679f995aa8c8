import { completionUnknownTemplate } from '../../../src/rules/resources/completion-unknown-template.js';
import { ruleTester } from '../../support/rule-tester.js';
import { resourceServer } from './support.js';

const capabilities = { capabilities: { resources: {}, completions: {} } };

ruleTester(completionUnknownTemplate, {
  valid: [{ name: 'rejects with -32602', server: resourceServer(capabilities) }],
  invalid: [
    {
      name: 'suggests values for a template that does not exist',
      server: resourceServer({
        ...capabilities,
        handle: (method) => (method === 'completion/complete' ? { result: { completion: { values: ['a'] } } } : undefined),
      }),
      findings: [{ message: 'got a result; expected JSON-RPC error -32602', location: { kind: 'server' } }],
    },
    {
      name: '-32603',
      server: resourceServer({
        ...capabilities,
        handle: (method) => (method === 'completion/complete' ? { error: { code: -32603, message: 'Cannot read properties of undefined' } } : undefined),
      }),
      findings: [{ message: 'got JSON-RPC error -32603' }],
    },
  ],
  skipped: [
    { name: 'completions not declared', server: resourceServer(), skipped: 'does not declare completions' },
    { name: 'no templates', server: resourceServer({ ...capabilities, resourceTemplates: [] }), skipped: 'lists no resource templates' },
  ],
});
