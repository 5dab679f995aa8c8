import { invalidCursor, INVALID_CURSOR } from '../../../src/rules/protocol/invalid-cursor.js';
import { ruleTester } from '../../support/rule-tester.js';

const tools = [{ name: 'a', inputSchema: { type: 'object' } }];

ruleTester(invalidCursor, {
  valid: [{ name: 'rejects with -32602', server: { tools, prompts: [{ name: 'p' }] } }],
  invalid: [
    {
      name: 'cursor ignored',
      server: { tools, handle: (method, params) => (method === 'tools/list' && params?.cursor === INVALID_CURSOR ? { result: { tools } } : undefined) },
      findings: [{ message: 'tools/list with an invalid cursor returned a page', data: { expected: -32602 } }],
    },
    {
      name: 'wrong code',
      server: {
        prompts: [{ name: 'p' }],
        handle: (method, params) => (params?.cursor === INVALID_CURSOR ? { error: { code: -32603, message: 'crash' } } : undefined),
      },
      findings: [{ message: 'JSON-RPC error -32603', data: { method: 'prompts/list', code: -32603 } }],
    },
  ],
  skipped: [{ name: 'no lists', server: { capabilities: {} }, skipped: 'no list' }],
});
