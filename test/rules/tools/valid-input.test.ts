import { describe, expect, it } from 'vitest';
import { validInput } from '../../../src/rules/tools/valid-input.js';
import { runRuleOnFake, ruleTester } from '../../support/rule-tester.js';
import { READ_ONLY, rpcError, searchTool, toolError, toolsServer, type FakeTool } from './tools-fake.js';

const writer: FakeTool = {
  definition: {
    name: 'write_note',
    description: 'Save a note.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  run: () => rpcError(-32603, 'must not be called'),
};

ruleTester(validInput, {
  valid: [
    { name: 'results, and a tool that is not read-only is never called', server: toolsServer([searchTool, writer]) },
    { name: 'isError for a business failure passes', server: toolsServer([{ ...searchTool, run: () => toolError('index offline') }]) },
  ],
  invalid: [
    {
      name: 'protocol error for schema-valid input',
      server: toolsServer([{ ...searchTool, run: () => rpcError(-32602, 'no such document') }]),
      findings: [
        {
          location: { kind: 'tool', name: 'search' },
          message: '"search" with schema-valid input got JSON-RPC error -32602',
          data: {
            level: 'BEST PRACTICE',
            code: -32602,
            seed: expect.any(Number),
            params: { name: 'search', arguments: expect.objectContaining({ query: expect.any(String) }) },
          },
        },
      ],
    },
    // One catch-all, two tools, each failure in its own words (@translated/lara-mcp 1.0.6 offline): one cause.
    {
      name: 'one error path for two tools, in different words',
      server: toolsServer([
        { ...searchTool, run: () => rpcError(-32600, 'An error occurred while processing your request') },
        { ...searchTool, definition: { ...searchTool.definition, name: 'lookup' }, run: () => rpcError(-32600, 'getaddrinfo ENOTFOUND api.example.com') },
      ]),
      findings: [{ message: 'with schema-valid input got JSON-RPC error -32600', count: 2 }],
    },
    // Two codes are two error paths: two findings.
    {
      name: 'two codes for two tools',
      server: toolsServer([
        { ...searchTool, run: () => rpcError(-32600, 'An error occurred while processing your request') },
        {
          ...searchTool,
          definition: { ...searchTool.definition, name: 'lookup' },
          run: () => rpcError(-32603, 'An error occurred while processing your request'),
        },
      ]),
      findings: [
        { message: '"lookup" with schema-valid input got JSON-RPC error -32603' },
        { message: '"search" with schema-valid input got JSON-RPC error -32600' },
      ],
    },
    {
      name: 'an allowed tool is called too',
      server: toolsServer([writer]),
      settings: { calls: { allow: ['write_note'] } },
      findings: [{ message: '"write_note" with schema-valid input got JSON-RPC error -32603' }],
    },
  ],
  skipped: [
    { name: 'nothing may be called', server: toolsServer([writer]), skipped: 'safe-call policy' },
    { name: 'deny wins over all', server: toolsServer([searchTool]), settings: { calls: { all: true, deny: ['search'] } }, skipped: 'safe-call policy' },
  ],
});

describe('tools/valid-input calls', () => {
  it('sends only inputs the schema accepts, and lists the tools not called with the reason', async () => {
    const seen: Record<string, unknown>[] = [];
    const server = toolsServer([searchTool, writer, { definition: { ...writer.definition, name: 'nuke', annotations: { destructiveHint: true } } }]);
    const handle = server.handle!;
    server.handle = (method, params, message) => {
      if (method === 'tools/call' && params?.name === 'search') seen.push(params.arguments as Record<string, unknown>);
      return handle(method, params, message);
    };
    const report = await runRuleOnFake(validInput, server);
    expect(report.rules[0]?.status).toBe('pass');
    expect(seen.length).toBeGreaterThanOrEqual(1);
    for (const args of seen) {
      expect(typeof args.query).toBe('string');
      expect((args.query as string).length).toBeGreaterThanOrEqual(1);
      if (args.limit !== undefined) expect(args.limit).toBeLessThanOrEqual(10);
    }
    expect(report.rules[0]?.reason).toContain('"write_note" (not annotated readOnlyHint: true)');
    expect(report.rules[0]?.reason).toContain('"nuke" (not annotated readOnlyHint: true)');
    expect(READ_ONLY.destructiveHint).toBe(false);
  });

  it('notes names in calls that the server does not declare (a typo would otherwise go unnoticed)', async () => {
    const report = await runRuleOnFake(validInput, toolsServer([searchTool]), {}, { calls: { allow: ['serch'] } });
    expect(report.rules[0]?.reason).toContain('calls.allow/calls.deny name tools this server does not declare: "serch"');
  });

  it('is inconclusive about a slow tool instead of failing or passing it', async () => {
    const report = await runRuleOnFake(validInput, toolsServer([{ ...searchTool, run: () => ({ silent: true }) }]));
    expect(report.findings).toEqual([]);
    expect(report.rules[0]?.status).toBe('inconclusive');
    expect(report.rules[0]?.reason).toContain('no answer within timeouts.call_ms, so no verdict for: "search"');
  });
});
