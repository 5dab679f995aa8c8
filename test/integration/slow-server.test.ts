/**
 * Slow is not silent (fixtures/servers/slow-tools.ts): every answer of `lookup` comes after timeouts.call_ms but
 * within the grace mcpact waits for a late answer, so no MUST finding rests on it; `stuck` never answers a valid
 * call while the server answers ping, and that is a finding at the level of the sentence tools/call-answered quotes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { runServer } from '../../src/engine/runner.js';
import type { ServerReport } from '../../src/model/report.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { ROOT } from '../support/cli.js';

const CALL_MS = 300;
/** Longer than call_ms, shorter than call_ms and its grace for a late answer. */
const DELAY_MS = 2 * CALL_MS;

describe('a slow server with one tool that never answers', () => {
  let report: ServerReport;
  beforeAll(async () => {
    report = await runServer(
      {
        name: 'slow-tools',
        target: { kind: 'stdio', command: process.execPath, args: [`${ROOT}dist/fixtures/servers/slow-tools.js`, String(DELAY_MS)], env: {} },
        timeouts: { ...DEFAULT_TIMEOUTS, call_ms: CALL_MS, run_ms: 30_000 },
        expect: {},
        levels: {},
        settings: {},
      },
      { rules: ALL_RULES.filter((rule) => rule.family === 'tools'), clientVersion: 'test', concurrency: 4 },
    );
  });

  it('reports no late answer as a missing one', () => {
    const late = report.findings.filter((finding) => finding.ruleId === 'tools/call-answered' && finding.location.name !== 'stuck');
    expect(late, JSON.stringify(late, null, 1)).toEqual([]);
    expect(report.findings.filter((finding) => finding.severity === 'error' && finding.location.name === 'lookup')).toEqual([]);
    expect(report.rules.find((rule) => rule.id === 'tools/call-answered')?.reason).toMatch(/answered after timeouts\.call_ms/);
  });

  it('reports the tool that never answers a valid call while ping is answered, at MUST', () => {
    const stuck = report.findings.filter((finding) => finding.ruleId === 'tools/call-answered' && finding.location.name === 'stuck');
    expect(stuck, JSON.stringify(report.findings, null, 1)).toHaveLength(1);
    expect(stuck[0]!.severity).toBe('error');
    expect(stuck[0]!.message).toContain('ping');
    expect(stuck[0]!.spec?.level).toBe('MUST');
    expect(report.complete, report.error).toBe(true);
  });
});
