/**
 * The engine around transport probes: rules that judge the whole session run after the others, a probe cut off
 * by the run deadline leaves no process behind, in-memory targets get no probe, and what rules report is bounded
 * before any reporter sees it.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { defineRule, type Rule } from '../../src/engine/rule.js';
import { runServer } from '../../src/engine/runner.js';
import type { SessionTarget } from '../../src/connect/session.js';
import { fakeServerTransport } from '../support/fake-server.js';
import { expectNoneAlive, hostileStdio } from '../hostile/support.js';
import { testSpec } from '../support/test-spec.js';

const spec = testSpec();
const base = {
  family: 'stdio',
  description: 'a test rule of the engine',
  defaultSeverity: 'info',
  spec,
  docs: 'A rule that exists only in this test, to observe the engine.',
} as const;

function run(target: SessionTarget, rules: Rule[], timeouts = { ...DEFAULT_TIMEOUTS, call_ms: 500, run_ms: 10_000 }) {
  return runServer({ name: 'engine', target, timeouts, expect: {}, levels: {}, settings: {} }, { rules, clientVersion: 'test', concurrency: 4 });
}
const memory = (): SessionTarget => ({ kind: 'memory', transport: fakeServerTransport({ tools: [{ name: 'a', inputSchema: { type: 'object' } }] }) });

describe('transport probes in the engine', () => {
  it('runs afterOthers rules once every other rule has finished', async () => {
    const events: string[] = [];
    const slow = defineRule({
      ...base,
      id: 'stdio/slow',
      async check({ probe }) {
        await probe.request('ping');
        await probe.request('ping');
        events.push('slow done');
      },
    });
    const last = defineRule({
      ...base,
      id: 'stdio/last',
      afterOthers: true,
      check() {
        events.push('last ran');
      },
    });
    await run(memory(), [last, slow]);
    expect(events).toEqual(['slow done', 'last ran']);
  });

  it('gives in-memory targets no transport probe', async () => {
    let seen: unknown = 'not called';
    const look = defineRule({
      ...base,
      id: 'stdio/look',
      check({ transport }) {
        seen = transport;
      },
    });
    await run(memory(), [look]);
    expect(seen).toBeUndefined();
  });

  it('stops a probe child that is still open when the run deadline passes', async () => {
    const { target, pids } = hostileStdio('duplicate-id');
    const hang = defineRule({
      ...base,
      id: 'stdio/hang',
      async check({ transport }) {
        if (transport?.kind === 'stdio') await transport.open(() => new Promise<void>(() => undefined));
      },
    });
    const report = await run(target, [hang], { ...DEFAULT_TIMEOUTS, call_ms: 500, run_ms: 1_500 });
    expect(report.complete).toBe(false);
    // The rule families' share of the run (90%) ended first: the rule was cut short, and says so.
    expect(report.error).toContain("cut short: the rule families' share of the run (1350 of 1500 ms");
    expect(pids()).toHaveLength(2);
    await expectNoneAlive(pids());
  });

  it('bounds what rules report: deep data, huge strings and names stay serializable', async () => {
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 10_000; level++) deep = { a: deep };
    const huge = 'x'.repeat(100_000);
    const loud = defineRule({
      ...base,
      id: 'stdio/loud',
      check({ report }) {
        report({ message: huge, location: { kind: 'tool', name: huge }, data: { deep, huge } });
      },
    });
    const report = await run(memory(), [loud]);
    const finding = report.findings[0]!;
    const text = JSON.stringify(finding);
    expect(text.length).toBeLessThan(40_000);
    expect(text).toContain('[nested deeper than 32 levels]');
    expect(finding.message).toMatch(/… \(90000 more characters\)$/);
  });
});
