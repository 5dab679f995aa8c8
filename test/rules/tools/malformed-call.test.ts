import { describe, expect, it } from 'vitest';
import { malformedCall } from '../../../src/rules/tools/malformed-call.js';
import type { FakeServerSpec } from '../../support/fake-server.js';
import { runRuleOnFake, ruleTester } from '../../support/rule-tester.js';
import { rpcError, searchTool, text, toolError, toolsServer } from './tools-fake.js';

/**
 * A server with only tools the safe-call policy forbids to run, that validates nothing: a known tool runs whatever
 * its params, an unknown name gets -32602, and params without a name fail deep in its dispatch.
 */
function laxDestructive(seen: unknown[] = []): FakeServerSpec {
  return {
    tools: [
      {
        name: 'wipe',
        description: 'Delete every record of a table.',
        inputSchema: { type: 'object', properties: { table: { type: 'string' } }, required: ['table'] },
        annotations: { readOnlyHint: false, destructiveHint: true },
      },
    ],
    handle(method, params) {
      if (method !== 'tools/call') return undefined;
      seen.push(params);
      if (params?.name === 'wipe') return text('wiped');
      if (typeof params?.name === 'string') return rpcError(-32602, `Unknown tool: ${params.name}`);
      return rpcError(-32603, "TypeError: Cannot read properties of undefined (reading 'run')");
    },
  };
}

ruleTester(malformedCall, {
  valid: [
    { name: 'all three get -32602', server: toolsServer([searchTool]) },
    {
      // Over 2026-07-28 HTTP a call without a name cannot carry its Mcp-Name header: HeaderMismatch refuses it there.
      name: 'the call without a name refused at the headers (-32020)',
      server: toolsServer([searchTool], {
        malformed: (params) => (params?.name === undefined ? rpcError(-32020, 'Mcp-Name header is required') : rpcError(-32602, 'Invalid params')),
      }),
    },
  ],
  invalid: [
    {
      name: 'HeaderMismatch to a call whose name mcpact could put in its header is no refusal of the body',
      server: toolsServer([searchTool], {
        malformed: (params) => (params?.name === undefined ? rpcError(-32602, 'Invalid params') : rpcError(-32020, 'Mcp-Name header mismatch')),
      }),
      findings: [{ message: 'got JSON-RPC error -32020', count: 2 }],
    },
    {
      name: 'SDK request validation: -32603 with a zod dump',
      server: toolsServer([searchTool], { malformed: rpcError(-32603, '[{"code":"invalid_type"}]') }),
      // One answer to the three malformed params is one cause: one finding that lists them (engine/merge-answers.ts).
      findings: [
        {
          message: 'a tools/call with "arguments" is a string, "arguments" is an array or params without "name" got JSON-RPC error -32603',
          count: 3,
          data: {
            params: { name: 'search', arguments: 'mcpact' },
            code: -32603,
            level: 'BEST PRACTICE',
            cases: ['arguments is a string', 'arguments is an array', 'params without name'].map((variant) => ({
              ruleId: 'tools/malformed-call',
              variant,
              count: 1,
              severity: 'warning',
            })),
          },
        },
      ],
    },
    {
      // cratesio-mcp 0.4.4 (tower-mcp, round F): one deserialisation step refuses both malformed arguments as an
      // isError result, in words that differ only in what serde met. One cause (#30 class 5): one finding, both cases.
      name: 'one deserialisation step answers both malformed arguments alike: one finding with both cases',
      server: toolsServer([searchTool], {
        malformed: (params) =>
          params?.name === undefined
            ? rpcError(-32602, 'Invalid params')
            : toolError(
                typeof params.arguments === 'string'
                  ? 'Tool error: Invalid input: invalid type: string "mcpact", expected struct SearchInput'
                  : 'Tool error: Invalid input: invalid length 0, expected struct SearchInput with 3 elements',
              ),
      }),
      findings: [
        {
          message: 'a tools/call with "arguments" is a string or "arguments" is an array got a result (validated, wrong code)',
          count: 2,
          data: {
            params: { name: 'search', arguments: 'mcpact' },
            cases: ['arguments is a string', 'arguments is an array'].map((variant) => ({
              ruleId: 'tools/malformed-call',
              variant,
              count: 1,
              severity: 'warning',
            })),
          },
        },
      ],
    },
    {
      // Another layer, another code or other words are another cause: each case its own finding.
      name: 'malformed arguments answered differently: two findings',
      server: toolsServer([searchTool], {
        malformed: (params) =>
          params?.name === undefined
            ? rpcError(-32602, 'Invalid params')
            : typeof params.arguments === 'string'
              ? toolError('Tool error: Invalid input: invalid type: string "mcpact", expected struct SearchInput')
              : rpcError(-32603, 'Internal error: arguments.map is not a function'),
      }),
      findings: [
        { message: 'a tools/call with "arguments" is a string got a result (validated, wrong code)', count: 1 },
        { message: 'a tools/call with "arguments" is an array got JSON-RPC error -32603', count: 1 },
      ],
    },
    {
      name: 'accepted',
      server: toolsServer([searchTool], { malformed: text('ok') }),
      findings: [{ message: 'got a result' }, { message: 'got a result' }, { message: 'got a result' }],
    },
    {
      name: 'no tool may be called: the nameless case is still judged',
      server: laxDestructive(),
      findings: [{ message: 'params without "name" got JSON-RPC error -32603 (not validated)' }],
    },
  ],
  skipped: [{ name: 'no tools capability', server: { prompts: [{ name: 'p' }] }, skipped: 'tools capability' }],
});

describe('tools/malformed-call without a tool it may call', () => {
  it('skips the cases that need a tool, with the reason, instead of judging the unknown-tool answer', async () => {
    const seen: unknown[] = [];
    const report = await runRuleOnFake(malformedCall, laxDestructive(seen));
    expect(report.rules[0]?.reason).toContain('skipped: "arguments" is an array, "arguments" is a string');
    expect(report.rules[0]?.reason).toContain('"wipe" (not annotated readOnlyHint: true)');
    // A server that validates nothing would run the tool with them: malformed arguments never go to it.
    expect(seen.filter((params) => (params as Record<string, unknown>).name === 'wipe')).toEqual([]);
  });
});
