import { ping } from '../../../src/rules/protocol/ping.js';
import { ruleTester } from '../../support/rule-tester.js';

ruleTester(ping, {
  valid: [
    { name: 'empty result', server: {} },
    { name: 'result with only _meta', server: { handle: (method) => (method === 'ping' ? { result: { _meta: {} } } : undefined) } },
  ],
  invalid: [
    {
      name: 'non-empty result',
      server: { handle: (method) => (method === 'ping' ? { result: { pong: true } } : undefined) },
      findings: [{ message: 'empty object' }],
    },
    {
      name: 'error',
      server: { handle: (method) => (method === 'ping' ? { error: { code: -32601, message: 'nope' } } : undefined) },
      findings: [{ message: 'JSON-RPC error -32601' }],
    },
    {
      name: 'no answer',
      server: { handle: (method) => (method === 'ping' ? { silent: true } : undefined) },
      findings: [{ message: 'no answer', data: { outcome: 'timeout' } }],
    },
  ],
});
