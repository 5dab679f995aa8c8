import { unknownMethod, UNKNOWN_METHOD } from '../../../src/rules/protocol/unknown-method.js';
import { ruleTester } from '../../support/rule-tester.js';
import type { Reply } from '../../support/fake-server.js';

const on = (reply: Reply) => ({ handle: (method: string) => (method === UNKNOWN_METHOD ? reply : undefined) });

ruleTester(unknownMethod, {
  valid: [{ name: '-32601', server: { tools: [] } }],
  invalid: [
    { name: 'success', server: on({ result: {} }), findings: [{ message: 'a result', data: { outcome: 'result', expected: -32601 } }] },
    { name: 'wrong code', server: on({ error: { code: -32603, message: 'boom' } }), findings: [{ message: 'JSON-RPC error -32603', data: { code: -32603 } }] },
    { name: 'no answer', server: on({ silent: true }), findings: [{ data: { outcome: 'timeout' } }] },
  ],
});
