/** The policy knobs: fail_on (levels and ids), levels, descriptions: ignore, and how they reach the config. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import type { DriftConfig } from '../../src/config/drift.js';
import { CHANGE_IDS } from '../../src/model/changes.js';
import { McpactError } from '../../src/errors.js';
import { contract, driftRun, findingsOf, tool } from './support.js';

const base = contract({ tools: [tool('keep', { description: 'Old words.', annotations: { title: 'Keep' } }), tool('gone')] });
const revision = contract({ tools: [tool('keep', { description: 'New words.', annotations: { title: 'Kept' } }), tool('new')] });
const severities = async (drift?: DriftConfig) =>
  Object.fromEntries((await findingsOf(base, revision, drift)).map((finding) => [finding.ruleId, [finding.severity, finding.data?.level]]));

describe('drift policy', () => {
  it('by default fails on breaking and risky (error), warns about nothing else, and informs about compatible', async () => {
    expect(await severities()).toEqual({
      'drift/tool-removed': ['error', 'breaking'],
      'drift/tool-description-changed': ['error', 'risky'],
      'drift/tool-added': ['info', 'compatible'],
      'drift/tool-annotation-changed': ['info', 'compatible'],
    });
  });

  it('fail_on takes levels and ids; breaking or risky changes outside it are warnings', async () => {
    expect(await severities({ fail_on: ['breaking', 'tool-added'] })).toMatchObject({
      'drift/tool-removed': ['error', 'breaking'],
      'drift/tool-description-changed': ['warning', 'risky'],
      'drift/tool-added': ['error', 'compatible'],
    });
    expect((await severities({ fail_on: [] }))['drift/tool-removed']).toEqual(['warning', 'breaking']);
  });

  it('levels re-level an id, conditional ones included', async () => {
    expect(await severities({ levels: { 'tool-removed': 'compatible', 'tool-annotation-changed': 'breaking' } })).toMatchObject({
      'drift/tool-removed': ['info', 'compatible'],
      'drift/tool-annotation-changed': ['error', 'breaking'],
    });
  });

  it('descriptions: ignore drops wording, including the wording parts of structural ids, and skips wording ids', async () => {
    const { findings, rules: results } = await driftRun(base, revision, { descriptions: 'ignore' });
    expect(findings.map((finding) => finding.ruleId).sort()).toEqual(['drift/tool-added', 'drift/tool-removed']);
    expect(results.find((result) => result.id === 'drift/tool-description-changed')).toMatchObject({ status: 'skip', reason: 'drift.descriptions: ignore' });
  });

  it('gives every change id a result: fail with findings, pass otherwise', async () => {
    const { rules: results } = await driftRun(base, revision);
    expect(results.map((result) => result.id)).toEqual(CHANGE_IDS.map((id) => `drift/${id}`));
    expect(results.every((result) => result.family === 'drift')).toBe(true);
    expect(results.find((result) => result.id === 'drift/tool-removed')).toMatchObject({ status: 'fail', severity: 'error' });
    expect(results.find((result) => result.id === 'drift/prompt-invocation-broken')).toMatchObject({ status: 'pass' });
    expect(results.find((result) => result.id === 'drift/prompt-removed')).toMatchObject({ status: 'pass', severity: 'error' });
    // A conditional id whose findings are all compatible is not an error.
    expect(results.find((result) => result.id === 'drift/tool-annotation-changed')).toMatchObject({ status: 'fail', severity: 'info' });
  });

  it('findings carry level, reason and a pointer, and messages stay bounded', async () => {
    const long = contract({ tools: [tool('x'.repeat(5_000), { description: 'a'.repeat(5_000) })] });
    const longer = contract({ tools: [tool('x'.repeat(5_000), { description: 'b'.repeat(5_000) })] });
    const [finding] = await findingsOf(long, longer);
    expect(finding).toMatchObject({ ruleId: 'drift/tool-description-changed', location: { kind: 'tool', pointer: '/description' }, data: { level: 'risky' } });
    expect(finding!.message.length).toBeLessThan(300);
    expect(String(finding!.data?.reason).length).toBeLessThan(200);
    expect(finding!.data?.after).toBe('b'.repeat(5_000));
  });
});

describe('drift severity through rules:', () => {
  it("lets rules: set a drift rule's severity or turn it off, over drift.fail_on", async () => {
    const report = await driftRun(base, revision, undefined, { 'drift/tool-removed': 'warning', 'drift/tool-added': 'off' });
    expect(report.findings.find((finding) => finding.ruleId === 'drift/tool-removed')?.severity).toBe('warning');
    expect(report.findings.some((finding) => finding.ruleId === 'drift/tool-added')).toBe(false);
    expect(report.rules.find((result) => result.id === 'drift/tool-added')).toMatchObject({ status: 'skip', reason: 'turned off in config' });
  });
});

describe('drift config', () => {
  const load = (drift: string) =>
    parseConfig(`server:\n  transport: stdio\n  command: node\n  drift:\n${drift}`, `${process.cwd()}/mcpact.yaml`, { env: {}, ruleIds: [] });
  const failure = (drift: string) => {
    try {
      load(drift);
    } catch (error) {
      if (error instanceof McpactError) return error.message;
      throw error;
    }
    throw new Error('expected a config error');
  };

  it('accepts every knob', () => {
    const config = load(
      '    baseline: mcpact.lock.json\n    fail_on: [breaking, tool-added]\n    levels: { tool-title-changed: risky }\n    descriptions: ignore\n',
    );
    expect(config.file.server?.drift).toEqual({
      baseline: 'mcpact.lock.json',
      fail_on: ['breaking', 'tool-added'],
      levels: { 'tool-title-changed': 'risky' },
      descriptions: 'ignore',
    });
  });

  it('names an unknown change id with a did-you-mean', () => {
    expect(failure('    levels: { tool-removd: compatible }\n')).toBe(
      'mcpact.yaml:5:15: unknown key "tool-removd" at server.drift.levels (did you mean "tool-removed"?)',
    );
  });

  it('lists the allowed levels for a bad level, and the allowed values for fail_on', () => {
    expect(failure('    levels: { tool-removed: harmless }\n')).toMatch(/server\.drift\.levels\.tool-removed must be one of: breaking, risky, compatible/);
    expect(failure('    fail_on: [braking]\n')).toMatch(
      /server\.drift\.fail_on\[0\] must be one of: breaking, risky, compatible, server-instructions-changed.*\(did you mean "breaking"\?\)/,
    );
  });
});
