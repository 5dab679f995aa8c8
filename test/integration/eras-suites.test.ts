/**
 * Behavioural suites and latency budgets in the modern era (2026-07-28), against the SDK 2.x eras fixture
 * (fixtures/servers/sdk2/eras.ts) as real processes, modern-only and dual-era, over stdio and Streamable HTTP: one
 * run per server with cases that hold and cases that must fail, so each run shows both. The golden file is the
 * echo result as the legacy era sends it (no resultType): it must hold against the modern era's result too.
 * A suite file (mcpact.yaml) goes through the CLI once, for the exit code.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { DEFAULT_TIMEOUTS, type ServerSettings } from '../../src/config/schema.js';
import type { SessionTarget } from '../../src/connect/session.js';
import { memoryRuntime } from '../../src/engine/runtime.js';
import { runServer } from '../../src/engine/runner.js';
import type { RunReport, ServerReport } from '../../src/model/report.js';
import { latencyRules } from '../../src/rules/latency/index.js';
import { suitesRules } from '../../src/rules/suites/index.js';
import { runCli } from '../support/cli.js';
import { ERAS_FIXTURE, erasHttp, erasStdio } from '../support/eras.js';

/** What SDK 2.x answers echo with in the initialize era. */
const ECHO_GOLDEN = JSON.stringify({ content: [{ type: 'text', text: 'hello' }] }, null, 2) + '\n';

const SETTINGS = {
  suites: [
    {
      tool: 'echo',
      cases: [
        {
          name: 'echoes',
          args: { text: 'hello' },
          expect: { is_error: false, jsonpath: [{ path: '$.content[0].text', equals: 'hello' }], golden: 'echo.json' },
        },
        { name: 'wrong text', args: { text: 'hello' }, expect: { jsonpath: [{ path: '$.content[0].text', equals: 'goodbye' }] } },
        { name: 'not a string', args: { text: 5 }, expect: { is_error: true } },
      ],
    },
    // Over HTTP its call needs the Mcp-Param-Region and -Days headers (x-mcp-header), or the SDK refuses it.
    {
      tool: 'forecast',
      cases: [{ name: 'lisbon', args: { region: 'lisbon', days: 2 }, expect: { jsonpath: [{ path: '$.content[0].text', matches: 'lisbon for 2' }] } }],
    },
    { prompt: 'greet', cases: [{ name: 'ada', args: { name: 'Ada' }, expect: { messages: { roles: ['user'], match: ['Ada'], not_match: ['undefined'] } } }] },
    {
      resource: 'docs://guide/{page}',
      cases: [
        { name: 'usage', args: { page: 'usage' }, expect: { jsonpath: [{ path: '$.contents[0].text', matches: 'Call echo' }] } },
        { name: 'wrong page', args: { page: 'intro' }, expect: { jsonpath: [{ path: '$.contents[0].text', matches: 'Call echo' }] } },
      ],
    },
    // 2026-07-28: a resource that does not exist is -32602 (MUST).
    { resource: 'notes://none', cases: [{ name: 'unknown', expect: { error_code: -32602 } }] },
  ],
  // echo has a budget it meets; add one no call can meet (a thousandth of a millisecond).
  latency: { samples: 3, warmup: 0, p95_ms: 5_000, tools: ['echo', 'add'], per_tool: { add: { p50_ms: 0.001 } } },
} satisfies ServerSettings;

const EXPECTED = [
  /^latency\/budget: tool "add": p50 is [\d.]+ ms, over its budget of 0\.001 ms \(3 samples\)$/,
  /^suites\/cases: case "wrong page" of resource "docs:\/\/guide\/\{page\}": "\$\.contents\[0\]\.text" value does not match/,
  /^suites\/cases: case "wrong text" of tool "echo": "\$\.content\[0\]\.text" value does not equal the expected value$/,
];

function run(target: SessionTarget): Promise<ServerReport> {
  return runServer(
    {
      name: 'eras',
      target,
      timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 3_000 },
      expect: {},
      levels: {},
      settings: SETTINGS,
      protocolEra: 'auto',
      runtime: memoryRuntime({ 'echo.json': ECHO_GOLDEN }),
    },
    { rules: [...suitesRules, ...latencyRules], clientVersion: 'test', concurrency: 4 },
  );
}

function expectVerdicts(report: ServerReport): void {
  expect(report.era).toBe('modern');
  expect(report.complete).toBe(true);
  const messages = report.findings.map((finding) => `${finding.ruleId}: ${finding.message}`).sort();
  expect(messages).toEqual(EXPECTED.map((pattern) => expect.stringMatching(pattern)));
  expect(report.latency?.tools.map((tool) => [tool.name, tool.samples, tool.errors])).toEqual([
    ['echo', 3, 0],
    ['add', 3, 0],
  ]);
}

describe.each([
  ['dual-era, stdio', erasStdio('dual')],
  ['modern-only, Streamable HTTP', erasHttp('modern')],
  ['dual-era, Streamable HTTP', erasHttp('dual')],
] as const)('suites and latency budgets, %s, in the modern era', (_name, target) => {
  it('passes the cases that hold and fails the ones that do not', async () => {
    expectVerdicts(await run(target()));
  });
});

describe('a suite file, modern-only over stdio', () => {
  it('mcpact run --only suites,latency: the same verdicts, exit 1', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-eras-suites-'));
    try {
      const server = { name: 'eras', transport: 'stdio', command: process.execPath, args: [ERAS_FIXTURE, '--era', 'modern'], ...SETTINGS };
      writeFileSync(path.join(dir, 'mcpact.yaml'), stringify({ servers: [server] }));
      writeFileSync(path.join(dir, 'echo.json'), ECHO_GOLDEN);
      const result = await runCli(['run', '--only', 'suites,latency', '-r', 'json'], { cwd: dir });
      expect(result.code, result.stderr).toBe(1);
      const report = JSON.parse(result.stdout) as RunReport;
      expectVerdicts(report.servers[0]!);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
