/**
 * The resources family (and the logging rules) against the resources fixture over a real stdio child: zero findings
 * in its correct mode, and in each defect mode the rule that owns the defect reports it, and no other rule of the
 * family reports anything.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { runServer } from '../../src/engine/runner.js';
import type { ServerReport } from '../../src/model/report.js';
import { resourcesRules } from '../../src/rules/resources/index.js';
import { loggingInvalidLevel } from '../../src/rules/protocol/logging-invalid-level.js';
import { loggingMessageShape } from '../../src/rules/protocol/logging-message-shape.js';
import { loggingSetLevel } from '../../src/rules/protocol/logging-set-level.js';
import { negotiatedCapabilities } from '../../src/rules/protocol/negotiated-capabilities.js';
import { validInput } from '../../src/rules/tools/valid-input.js';
import { DEFECTS, type Defect } from '../../fixtures/servers/resources.js';
import { ROOT } from '../support/cli.js';

const RULES = [...resourcesRules, loggingSetLevel, loggingInvalidLevel, loggingMessageShape, negotiatedCapabilities, validInput];

function run(...args: string[]): Promise<ServerReport> {
  return runServer(
    {
      name: 'resources',
      target: { kind: 'stdio', command: process.execPath, args: [`${ROOT}dist/fixtures/servers/resources.js`, ...args], env: {} },
      timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 3_000 },
      expect: {},
      levels: {},
      settings: {},
    },
    { rules: RULES, clientVersion: 'test', concurrency: 4 },
  );
}

describe('resources fixture', () => {
  it('has zero findings, and every rule of the family judged it', async () => {
    const report = await run();
    expect(report.complete).toBe(true);
    expect(report.findings).toEqual([]);
    // subscribe-undeclared skips (subscribe is declared); everything else passes.
    expect(report.rules.filter((rule) => rule.status !== 'pass').map((rule) => [rule.id, rule.status])).toEqual([['resources/subscribe-undeclared', 'skip']]);
  });

  it.each(Object.entries(DEFECTS) as [Defect, string][])('defect %s is found by %s alone', async (defect, ruleId) => {
    const report = await run('--defect', defect);
    expect(report.complete).toBe(true);
    const found = [...new Set(report.findings.map((finding) => finding.ruleId))];
    expect(found).toEqual([ruleId]);
  });
});
