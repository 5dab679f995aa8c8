/**
 * The prompt family end to end over real stdio: the strict fixture (the good server) gets no prompt finding, the
 * lax fixture gets each defect from its own rule on its own prompt, and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { appliesInEra } from '../../src/engine/rule.js';
import { runServer } from '../../src/engine/runner.js';
import type { ServerReport } from '../../src/model/report.js';
import { promptRules } from '../../src/rules/prompts/index.js';
import { DEFECTS } from '../../fixtures/servers/prompts-lax.js';
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
        .map(([rule, prompt]) => `${rule} @ ${prompt}`)
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
});
