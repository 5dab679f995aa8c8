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
    {
      // effect-mcp 0.1.16 (truth-practice): requests with string ids are never answered, number ids are.
      name: 'every string id dropped, number ids answered',
      server: { handle: (method, _params, message) => (method === 'ping' && typeof message.id === 'string' ? { silent: true } : undefined) },
      findings: [
        {
          message:
            'pings with the string ids "mcpact-id-ü-007" and "mcpact-plain-id" got no answer, while a ping with a number id was answered: the server drops requests with string ids',
          data: { unanswered: ['mcpact-id-ü-007', 'mcpact-plain-id'] },
        },
      ],
    },
    {
      name: 'a non-ASCII string id dropped, an ASCII one answered',
      server: { handle: (method, _params, message) => (method === 'ping' && message.id === 'mcpact-id-ü-007' ? { silent: true } : undefined) },
      findings: [
        {
          message: 'ping with id "mcpact-id-ü-007" got no answer, while pings with a number id and with the ASCII string id',
          data: { unanswered: ['mcpact-id-ü-007'] },
        },
      ],
    },
  ],
  inconclusive: [
    {
      // Silence to both: the server may just be slow, nothing tells the ids apart.
      name: 'no ping answered at all',
      server: { handle: (method) => (method === 'ping' ? { silent: true } : undefined) },
      reason: 'got no answer, and no ping with a number id was answered either',
    },
  ],
});
