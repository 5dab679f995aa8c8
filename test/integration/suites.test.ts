/**
 * Behavioural suites and latency budgets end to end over real stdio: against the good fixture (every case holds)
 * and against @modelcontextprotocol/server-everything, a real server from the devDependencies (tool cases with
 * jsonpath and is_error, a prompt with message anchors, a resource read through its template, and one latency
 * budget that holds next to one that a tool misses).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS, type ServerSettings } from '../../src/config/schema.js';
import type { SessionTarget } from '../../src/connect/session.js';
import { runServer } from '../../src/engine/runner.js';
import type { ServerReport } from '../../src/model/report.js';
import { latencyRules } from '../../src/rules/latency/index.js';
import { suitesRules } from '../../src/rules/suites/index.js';
import { EVERYTHING, ROOT } from '../support/cli.js';

function run(target: SessionTarget, settings: ServerSettings): Promise<ServerReport> {
  return runServer(
    { name: 'server', target, timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 5_000 }, expect: {}, levels: {}, settings },
    { rules: [...suitesRules, ...latencyRules], clientVersion: 'test', concurrency: 4 },
  );
}

describe('suites and latency over stdio', () => {
  it('the good fixture passes a suite on each kind of item and a latency budget', async () => {
    const report = await run(
      { kind: 'stdio', command: process.execPath, args: [`${ROOT}dist/fixtures/servers/good.js`], env: {} },
      {
        suites: [
          {
            tool: 'get_weather',
            cases: [
              {
                name: 'lisbon',
                args: { city: 'Lisbon' },
                expect: { is_error: false, output_matches_schema: true, jsonpath: [{ path: '$.structuredContent.city', equals: 'Lisbon' }] },
              },
              { name: 'no city', args: {}, expect: { is_error: true, jsonpath: [{ path: '$.content[0].text', matches: 'city' }] } },
            ],
          },
          {
            prompt: 'summarize',
            cases: [
              {
                name: 'summary',
                args: { text: 'The release ships on Friday.' },
                expect: { messages: { roles: ['user'], match: ['three sentences', 'Friday'] } },
              },
            ],
          },
          {
            resource: 'docs://guide/{page}',
            cases: [{ name: 'setup page', args: { page: 'setup' }, expect: { jsonpath: [{ path: '$.contents[0].text', matches: 'celsius' }] } }],
          },
        ],
        latency: { samples: 5, p95_ms: 2_000, tools: ['get_weather', 'add_numbers'] },
      },
    );
    expect(report.error).toBeUndefined();
    expect(report.findings).toEqual([]);
    expect(report.rules.map((rule) => [rule.id, rule.status])).toEqual([
      ['suites/cases', 'pass'],
      ['latency/budget', 'pass'],
    ]);
    expect(report.latency?.tools.map((tool) => [tool.name, tool.samples])).toEqual([
      ['get_weather', 5],
      ['add_numbers', 5],
    ]);
  });

  it('server-everything: passing and failing cases, and a budget missed by a slow tool', async () => {
    const report = await run(
      { kind: 'stdio', command: EVERYTHING, args: [], env: {} },
      {
        suites: [
          {
            tool: 'echo',
            cases: [
              {
                name: 'echoes',
                args: { message: 'hello' },
                expect: {
                  is_error: false,
                  jsonpath: [
                    { path: '$.content[0].text', equals: 'Echo: hello' },
                    { path: '$.content[*]', count: 1 },
                  ],
                },
              },
              { name: 'wrong text', args: { message: 'hello' }, expect: { jsonpath: [{ path: '$.content[0].text', equals: 'Echo: goodbye' }] } },
            ],
          },
          { tool: 'get-sum', cases: [{ name: 'sum', args: { a: 2, b: 3 }, expect: { jsonpath: [{ path: '$.content[0].text', matches: 'is 5\\.' }] } }] },
          { tool: 'get-structured-content', cases: [{ name: 'weather', args: { location: 'Chicago' }, expect: { output_matches_schema: true } }] },
          { tool: 'does-not-exist', cases: [{ name: 'ghost', args: {} }] },
          {
            prompt: 'args-prompt',
            cases: [{ name: 'city', args: { city: 'Lisbon' }, expect: { messages: { roles: ['user'], match: ['Lisbon'], not_match: ['undefined'] } } }],
          },
          {
            resource: 'demo://resource/dynamic/text/{resourceId}',
            cases: [
              { name: 'text 1', args: { resourceId: 1 }, expect: { jsonpath: [{ path: '$.contents[0].uri', equals: 'demo://resource/dynamic/text/1' }] } },
            ],
          },
        ],
        latency: {
          samples: 3,
          p95_ms: 2_000,
          tools: ['echo', 'trigger-long-running-operation', 'toggle-simulated-logging'],
          per_tool: { 'trigger-long-running-operation': { p95_ms: 5 } },
          args: { 'trigger-long-running-operation': { duration: 0.02, steps: 1 } },
        },
      },
    );
    expect(report.error).toBeUndefined();
    const messages = report.findings.map((finding) => `${finding.ruleId}: ${finding.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^latency\/budget: tool "trigger-long-running-operation": p95 is [\d.]+ ms, over its budget of 5 ms \(3 samples\)$/),
      'suites/cases: case "ghost" of tool "does-not-exist": the server lists no such tool',
      'suites/cases: case "wrong text" of tool "echo": "$.content[0].text" value does not equal the expected value',
    ]);
    expect(report.latency?.tools.map((tool) => tool.name)).toEqual(['echo', 'trigger-long-running-operation']);
    expect(report.latency?.tools[0]).toMatchObject({ samples: 3, errors: 0, timeouts: 0, budget: { p95Ms: 2_000 } });
    expect(report.latency?.skipped).toEqual([{ name: 'toggle-simulated-logging', reason: expect.stringContaining('not annotated readOnlyHint: true') }]);
  });
});
