import { loggingInvalidLevel } from '../../../src/rules/protocol/logging-invalid-level.js';
import { ruleTester } from '../../support/rule-tester.js';

const logging = { tools: [], capabilities: { logging: {} } };
const answering = (reply: { result: unknown } | { error: { code: number; message: string } }) => ({
  ...logging,
  handle: (method: string) => (method === 'logging/setLevel' ? reply : undefined),
});

ruleTester(loggingInvalidLevel, {
  valid: [{ name: 'rejects with -32602', server: answering({ error: { code: -32602, message: 'Invalid log level' } }) }],
  invalid: [
    {
      name: 'accepts any level',
      server: logging,
      findings: [{ message: 'logging/setLevel with the invalid level "verbose" was accepted; expected JSON-RPC error -32602' }],
    },
    {
      name: '-32603',
      server: answering({ error: { code: -32603, message: 'Invalid enum value' } }),
      findings: [{ message: 'got JSON-RPC error -32603', data: { code: -32603 } }],
    },
  ],
  skipped: [{ name: 'logging not declared', server: { tools: [] }, skipped: 'does not declare logging' }],
});
