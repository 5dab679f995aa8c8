/**
 * A server that throttles mcpact in JSON-RPC (fixtures/servers/rate-limited.ts: the good server behind a limit of 10
 * requests a second, refusing the excess with -32603 "rate limit exceeded", as cratesio-mcp 0.4.4 of round F does;
 * #30 class 1). Before connect/throttling.ts, mcpact's bursts went past the limit and every later answer was the
 * refusal: protocol/stays-available reported a degradation after bad input, and about 40 rules were inconclusive.
 * Now the refusals are waited out and the requests sent again, slower: the verdicts are the good server's. A limit
 * that never lifts leaves the rules that needed a refused request inconclusive, with a reason naming the throttling,
 * and still no finding rests on a refusal.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { runServer } from '../../src/engine/runner.js';
import type { ServerReport } from '../../src/model/report.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { REFUSAL } from '../../fixtures/servers/rate-limited.js';
import { ROOT } from '../support/cli.js';

function run(file: string, args: string[] = []): Promise<ServerReport> {
  return runServer(
    {
      name: file,
      target: { kind: 'stdio', command: process.execPath, args: [`${ROOT}dist/fixtures/servers/${file}`, ...args], env: {} },
      timeouts: DEFAULT_TIMEOUTS,
      expect: {},
      levels: {},
      settings: {},
    },
    { rules: ALL_RULES, clientVersion: 'test', concurrency: 4 },
  );
}

const statuses = (report: ServerReport) => new Map(report.rules.map((rule) => [rule.id, rule.status]));
const findings = (report: ServerReport) => report.findings.map((finding) => `${finding.ruleId}: ${finding.message}`).sort();

describe('a server that refuses requests past its rate limit in JSON-RPC', () => {
  let good: ServerReport;
  let limited: ServerReport;
  let never: ServerReport;
  beforeAll(async () => {
    [good, limited, never] = await Promise.all([run('good.js'), run('rate-limited.js'), run('rate-limited.js', ['--refuse-after', '40'])]);
  }, 180_000);

  it('did throttle mcpact: the refusals were waited out, the requests sent again, mcpact slowed down', () => {
    // Without refusals this comparison would prove nothing.
    expect(limited.rateLimit, JSON.stringify(limited.rateLimit)).toMatchObject({ responses: 0, gaveUp: 0, said: REFUSAL });
    expect(limited.rateLimit!.throttled).toBeGreaterThan(0);
    expect(limited.complete, limited.error).toBe(true);
  });

  it('gets the verdicts and findings of the same server without a limit', () => {
    expect(good.rateLimit).toBeUndefined();
    expect(Object.fromEntries(statuses(limited))).toEqual(Object.fromEntries(statuses(good)));
    expect(findings(limited)).toEqual(findings(good));
  });

  it('is never read as a server degraded by bad input', () => {
    for (const report of [limited, never]) {
      expect(report.findings.filter((finding) => finding.ruleId === 'protocol/stays-available')).toEqual([]);
      expect(report.rules.filter((rule) => rule.reason?.includes('degraded') === true).map((rule) => rule.id)).toEqual([]);
    }
  });

  it('that never lifts: the rules that needed a refused request are inconclusive, naming the throttling and what helps', () => {
    expect(never.rateLimit!.gaveUp).toBeGreaterThan(0);
    expect(findings(never)).toEqual(findings(good));
    const verdicts = statuses(good);
    const changed = never.rules.filter((rule) => rule.status !== verdicts.get(rule.id));
    expect(changed.length).toBeGreaterThan(0);
    for (const rule of changed) {
      expect(rule.status, rule.id).toBe('inconclusive');
      expect(rule.reason, rule.id).toMatch(/throttled/);
      expect(rule.reason, rule.id).toContain('timeouts.run_ms');
    }
    expect(never.rules.find((rule) => rule.id === 'protocol/stays-available')?.reason).toContain(REFUSAL);
  });
});
