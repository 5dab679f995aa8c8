import { loggingSetLevel } from '../../../src/rules/protocol/logging-set-level.js';
import { ruleTester } from '../../support/rule-tester.js';

const logging = { tools: [], capabilities: { logging: {} } };

ruleTester(loggingSetLevel, {
  valid: [{ name: 'every level accepted', server: logging }],
  invalid: [
    {
      name: 'notice refused',
      server: {
        ...logging,
        handle: (method, params) =>
          method === 'logging/setLevel' && params?.level === 'notice' ? { error: { code: -32602, message: 'Invalid level' } } : undefined,
      },
      findings: [{ message: 'logging/setLevel with level "notice" got JSON-RPC error -32602; expected {}', data: { level: 'notice' } }],
    },
  ],
  skipped: [
    { name: 'logging not declared', server: { tools: [] }, skipped: 'does not declare logging' },
    { name: '2026-07-28', server: { ...logging, protocolVersion: '2026-07-28' }, skipped: '2026-07-28 has no logging/setLevel' },
  ],
});
