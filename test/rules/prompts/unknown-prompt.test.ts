import { unknownPrompt } from '../../../src/rules/prompts/unknown-prompt.js';
import { ruleTester } from '../../support/rule-tester.js';
import { promptServer, renderWithout } from './support.js';

ruleTester(unknownPrompt, {
  valid: [
    { name: 'strict server', server: promptServer() },
    {
      name: 'prompts declared, none listed, -32602 for a prompt that does not exist',
      server: {
        capabilities: { prompts: {} },
        prompts: [],
        handle: (method) => (method === 'prompts/get' ? { error: { code: -32602, message: 'Unknown prompt' } } : undefined),
      },
    },
  ],
  invalid: [
    {
      // code-index-mcp 2.17.1: the prompts capability with an empty list, and code 0 for a prompt that does not exist.
      name: 'prompts declared, none listed: the unknown prompt is still asked for',
      server: {
        capabilities: { prompts: {} },
        prompts: [],
        handle: (method) => (method === 'prompts/get' ? { error: { code: 0, message: 'Unknown prompt: mcpact-no-such-prompt' } } : undefined),
      },
      findings: [{ message: 'prompt that does not exist (case unknown-prompt) got JSON-RPC error 0', location: { kind: 'server' }, severity: 'warning' }],
    },
    {
      name: 'case-insensitive names, and -32601 for unknown prompts',
      server: promptServer((_args, params, spec) => {
        const name = String(params.name);
        if (name === 'mcpact-no-such-prompt') return { error: { code: -32601, message: 'not found' } };
        return name !== name.toLowerCase() ? renderWithout(spec, { ...params, name: name.toLowerCase() }, () => false) : undefined;
      }),
      findings: [
        // Both prompts accept their name in other letter case: one cause, one finding.
        {
          message: 'prompts/get for "Code_review" (case case-variant-prompt) was silently accepted',
          location: { kind: 'prompt', name: 'code_review' },
          count: 2,
          // The text does not say prompt names are case-sensitive: resolving one is leniency it permits.
          basis: 'policy',
          lenient: true,
          severity: 'info',
        },
        {
          message: 'prompt that does not exist (case unknown-prompt) got JSON-RPC error -32601',
          location: { kind: 'server' },
          data: { case: 'unknown-prompt', code: -32601 },
          basis: 'spec',
          severity: 'warning',
        },
      ],
    },
    {
      name: 'a name in other letter case refused with -32603',
      server: promptServer((_args, params) => {
        const name = String(params.name);
        return name !== name.toLowerCase() ? { error: { code: -32603, message: 'no such prompt' } } : undefined;
      }),
      findings: [
        // Refused: the server took it for a prompt that does not exist, which the SHOULD covers.
        { message: '(case case-variant-prompt) got JSON-RPC error -32603', count: 2, basis: 'spec', severity: 'warning' },
      ],
    },
    {
      // @mapbox/mcp-server 0.14.0, @ivotoby/openapi-mcp-server 1.16.1 (round E): one `throw new Error('Prompt not
      // found: …')` answers -32603 to every name it does not know, the made-up one and a listed one in other letter
      // case alike. One cause: one finding, at the server, that lists both cases.
      name: 'the same refusal to a made-up name and to a listed name in other letter case: one finding',
      server: promptServer((_args, params) => {
        const name = String(params.name);
        return name === 'mcpact-no-such-prompt' || name !== name.toLowerCase() ? { error: { code: -32603, message: `Prompt not found: ${name}` } } : undefined;
      }),
      findings: [
        {
          message: 'prompt that does not exist (case unknown-prompt) got JSON-RPC error -32603',
          location: { kind: 'server' },
          count: 3,
          data: {
            case: 'unknown-prompt',
            cases: [
              { ruleId: 'prompts/unknown-prompt', case: 'unknown-prompt', count: 1, severity: 'warning' },
              { ruleId: 'prompts/unknown-prompt', case: 'case-variant-prompt', variant: 'Code_review', count: 2, severity: 'warning' },
            ],
          },
          basis: 'spec',
          severity: 'warning',
        },
      ],
    },
    {
      // Two answers are two causes: the made-up name gets -32603 "Prompt not found", the name in other letter case
      // another handler's -32603 "Internal error".
      name: 'other words to a made-up name and to a name in other letter case: two findings',
      server: promptServer((_args, params) => {
        const name = String(params.name);
        if (name === 'mcpact-no-such-prompt') return { error: { code: -32603, message: `Prompt not found: ${name}` } };
        return name !== name.toLowerCase() ? { error: { code: -32603, message: 'Internal error' } } : undefined;
      }),
      findings: [
        { message: '(case case-variant-prompt) got JSON-RPC error -32603', count: 2, severity: 'warning' },
        { message: 'prompt that does not exist (case unknown-prompt) got JSON-RPC error -32603', location: { kind: 'server' }, severity: 'warning' },
      ],
    },
  ],
});
