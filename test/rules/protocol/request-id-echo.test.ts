import { requestIdEcho } from '../../../src/rules/protocol/request-id-echo.js';
import { ruleTester } from '../../support/rule-tester.js';

ruleTester(requestIdEcho, {
  valid: [{ name: 'ids echoed exactly', server: { tools: [] } }],
  invalid: [
    {
      name: 'string ids turned into something else',
      server: {
        handle: (method, _params, message) =>
          method === 'ping' && typeof message.id === 'string' ? { raw: { jsonrpc: '2.0', id: 1234, result: {} } } : undefined,
      },
      findings: [{ message: 'got a response with id 1234', data: { receivedIds: [1234] } }],
    },
    {
      name: 'large integer id rounded',
      server: {
        handle: (method, _params, message) =>
          method === 'ping' && message.id === Number.MAX_SAFE_INTEGER ? { raw: { jsonrpc: '2.0', id: 9007199254740990, result: {} } } : undefined,
      },
      findings: [{ message: `ping with id ${Number.MAX_SAFE_INTEGER}` }],
    },
  ],
});
