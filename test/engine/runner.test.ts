import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { defineRule, type Rule } from '../../src/engine/rule.js';
import { runServer, type ServerPlan } from '../../src/engine/runner.js';
import type { RuleLevel } from '../../src/model/severity.js';
import { fakeServerTransport, type FakeServerSpec } from '../support/fake-server.js';
import { testSpec } from '../support/test-spec.js';
import { ABSENT } from '../../src/model/spec.js';

const spec = testSpec('MUST', 'basic');
const reporting = defineRule({
  id: 'protocol/test-reporting',
  family: 'protocol',
  description: 'reports two findings out of order',
  defaultSeverity: 'warning',
  spec,
  docs: '',
  check({ report }) {
    report({ message: 'b', location: { kind: 'tool', name: 'z' } });
    report({ message: 'a', location: { kind: 'tool', name: 'a' } });
  },
});
const crashing = defineRule({
  id: 'protocol/test-crash',
  family: 'protocol',
  description: '',
  defaultSeverity: 'error',
  spec,
  docs: '',
  check() {
    throw new Error('kaput');
  },
});
const probing = defineRule({
  id: 'schema/test-probe',
  family: 'schema',
  description: '',
  defaultSeverity: 'error',
  spec,
  docs: '',
  async check({ probe }) {
    await probe.request('tools/list', {});
  },
});

function plan(server: FakeServerSpec, overrides: Partial<ServerPlan> = {}, levels: Record<string, RuleLevel> = {}): ServerPlan {
  return {
    name: 'fake',
    target: { kind: 'memory', transport: fakeServerTransport(server) },
    timeouts: DEFAULT_TIMEOUTS,
    expect: {},
    levels,
    settings: {},
    ...overrides,
  };
}
const run = (rules: Rule[], p: ServerPlan) => runServer(p, { rules, clientVersion: 'test', concurrency: 2 });

describe('runner', () => {
  it('isolates a crashing rule and sorts findings deterministically', async () => {
    const report = await run([crashing, reporting], plan({ tools: [] }));
    expect(report.rules.map((rule) => [rule.id, rule.status])).toEqual([
      ['protocol/test-crash', 'error'],
      ['protocol/test-reporting', 'fail'],
    ]);
    expect(report.rules[0]?.reason).toBe('rule crashed: kaput');
    expect(report.findings.map((finding) => finding.location.name)).toEqual(['a', 'z']);
    // The other rules still ran, but a crashed rule tested nothing: the run is incomplete (exit 2), never a pass.
    expect(report.complete).toBe(false);
    expect(report.error).toBe('rule protocol/test-crash could not finish: rule crashed: kaput');
  });

  it('applies configured levels: re-levelled severity, and off means skipped', async () => {
    const relevelled = await run([reporting], plan({}, {}, { 'protocol/test-reporting': 'error' }));
    expect(relevelled.findings.every((finding) => finding.severity === 'error')).toBe(true);
    const off = await run([reporting], plan({}, {}, { 'protocol/test-reporting': 'off' }));
    expect(off.rules[0]).toMatchObject({ status: 'skip', reason: 'turned off in config' });
    expect(off.findings).toEqual([]);
  });

  it('stops at the run deadline, keeps what finished, and marks the report incomplete', async () => {
    const hanging: FakeServerSpec = { tools: [], handle: (method) => (method === 'tools/list' ? { silent: true } : undefined) };
    const started = performance.now();
    const report = await run([probing], plan(hanging, { timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 60_000, run_ms: 300 } }));
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(report.complete).toBe(false);
    expect(report.error).toContain('run deadline of 300 ms reached');
  });

  it('reports a server that closes the connection during initialize as not tested', async () => {
    const report = await run([reporting], plan({ handle: (method) => (method === 'initialize' ? { error: { code: -32603, message: 'no' } } : undefined) }));
    expect(report.complete).toBe(false);
    expect(report.error).toContain('initialize failed with JSON-RPC error -32603');
    expect(report.rules).toEqual([]);
  });

  it('stamps each finding with the text of the revision the server negotiated, or the target as a marked fallback', async () => {
    const text = (revision: string) => ({ keyword: 'SHOULD', binds: 'server', section: 'server/tools#tool', quote: `Servers SHOULD in ${revision}` }) as const;
    const citing = defineRule({
      ...reporting,
      spec: { checklist: 'T1', texts: { '2025-11-25': text('2025-11-25'), '2025-06-18': text('2025-06-18'), '2025-03-26': ABSENT, '2024-11-05': ABSENT } },
      check({ spec, report }) {
        report({ message: `${spec?.revision} ${spec?.fallback ?? ''}`, location: { kind: 'server' } });
      },
    });
    const cited = async (protocolVersion: string) => (await run([citing], plan({ protocolVersion }))).findings[0];
    expect((await cited('2025-06-18'))?.spec).toEqual({
      basis: 'spec',
      revision: '2025-06-18',
      level: 'SHOULD',
      section: 'server/tools#tool',
      checklist: 'T1',
      keyword: 'SHOULD',
      binds: 'server',
      quote: 'Servers SHOULD in 2025-06-18',
      url: 'https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool',
    });
    expect(await cited('2025-03-26')).toMatchObject({ message: '2025-11-25 not-in-revision', spec: { revision: '2025-11-25', fallback: 'not-in-revision' } });
    expect(await cited('2030-01-01')).toMatchObject({ message: '2025-11-25 unknown-revision', spec: { revision: '2025-11-25', fallback: 'unknown-revision' } });
  });

  it("holds what rests on mcpact's policy to a warning, makes permitted leniency info, and never lowers the spec", async () => {
    const text = { keyword: 'MUST', binds: 'server', section: 'server/tools#tool', quote: 'Servers MUST do it' } as const;
    const texts = { '2025-11-25': text, '2025-06-18': text, '2025-03-26': text, '2024-11-05': text };
    const policy = { basis: 'policy', policy: 'mcpact expects it.', texts } as const;
    const mixed = defineRule({
      ...reporting,
      defaultSeverity: 'error',
      spec: { texts },
      check({ report }) {
        report({ message: 'on the spec', location: { kind: 'server' } });
        report({ message: 'on the spec, lenient', location: { kind: 'tool', name: 'a' }, lenient: true });
        report({ message: 'on the policy', location: { kind: 'tool', name: 'b' }, spec: policy });
        report({ message: 'on the policy, lenient', location: { kind: 'tool', name: 'c' }, spec: policy, lenient: true });
      },
    });
    const findings = (await run([mixed], plan({}))).findings;
    const shown = Object.fromEntries(findings.map((finding) => [finding.message, [finding.severity, finding.spec?.basis, finding.spec?.lenient ?? false]]));
    expect(shown).toEqual({
      'on the spec': ['error', 'spec', false],
      'on the spec, lenient': ['error', 'spec', false],
      'on the policy': ['warning', 'policy', false],
      'on the policy, lenient': ['info', 'policy', true],
    });
    expect(findings.find((finding) => finding.message === 'on the policy')?.spec).toMatchObject({
      level: 'POLICY',
      policy: 'mcpact expects it.',
      quote: 'Servers MUST do it',
    });
  });
});
