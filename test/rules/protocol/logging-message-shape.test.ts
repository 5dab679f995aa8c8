import { loggingMessageShape } from '../../../src/rules/protocol/logging-message-shape.js';
import { ruleTester } from '../../support/rule-tester.js';

const logging = (...messages: unknown[]) => ({
  tools: [],
  capabilities: { tools: {}, logging: {} },
  handle: (method: string) => (method === 'tools/list' ? { before: messages, reply: { result: { tools: [] } } } : undefined),
});
const log = (params: unknown) => ({ jsonrpc: '2.0', method: 'notifications/message', params });

ruleTester(loggingMessageShape, {
  valid: [{ name: 'well-formed messages', server: logging(log({ level: 'info', logger: 'db', data: { ok: true } }), log({ level: 'error', data: 'failed' })) }],
  invalid: [
    {
      name: 'an unknown level',
      server: logging(log({ level: 'verbose', data: 'x' })),
      findings: [{ message: 'params.level "verbose" is not a LoggingLevel' }],
    },
    { name: 'no data', server: logging(log({ level: 'info' })), findings: [{ message: 'params.data is missing' }] },
  ],
  skipped: [{ name: 'no messages', server: logging(), skipped: 'sent no notifications/message' }],
});
