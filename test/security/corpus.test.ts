/**
 * The two corpora as tests: every benign description stays free of error-level findings (and, in practice, of
 * any finding), every poisoned case is caught by its rule at its level.
 */
import { describe, expect, it } from 'vitest';
import { runServer } from '../../src/engine/runner.js';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { securityRules } from '../../src/rules/security/index.js';
import { descriptionCollision } from '../../src/rules/tools/description-collision.js';
import type { Rule } from '../../src/engine/rule.js';
import { fakeServerTransport, type FakeServerSpec } from '../support/fake-server.js';
import { BENIGN, BENIGN_INSTRUCTIONS, BENIGN_PROMPTS, BENIGN_RESOURCES } from './benign-corpus.js';
import { POISONED } from './poisoned-corpus.js';

const STATIC_RULES: readonly Rule[] = [...securityRules, descriptionCollision];
const RANK = { info: 0, warning: 1, error: 2 } as const;

function lint(server: FakeServerSpec) {
  return runServer(
    { name: 'corpus', target: { kind: 'memory', transport: fakeServerTransport(server) }, timeouts: DEFAULT_TIMEOUTS, expect: {}, levels: {}, settings: {} },
    { rules: STATIC_RULES, clientVersion: 'test', concurrency: 4 },
  );
}

describe('benign corpus', () => {
  it('has at least 200 realistic descriptions', () => {
    expect(BENIGN.length).toBeGreaterThanOrEqual(200);
    expect(new Set(BENIGN.map((tool) => tool.name)).size).toBe(BENIGN.length);
  });

  it('yields no finding: no error, and no warning either', async () => {
    const tools = BENIGN.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: {
        type: 'object',
        properties: Object.fromEntries(Object.entries(tool.params ?? {}).map(([key, description]) => [key, { type: 'string', description }])),
      },
      ...(tool.readOnly && { annotations: { readOnlyHint: true } }),
    }));
    const report = await lint({ tools, prompts: BENIGN_PROMPTS, resources: BENIGN_RESOURCES, instructions: BENIGN_INSTRUCTIONS, pageSize: 100 });
    expect(report.error).toBeUndefined();
    expect(report.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
    expect(report.findings.map((finding) => `${finding.ruleId} ${finding.location.name}: ${finding.message}`)).toEqual([]);
  });
});

describe('poisoned corpus', () => {
  it('has at least 30 cases with unique names', () => {
    expect(POISONED.length).toBeGreaterThanOrEqual(30);
    expect(new Set(POISONED.map((entry) => entry.name)).size).toBe(POISONED.length);
  });

  it.each(POISONED.map((entry) => [entry.name, entry] as const))('catches: %s', async (_name, entry) => {
    const report = await lint(entry.server);
    const caught = report.findings.filter((finding) => finding.ruleId === entry.rule && RANK[finding.severity] >= RANK[entry.severity]);
    expect(caught.length, JSON.stringify(report.findings.map((finding) => [finding.ruleId, finding.message]))).toBeGreaterThan(0);
  });
});
