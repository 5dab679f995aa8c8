/**
 * The verdict logic of the agreement table (./agreement.ts) on made-up runs, so that what makes
 * agreement.test.ts fail is tested without a server: a difference is explained only by an entry whose evidence the
 * suite's own message shows, and a difference nothing explains is reported.
 */
import { describe, expect, it } from 'vitest';
import { serverReportSchema, type ServerReport } from '../../src/model/report.js';
import { scenarioRows } from './agreement.js';
import type { Difference } from './differences.js';
import type { ScenarioRun } from './suite.js';

/** A server mcpact judged in the initialize era: `protocol/ping` passed, `tools/call-answered` failed at `severity`. */
function report(callAnswered: 'pass' | 'error' | 'info'): ServerReport {
  return serverReportSchema.parse({
    name: 'made-up',
    transport: 'http',
    serverInfo: null,
    protocolVersion: '2025-11-25',
    era: 'legacy',
    complete: true,
    rules: [
      { id: 'protocol/ping', family: 'protocol', status: 'pass', severity: 'error', durationMs: 1 },
      { id: 'tools/call-answered', family: 'tools', status: callAnswered === 'pass' ? 'pass' : 'fail', severity: 'error', durationMs: 1 },
    ],
    findings:
      callAnswered === 'pass' ? [] : [{ ruleId: 'tools/call-answered', severity: callAnswered, message: 'made up', location: { kind: 'tool', name: 'slow' } }],
  });
}

const run = (scenario: string, status: 'SUCCESS' | 'FAILURE', errorMessage?: string): ScenarioRun => ({
  scenario,
  checks: [{ id: scenario, status, ...(errorMessage !== undefined && { errorMessage }) }],
});

describe('agreement rows', () => {
  it('agree when both pass, and when both fail', () => {
    const used = new Set<Difference>();
    const [ping] = scenarioRows([run('ping', 'SUCCESS')], report('pass'), new Map(), used);
    const [progress] = scenarioRows([run('tools-call-with-progress', 'FAILURE', 'no progress')], report('error'), new Map(), used);
    expect([ping?.agree, progress?.agree, progress?.unexplained]).toEqual([true, true, []]);
  });

  it("explain a failure by the suite's fixture only when the suite's message names it", () => {
    const used = new Set<Difference>();
    const [named] = scenarioRows([run('tools-call-with-progress', 'FAILURE', 'Tool test_tool_with_progress not found')], report('pass'), new Map(), used);
    expect(named).toMatchObject({ agree: false, unexplained: [], whys: [{ kind: 'suite-fixture', names: ['test_tool_with_progress'] }] });
    const [unnamed] = scenarioRows([run('tools-call-with-progress', 'FAILURE', 'no progress notification arrived')], report('pass'), new Map(), used);
    expect(unnamed?.unexplained).toEqual(['tools-call-with-progress tools-call-with-progress: no progress notification arrived (mcpact: pass)']);
  });

  it('report a pass of the suite that mcpact fails, where no entry says why', () => {
    const [row] = scenarioRows([run('tools-call-with-progress', 'SUCCESS')], report('error'), new Map(), new Set());
    expect(row?.unexplained).toEqual(['tools-call-with-progress: the suite pass, mcpact fail']);
  });

  it('count an info finding as a pass, and refuse a scenario it does not map', () => {
    const [row] = scenarioRows([run('tools-call-with-progress', 'SUCCESS')], report('info'), new Map(), new Set());
    expect(row).toMatchObject({ agree: true, mcpact: { verdict: 'pass' } });
    expect(() => scenarioRows([run('no-such-scenario', 'SUCCESS')], report('pass'), new Map(), new Set())).toThrow(/does not map/);
  });
});
