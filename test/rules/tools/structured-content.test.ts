import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../../src/config/schema.js';
import { runServer } from '../../../src/engine/runner.js';
import { ALL_RULES } from '../../../src/rules/index.js';
import { structuredContent } from '../../../src/rules/tools/structured-content.js';
import { openValuePaths } from '../../../src/exercise/open-values.js';
import { ROOT } from '../../support/cli.js';
import { ruleTester } from '../../support/rule-tester.js';
import { READ_ONLY, rpcError, text, toolError, toolsServer, type FakeTool } from './tools-fake.js';

const weather = (run: FakeTool['run']): FakeTool => ({
  definition: {
    name: 'weather',
    description: 'Current weather for a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    outputSchema: { type: 'object', properties: { temperature: { type: 'number' } }, required: ['temperature'] },
    annotations: READ_ONLY,
  },
  run,
});

ruleTester(structuredContent, {
  valid: [
    { name: 'conforming structured content', server: toolsServer([weather(() => text('{"temperature":21}', { structuredContent: { temperature: 21 } }))]) },
    { name: 'isError results are exempt', server: toolsServer([weather(() => toolError('city not found'))]) },
    {
      // FastMCP's check of the tool's input (its model is <name>Arguments): the input's fault, not the output's.
      name: "FastMCP's pydantic check of the arguments is exempt",
      server: toolsServer([
        weather(() => toolError('Error executing tool weather: 1 validation error for weatherArguments\ncity\n  Field required [type=missing]')),
      ]),
    },
    {
      // The Java SDK's input check (io.modelcontextprotocol.sdk:mcp 2.2.0, fixtures/sdks/java-sdk): the input's fault.
      name: "the Java SDK's check of the arguments is exempt",
      server: toolsServer([
        weather(() =>
          toolError('Tool (weather) input validation failed: Validation failed: JSON schema validation errors: [/days: string found, integer expected]'),
        ),
      ]),
    },
    {
      // A JSON-RPC error is tools/valid-input's to judge, unless it is the Go SDK's refusal of the output.
      name: 'a JSON-RPC error in other words is exempt',
      server: toolsServer([weather(() => rpcError(0, 'validating "arguments": validating root: missing properties: ["city"]'))]),
    },
    {
      name: 'an execution error that only mentions output validation is exempt',
      server: toolsServer([weather(() => toolError('city not found (Output validation error: none)'))]),
    },
  ],
  invalid: [
    {
      name: 'no structured content',
      server: toolsServer([weather(() => text('21 degrees'))]),
      findings: [{ location: { kind: 'tool', name: 'weather', pointer: '/outputSchema' }, message: 'has no structuredContent', data: { level: 'MUST' } }],
    },
    {
      name: 'structured content the schema rejects; values hidden without --show-values',
      server: toolsServer([weather(() => text('{}', { structuredContent: { temperature: 'warm' } }))]),
      findings: [
        {
          message: 'that its outputSchema rejects: "/temperature must be number"',
          data: { errors: ['/temperature must be number'], structuredContent: { keys: ['temperature'] } },
        },
      ],
    },
    {
      name: "the SDK refused the tool's own output: an isError result that is this defect",
      server: toolsServer([
        weather(() => toolError('MCP error -32602: Output validation error: Invalid structured content for tool weather: temperature: expected number')),
      ]),
      findings: [
        {
          location: { kind: 'tool', name: 'weather', pointer: '/outputSchema' },
          message: "a result its outputSchema rejects: the server's own output check refused it",
          data: { level: 'MUST', isError: true, said: expect.stringContaining('Output validation error') as unknown },
        },
      ],
    },
    {
      name: 'the Python SDK words it without a prefix',
      server: toolsServer([weather(() => toolError("Output validation error: 'temperature' is a required property"))]),
      findings: [{ message: "the server's own output check refused it" }],
    },
    {
      // What the Python SDK's FastMCP (mcp 1.30.0) answered for fixtures/sdks/python-mcp-1 --defect output-mismatch.
      name: "FastMCP's pydantic check of the return value",
      server: toolsServer([
        weather(() =>
          toolError(
            "Error executing tool weather: 1 validation error for Forecast\ndays.0.high\n  Input should be a valid number, unable to parse string as a number [type=float_parsing, input_value='warm', input_type=str]",
          ),
        ),
      ]),
      findings: [{ message: "the server's own output check refused it" }],
    },
    {
      // What the Java SDK 2.2.0 answered for fixtures/sdks/java-sdk --defect output-mismatch.
      name: "the Java SDK's output check",
      server: toolsServer([
        weather(() =>
          toolError('Tool (weather) output validation failed: Validation failed: JSON schema validation errors: [/days/0/high: string found, number expected]'),
        ),
      ]),
      findings: [{ message: "the server's own output check refused it and answered an isError result instead", data: { isError: true } }],
    },
    {
      // What the Go SDK v1.8.0 answered for fixtures/sdks/go-sdk --defect output-mismatch: mcp.AddTool validates the
      // typed result and returns the failure as a plain Go error, JSON-RPC code 0.
      name: "the Go SDK's output check, answered as a JSON-RPC error",
      server: toolsServer([
        weather(() =>
          rpcError(
            0,
            'validating tool output: validating root: validating /properties/days: validating /properties/days/items: validating /properties/days/items/properties/high: type: warm has type "string", want "number"',
          ),
        ),
      ]),
      findings: [
        {
          location: { kind: 'tool', name: 'weather', pointer: '/outputSchema' },
          message: "the server's own output check refused it and answered JSON-RPC error 0 instead",
          data: { code: 0, said: expect.stringMatching(/^validating tool output: /) as unknown },
        },
      ],
    },
  ],
  inconclusive: [
    {
      // @mapbox/mcp-server 0.14.0 (round E of docs/verdict-truth.md): `data` is z.unknown(), described as GeoJSON;
      // mcpact's made-up value was copied into the output, which the SDK's output check refused.
      name: 'the output check refused what the tool built from a value mcpact made up where the inputSchema constrains nothing',
      server: toolsServer([
        {
          definition: {
            name: 'render_map',
            description: 'Render a map.',
            inputSchema: {
              type: 'object',
              properties: {
                layers: {
                  type: 'array',
                  minItems: 1,
                  items: { type: 'object', properties: { data: { description: 'GeoJSON Feature or FeatureCollection' } }, required: ['data'] },
                },
              },
              required: ['layers'],
            },
            outputSchema: { type: 'object', properties: { layers: { type: 'array' } }, required: ['layers'] },
            annotations: READ_ONLY,
          },
          run: () => toolError('MCP error -32602: Output validation error: Invalid structured content for tool render_map: Invalid input at layers[0].data'),
        },
      ]),
      reason: 'values mcpact made up where the inputSchema constrains nothing, so no verdict on "render_map" (/layers/0/data)',
    },
  ],
  skipped: [
    {
      name: 'no outputSchema',
      server: toolsServer([{ definition: { name: 'echo', inputSchema: { type: 'object' }, annotations: READ_ONLY } }]),
      skipped: 'no tool declares',
    },
    {
      name: 'not allowed to call',
      server: toolsServer([{ ...weather(() => text('x')), definition: { ...weather(() => text('x')).definition, annotations: {} } }]),
      skipped: 'safe-call policy',
    },
  ],
});

describe('an SDK McpServer whose tools break their own outputSchema', () => {
  it("reports each broken tool once, as the tool's own error, and nothing on the correct one", async () => {
    const report = await runServer(
      {
        name: 'broken-output',
        target: { kind: 'stdio', command: process.execPath, args: [`${ROOT}dist/fixtures/servers/broken-output.js`], env: {} },
        timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 2000 },
        expect: {},
        levels: {},
        settings: {},
      },
      { rules: ALL_RULES.filter((rule) => rule.family === 'tools'), clientVersion: 'test', concurrency: 4 },
    );
    expect(report.complete, report.error).toBe(true);
    const broken = report.findings.filter((finding) => finding.location.kind === 'tool');
    // Once: tools/valid-input accepts the isError result, and the SDK that refused the output is not to blame. The
    // two tools are one cause in the SDK's one wording, so one finding stands for both.
    expect(broken.map((finding) => [finding.ruleId, finding.severity, finding.inherited, finding.count])).toEqual([
      ['tools/structured-content', 'error', undefined, 2],
    ]);
    expect(broken[0]?.locations?.map((location) => location.name)).toEqual(['get_forecast', 'get_sunrise']);
    expect(broken[0]?.data?.said).toContain('Output validation error: Invalid structured content for tool get_forecast');
  });
});

describe('openValuePaths', () => {
  it('names the generated values that sit where the schema constrains nothing', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'string' }, meta: {}, layers: { type: 'array', items: { type: 'object', properties: { data: { description: 'GeoJSON' } } } } },
    };
    expect(openValuePaths(schema, { id: 'a', meta: { x: 1 }, layers: [{ data: 'q' }, {}] })).toEqual(['/meta', '/layers/0/data']);
    expect(openValuePaths(schema, { id: 'a' })).toEqual([]);
    // A reference or a combinator is a constraint, not followed: the verdict stands.
    expect(openValuePaths({ type: 'object', properties: { p: { $ref: '#/$defs/x' }, q: { anyOf: [{}] } } }, { p: 1, q: 2 })).toEqual([]);
  });
});
