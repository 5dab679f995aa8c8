import { describe, expect, it } from 'vitest';
import { cases } from '../../../src/rules/suites/cases.js';
import { memoryRuntime } from '../../../src/engine/runtime.js';
import { runServer } from '../../../src/engine/runner.js';
import { DEFAULT_TIMEOUTS, type ServerSettings } from '../../../src/config/schema.js';
import type { SuiteConfig } from '../../../src/config/suites.js';
import { ruleTester } from '../../support/rule-tester.js';
import { fakeServerTransport, type FakeServerSpec, type Reply } from '../../support/fake-server.js';

const SUM_OUTPUT = { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'], additionalProperties: false };

/** A small notes-and-maths server: add (with an outputSchema), broken_add (structuredContent that breaks it), a prompt, resources. */
const server: FakeServerSpec = {
  tools: [
    {
      name: 'add',
      inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
      outputSchema: SUM_OUTPUT,
    },
    { name: 'broken_add', inputSchema: { type: 'object' }, outputSchema: SUM_OUTPUT },
  ],
  prompts: [{ name: 'greet', arguments: [{ name: 'who', required: true }] }],
  resources: [{ uri: 'notes://1', name: 'first' }],
  resourceTemplates: [{ uriTemplate: 'notes://{id}', name: 'note' }],
  handle(method, params): Reply | undefined {
    if (method === 'tools/call') {
      const args = (params?.arguments ?? {}) as Record<string, unknown>;
      if (params?.name === 'broken_add') return { result: { content: [{ type: 'text', text: '{"sum":"three"}' }], structuredContent: { sum: 'three' } } };
      if (typeof args.a !== 'number' || typeof args.b !== 'number')
        return { result: { content: [{ type: 'text', text: 'a and b must be numbers' }], isError: true } };
      const sum = args.a + args.b;
      return { result: { content: [{ type: 'text', text: JSON.stringify({ sum }) }], structuredContent: { sum } } };
    }
    if (method === 'resources/read') {
      if (params?.uri === 'notes://1') return { result: { contents: [{ uri: 'notes://1', mimeType: 'text/plain', text: 'first note' }] } };
      return { error: { code: -32002, message: 'Resource not found', data: { uri: params?.uri } } };
    }
    return undefined;
  },
};

const suites = (...list: SuiteConfig[]): ServerSettings => ({ suites: list });

ruleTester(cases, {
  valid: [
    {
      name: 'every anchor holds, for tools, prompts and resources',
      server,
      settings: suites(
        {
          tool: 'add',
          cases: [
            {
              name: 'adds',
              args: { a: 2, b: 3 },
              expect: {
                is_error: false,
                output_matches_schema: true,
                jsonpath: [
                  { path: '$.structuredContent.sum', equals: 5 },
                  { path: '$.content[0].text', matches: '"sum":5' },
                  { path: '$.content[*]', count: 1 },
                  { path: '$.isError', exists: false },
                  { path: '$.content[?(@.type === "text")].text', exists: true },
                ],
              },
            },
            {
              name: 'rejects strings',
              args: { a: 'two', b: 3 },
              expect: { is_error: true, jsonpath: [{ path: '$.content[0].text', matches: 'must be numbers' }] },
            },
          ],
        },
        {
          prompt: 'greet',
          cases: [
            { name: 'greets', args: { who: 'Ada' }, expect: { messages: { roles: ['user'], match: ['^Prompt greet', 'who: Ada'], not_match: ['undefined'] } } },
          ],
        },
        { resource: 'notes://1', cases: [{ name: 'reads', expect: { jsonpath: [{ path: '$.contents[0].text', equals: 'first note' }] } }] },
        {
          resource: 'notes://{id}',
          cases: [{ name: 'template', args: { id: 1 }, expect: { jsonpath: [{ path: '$.contents[0].uri', equals: 'notes://1' }] } }],
        },
        { resource: 'notes://404', cases: [{ name: 'unknown', expect: { error_code: -32002, jsonpath: [{ path: '$.data.uri', equals: 'notes://404' }] } }] },
      ),
    },
  ],
  invalid: [
    {
      name: 'a case for a tool or prompt the server does not list',
      server,
      settings: suites({ prompt: 'farewell', cases: [{ name: 'bye' }] }, { tool: 'subtract', cases: [{ name: 'one' }, { name: 'two' }] }),
      findings: [
        {
          message: 'case "bye" of prompt "farewell": the server lists no such prompt',
          location: { kind: 'prompt', name: 'farewell' },
          data: { suite: 'prompt farewell', case: 'bye', anchor: 'prompt' },
        },
        {
          message: 'case "one" of tool "subtract": the server lists no such tool',
          location: { kind: 'tool', name: 'subtract' },
          data: { case: 'one', anchor: 'tool' },
        },
        { message: 'case "two" of tool "subtract": the server lists no such tool', data: { case: 'two' } },
      ],
    },
    {
      name: 'is_error, output_matches_schema and every jsonpath check fail, one finding per case',
      server,
      settings: suites(
        {
          tool: 'add',
          cases: [
            { name: 'expects an error', args: { a: 1, b: 1 }, expect: { is_error: true } },
            {
              name: 'four paths',
              args: { a: 1, b: 1 },
              expect: {
                jsonpath: [
                  { path: '$.structuredContent.sum', equals: 3 },
                  { path: '$.content[0].text', matches: '^nope$' },
                  { path: '$.missing', exists: true },
                  { path: '$.content[*]', count: 2 },
                ],
              },
            },
          ],
        },
        { tool: 'broken_add', cases: [{ name: 'schema', expect: { output_matches_schema: true } }] },
      ),
      findings: [
        { message: 'case "expects an error" of tool "add": expected an isError result, got a result without isError: true', data: { anchor: 'is_error' } },
        {
          message: 'case "four paths" of tool "add": "$.structuredContent.sum" value does not equal the expected value (and 3 more)',
          data: {
            anchor: 'jsonpath: $.structuredContent.sum',
            failures: [
              { anchor: 'jsonpath: $.structuredContent.sum', selectedCount: 1 },
              { anchor: 'jsonpath: $.content[0].text', message: '"$.content[0].text" value does not match /^nope$/' },
              { anchor: 'jsonpath: $.missing', message: '"$.missing" selects nothing' },
              { anchor: 'jsonpath: $.content[*]', message: '"$.content[*]" selects 1 value, expected 2' },
            ],
          },
        },
        {
          message: 'case "schema" of tool "broken_add": structuredContent does not match the outputSchema: /sum must be number',
          data: { anchor: 'output_matches_schema', failures: [{ anchor: 'output_matches_schema', errors: ['/sum must be number'] }] },
        },
      ],
    },
    {
      name: 'error_code, result, messages and a missing golden file',
      server,
      settings: suites(
        { prompt: 'greet', cases: [{ name: 'assistant', args: { who: 'Ada' }, expect: { messages: { roles: ['assistant'], match: ['Grace'] } } }] },
        {
          resource: 'notes://1',
          cases: [
            { name: 'expects an error', expect: { error_code: -32002 } },
            { name: 'golden', expect: { golden: 'golden/note.json' } },
          ],
        },
        { resource: 'notes://2', cases: [{ name: 'unlisted' }] },
      ),
      findings: [
        {
          message: 'case "assistant" of prompt "greet": message roles are [user], expected [assistant] (and 1 more)',
          location: { kind: 'prompt', name: 'greet' },
          data: {
            anchor: 'messages.roles',
            failures: [{ anchor: 'messages.roles' }, { anchor: 'messages.match: Grace', message: 'rendered text does not match /Grace/' }],
          },
        },
        { message: 'case "expects an error" of resource "notes://1": expected JSON-RPC error -32002, got a result', data: { anchor: 'error_code' } },
        {
          message: 'case "golden" of resource "notes://1": golden file golden/note.json does not exist; run mcpact run --update-golden',
          data: { anchor: 'golden: golden/note.json' },
        },
        {
          message:
            'case "unlisted" of resource "notes://2": expected a result, got JSON-RPC error -32002 (the server lists no such resource or resource template)',
          data: { anchor: 'result' },
        },
      ],
    },
  ],
  skipped: [{ name: 'no suites', server, skipped: 'no suites in the config' }],
});

describe('suites/cases values and golden files', () => {
  const run = (settings: ServerSettings, runtime: ReturnType<typeof memoryRuntime>) =>
    runServer(
      {
        name: 'fake',
        target: { kind: 'memory', transport: fakeServerTransport(server) },
        timeouts: DEFAULT_TIMEOUTS,
        expect: {},
        levels: {},
        settings,
        runtime,
      },
      { rules: [cases], clientVersion: 'test', concurrency: 4 },
    );

  it('keeps argument values and what the server sent out of the report unless --show-values', async () => {
    const settings = suites({
      tool: 'add',
      cases: [{ name: 'secret sum', args: { a: 40, b: 2, note: 'customer-4711' }, expect: { jsonpath: [{ path: '$.structuredContent.sum', equals: 41 }] } }],
    });
    const hidden = await run(settings, memoryRuntime());
    expect(hidden.findings).toHaveLength(1);
    expect(JSON.stringify(hidden.findings)).not.toContain('customer-4711');
    expect(JSON.stringify(hidden.findings)).not.toContain('"selected"');
    const shown = await run(settings, memoryRuntime({}, { showValues: true }));
    expect(shown.findings[0]?.data).toMatchObject({ arguments: { values: { a: 40, b: 2, note: 'customer-4711' } }, failures: [{ selected: [42] }] });
  });

  it('--update-golden writes the normalized result, which then passes and catches a change', async () => {
    const settings = suites({
      tool: 'add',
      cases: [{ name: 'golden', args: { a: 2, b: 3 }, expect: { golden: 'sum.json', normalize: [{ pattern: '"sum": \\d+', replace: '"sum": <N>' }] } }],
    });
    const writer = memoryRuntime({}, { updateGolden: true });
    expect((await run(settings, writer)).findings).toEqual([]);
    expect(writer.written['sum.json']).toContain('"sum": <N>');
    expect(JSON.parse(writer.written['sum.json']!.replace('<N>', '0'))).toMatchObject({ structuredContent: { sum: 0 } });

    expect((await run(settings, memoryRuntime({ 'sum.json': writer.written['sum.json']! }))).findings).toEqual([]);
    const changed = memoryRuntime({ 'sum.json': writer.written['sum.json']!.replace('"text"', '"image"') });
    const report = await run(settings, changed);
    expect(report.findings.map((finding) => finding.message)).toEqual([
      expect.stringMatching(/^case "golden" of tool "add": the result differs from golden file sum\.json \(first difference on line \d+\)$/),
    ]);
  });

  it('a golden file holds no resultType "complete" nor _meta serverInfo (2026-07-28): one file serves both eras', async () => {
    const settings = suites({ tool: 'add', cases: [{ name: 'golden', args: { a: 2, b: 3 }, expect: { golden: 'sum.json' } }] });
    const writer = memoryRuntime({}, { updateGolden: true });
    await run(settings, writer);
    const stored = writer.written['sum.json']!;
    expect(stored).not.toMatch(/resultType|_meta/);
    /** The same server in the modern era, whose results carry resultType and the server's name and version. */
    const modern = (resultType: string, meta: Record<string, unknown> = {}): FakeServerSpec => ({
      ...server,
      handle(method, params, message) {
        const reply = server.handle!(method, params, message);
        const _meta = { 'io.modelcontextprotocol/serverInfo': { name: 'notes', version: '2.0.1' }, ...meta };
        return reply && 'result' in reply ? { result: { ...(reply.result as object), resultType, _meta } } : reply;
      },
    });
    const runIn = (spec: FakeServerSpec) =>
      runServer(
        {
          name: 'fake',
          target: { kind: 'memory', transport: fakeServerTransport(spec) },
          timeouts: DEFAULT_TIMEOUTS,
          expect: {},
          levels: {},
          settings,
          runtime: memoryRuntime({ 'sum.json': stored }),
        },
        { rules: [cases], clientVersion: 'test', concurrency: 4 },
      );
    expect((await runIn(modern('complete'))).findings).toEqual([]);
    // Another resultType, or _meta the server chose to send, is part of the answer.
    for (const spec of [modern('input_required'), modern('complete', { 'com.example/trace': 'abc' })]) {
      expect((await runIn(spec)).findings.map((finding) => finding.message)).toEqual([
        expect.stringMatching(/^case "golden" of tool "add": the result differs from golden file sum\.json/),
      ]);
    }
  });
});
