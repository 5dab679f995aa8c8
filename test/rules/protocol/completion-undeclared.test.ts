import { completionUndeclared } from '../../../src/rules/protocol/completion-undeclared.js';
import type { Reply } from '../../support/fake-server.js';
import { ruleTester } from '../../support/rule-tester.js';
import { defectStdio } from '../stdio/support.js';

const completionAnswers = (answer: Reply) => (method: string) => (method === 'completion/complete' ? answer : undefined);

ruleTester(completionUndeclared, {
  valid: [
    // Real stdio: a raw server that answers every method it lacks -32601.
    { name: 'a server that answers completion/complete -32601', target: defectStdio() },
    // The fake server answers every unknown method -32601, as the SDKs do for a handler nobody registered.
    { name: 'no completions capability, -32601', server: { capabilities: { tools: {} }, tools: [] } },
    // Declared: -32602 for a prompt that does not exist is the answer prompts/completion-unknown-prompt asks for.
    {
      name: 'completions declared',
      server: { capabilities: { completions: {} }, handle: completionAnswers({ error: { code: -32602, message: 'Unknown prompt' } }) },
    },
    // A result is protocol/capability-consistency's error, not a wrong code.
    {
      name: 'a result is not this rule',
      server: { capabilities: {}, handle: completionAnswers({ result: { completion: { values: [] } } }) },
    },
  ],
  invalid: [
    {
      name: 'over real stdio: -32603 "Unknown prompt" without the capability',
      target: defectStdio('undeclared-completion'),
      findings: [{ message: 'answers JSON-RPC error -32603', data: { code: -32603, expected: -32601 } }],
    },
    {
      // fastmcp bundled in firecrawl-mcp 3.22.2: its completion handler runs, undeclared, and looks the prompt up.
      name: 'a completion handler that runs without the capability',
      server: {
        capabilities: { tools: {} },
        tools: [],
        handle: completionAnswers({ error: { code: -32603, message: 'Unknown prompt: mcpact-no-such-prompt' } }),
      },
      findings: [
        {
          message: 'completion/complete answers JSON-RPC error -32603',
          location: { kind: 'server', pointer: '/capabilities/completions' },
          severity: 'warning',
        },
      ],
    },
  ],
  skipped: [
    {
      name: 'before 2025-03-26 completions had no capability',
      server: { capabilities: {}, protocolVersion: '2024-11-05', handle: completionAnswers({ error: { code: -32603, message: 'Unknown prompt' } }) },
      skipped: 'completions had no capability in 2024-11-05',
    },
  ],
});
