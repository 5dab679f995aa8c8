/**
 * The prompt family end to end over real stdio: the strict fixture (the good server) gets no prompt finding, the
 * lax fixture gets each defect from its own rule on its own prompt, and nothing else; the one-cause fixture gets its
 * one defect once, however many probes and rules meet it.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { appliesInEra } from '../../src/engine/rule.js';
import { runServer } from '../../src/engine/runner.js';
import type { ServerReport } from '../../src/model/report.js';
import { promptRules } from '../../src/rules/prompts/index.js';
import { DEFECTS, POLICY_FINDINGS } from '../../fixtures/servers/prompts-lax.js';
import { ROOT } from '../support/cli.js';

function run(file: string): Promise<ServerReport> {
  return runServer(
    {
      name: 'fixture',
      target: { kind: 'stdio', command: process.execPath, args: [`${ROOT}dist/fixtures/servers/${file}`], env: {} },
      timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 3_000 },
      expect: {},
      levels: {},
      settings: {},
    },
    { rules: promptRules, clientVersion: 'test', concurrency: 4 },
  );
}

describe('prompt family against fixture servers', () => {
  it('the strict server (good) gets no prompt finding, and every matrix rule ran', async () => {
    const report = await run('good.js');
    expect(report.findings).toEqual([]);
    expect(report.rules.filter((rule) => rule.status !== 'pass').map((rule) => rule.id)).toEqual(['prompts/expectations']);
  });

  it('the lax server: each defect is found by its own rule, on its own prompt, with the case named', async () => {
    const report = await run('prompts-lax.js');
    expect(report.complete).toBe(true);
    const pairs = [
      ...new Set(report.findings.map((finding) => `${finding.ruleId} @ ${finding.location.kind === 'server' ? '' : finding.location.name}`)),
    ].sort();
    expect(pairs).toEqual(
      Object.entries(DEFECTS)
        .flatMap(([rule, prompts]) => [prompts].flat().map((prompt) => `${rule} @ ${prompt}`))
        .sort(),
    );
    // The lax fixture speaks the initialize era; the rules of 2026-07-28 only have their defects in the eras fixture
    // (test/integration/input-required.test.ts).
    const matrixRules = promptRules
      .filter((rule) => appliesInEra(rule, 'legacy'))
      .map((rule) => rule.id)
      .filter((id) => id !== 'prompts/expectations');
    expect(Object.keys(DEFECTS).sort()).toEqual(matrixRules.sort());
    for (const finding of report.findings.filter((entry) => !entry.ruleId.startsWith('prompts/completion'))) {
      expect(finding.data?.case, finding.message).toBeDefined();
    }
  });

  it('one answer to every probe that reaches one check is one finding, with every case in it; other causes stay apart', async () => {
    const report = await run('prompts-one-cause.js');
    expect(report.complete).toBe(true);
    const internal = report.findings.filter((finding) => finding.answer?.code === -32603);
    expect(internal).toHaveLength(1);
    const [cause] = internal;
    expect(cause).toMatchObject({ ruleId: 'prompts/missing-required', severity: 'warning', answer: { said: 'Missing required argument: code' } });
    const cases = (cause!.data?.cases ?? []) as { ruleId: string; case: string }[];
    expect([...new Set(cases.map((entry) => `${entry.ruleId} ${entry.case}`))].sort()).toEqual([
      'prompts/empty-required empty-required',
      'prompts/empty-required whitespace-required',
      'prompts/missing-required missing-required',
      'prompts/unknown-argument case-variant-argument',
      'prompts/wrong-type wrong-type',
    ]);
    // Every probe that reached the check: 4 required arguments missing, empty, blank, of another type and renamed.
    expect(cause!.count).toBe(20);
    expect(new Set(cause!.locations!.map((location) => location.name))).toEqual(new Set(['review', 'summarize', 'translate']));
    // Rendered results are other causes: undeclared keys ignored, an optional argument of another type rendered.
    expect(
      report.findings
        .filter((finding) => finding !== cause)
        .map((finding) => `${finding.ruleId} ${String(finding.data?.case)} ${finding.location.name ?? ''}`)
        .sort(),
    ).toEqual([
      'prompts/unknown-argument case-variant-argument review',
      'prompts/unknown-argument unknown-argument review',
      'prompts/wrong-type wrong-type review',
    ]);
    // A rule whose only finding it carries failed, and says where its finding went.
    expect(report.rules.find((rule) => rule.id === 'prompts/empty-required')).toMatchObject({
      status: 'fail',
      reason: expect.stringContaining('one cause with prompts/missing-required') as unknown,
    });
  });

  it("the lax server: what rests on mcpact's policy says so, is never an error, and leniency the spec permits is info", async () => {
    const report = await run('prompts-lax.js');
    for (const [ruleId, { prompt, severity, lenient }] of Object.entries(POLICY_FINDINGS)) {
      const findings = report.findings.filter((finding) => finding.ruleId === ruleId && finding.location.name === prompt);
      expect(findings.length, `${ruleId} @ ${prompt}`).toBeGreaterThan(0);
      for (const finding of findings) {
        expect(finding.severity, finding.message).toBe(severity);
        expect(finding.spec, finding.message).toMatchObject({ basis: 'policy', level: 'POLICY', policy: expect.any(String) });
        expect(finding.spec?.lenient === true, finding.message).toBe(lenient);
      }
    }
    // The optional argument treated as required contradicts the declaration itself: still an error, on the spec.
    const omitted = report.findings.find((finding) => finding.ruleId === 'prompts/optional-arguments' && finding.location.name === 'lax_optional');
    expect(omitted).toMatchObject({ severity: 'error', spec: { basis: 'spec', level: 'SCHEMA' } });
  });
});
