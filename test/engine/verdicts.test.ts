/**
 * Probes never guess: a request without an answer is tried once more, a verdict mcpact could not reach is
 * `inconclusive` (never a pass, never a finding), and a declared list that could not be read makes the rules that
 * judge it inconclusive and the run incomplete, in the server's own words.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { runServer } from '../../src/engine/runner.js';
import { renderJunit } from '../../src/report/reporters/junit.js';
import { renderSarif } from '../../src/report/reporters/sarif.js';
import { renderConsole } from '../../src/report/reporters/console.js';
import { buildRunReport, exitCode } from '../../src/report/build.js';
import { ping } from '../../src/rules/protocol/ping.js';
import { requestIdEcho } from '../../src/rules/protocol/request-id-echo.js';
import { toolName } from '../../src/rules/schema/tool-name.js';
import { unknownTool } from '../../src/rules/tools/unknown-tool.js';
import { validInput } from '../../src/rules/tools/valid-input.js';
import { promptDescription } from '../../src/rules/schema/prompt-description.js';
import type { Rule } from '../../src/engine/rule.js';
import { fakeServerTransport, type FakeServerSpec } from '../support/fake-server.js';
import { FAKE_CALL_MS, runRuleOnFake } from '../support/rule-tester.js';

const tools = [
  {
    name: 'lookup',
    description: 'Look a word up.',
    inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
    annotations: { readOnlyHint: true },
  },
];

function run(rules: readonly Rule[], spec: FakeServerSpec) {
  return runServer(
    {
      name: 'fake',
      target: { kind: 'memory', transport: fakeServerTransport(spec) },
      timeouts: { ...DEFAULT_TIMEOUTS, call_ms: FAKE_CALL_MS, run_ms: 10_000 },
      expect: {},
      levels: {},
      settings: {},
    },
    { rules, clientVersion: 'test', concurrency: 4 },
  );
}

describe('a request without an answer', () => {
  it('is tried once more: a ping answered the second time passes', async () => {
    let pings = 0;
    const report = await runRuleOnFake(ping, { handle: (method) => (method === 'ping' && ++pings === 1 ? { silent: true } : undefined) });
    expect(pings).toBe(2);
    expect(report.findings).toEqual([]);
    expect(report.rules[0]?.status).toBe('pass');
  });

  it('with an id of its own (sent once) leaves protocol/request-id-echo inconclusive when no id is answered: silence is not a wrong id', async () => {
    // Had the number id been answered, the silence would tell string ids from number ids (its own rule test).
    const report = await runRuleOnFake(requestIdEcho, { handle: (method) => (method === 'ping' ? { silent: true } : undefined) });
    expect(report.findings).toEqual([]);
    expect(report.rules[0]).toMatchObject({
      status: 'inconclusive',
      reason: expect.stringContaining('ping with id "mcpact-id-ü-007" got no answer') as unknown,
    });
  });

  it('twice is reported as such', async () => {
    const report = await runRuleOnFake(ping, { handle: (method) => (method === 'ping' ? { silent: true } : undefined) });
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]?.message).toContain('no answer to two tries');
  });

  it('leaves a rule that needed the answer inconclusive, with why: never a pass, never a finding', async () => {
    const report = await runRuleOnFake(unknownTool, {
      tools,
      handle: (method, params) => (method === 'tools/call' && params?.name !== 'lookup' ? { silent: true } : undefined),
    });
    expect(report.findings).toEqual([]);
    expect(report.rules[0]).toMatchObject({ id: 'tools/unknown-tool', status: 'inconclusive', reason: expect.stringContaining('no answer') as unknown });
    expect(report.complete).toBe(true);
    const whole = buildRunReport({ version: 'test', servers: [report], durationMs: 1, failOn: 'error' });
    expect(whole.summary.rules.inconclusive).toBe(1);
    expect(exitCode(whole)).toBe(0);
    const context = { color: false, verbose: false, quiet: false, rules: [] };
    expect(renderConsole(whole, context)).toContain('? inconclusive tools/unknown-tool: the call of an unknown tool got no answer');
    expect(renderJunit(whole, context)).toMatch(/<skipped message="inconclusive: the call of an unknown tool got no answer/);
    const sarif = JSON.parse(renderSarif(whole, context)) as {
      runs: { invocations: { toolExecutionNotifications: { level: string; message: { text: string } }[] }[] }[];
    };
    expect(sarif.runs[0]!.invocations[0]!.toolExecutionNotifications).toContainEqual(
      expect.objectContaining({ level: 'note', message: { text: expect.stringContaining('tools/unknown-tool was inconclusive') as unknown } }),
    );
  });
});

describe('a declared list that fails', () => {
  const failing: FakeServerSpec = {
    tools,
    prompts: [{ name: 'greet', description: 'Say hello.' }],
    handle: (method) => (method === 'tools/list' ? { error: { code: -32603, message: 'connect ECONNREFUSED 127.0.0.1:5432' } } : undefined),
  };

  it('is not an empty server: the rules that judge it are inconclusive in the server\u2019s words, and the run is incomplete', async () => {
    const report = await run([toolName, validInput, promptDescription], failing);
    expect(report.complete).toBe(false);
    expect(report.error).toContain('tools/list failed with JSON-RPC error -32603 "connect ECONNREFUSED 127.0.0.1:5432"');
    for (const id of ['schema/tool-name', 'tools/valid-input']) {
      expect(report.rules.find((rule) => rule.id === id)).toMatchObject({ status: 'inconclusive', reason: expect.stringContaining('ECONNREFUSED') as unknown });
    }
    // The prompts were read: their rule judged them.
    expect(report.rules.find((rule) => rule.id === 'schema/prompt-description')?.status).toBe('pass');
    expect(report.findings).toEqual([]);
  });

  it('leaves a server whose lists all answer complete', async () => {
    const report = await run([toolName, promptDescription], { tools, prompts: [{ name: 'greet', description: 'Say hello.' }] });
    expect(report.complete).toBe(true);
    expect(report.rules.map((rule) => rule.status)).toEqual(['pass', 'pass']);
  });
});
