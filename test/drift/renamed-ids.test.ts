/**
 * A renamed change id (0.1.0's protocol-version-changed is protocol-revision-changed since #15) still works
 * wherever users write one: drift.levels, drift.fail_on, `rules:` as drift/<id>, and `mcpact diff --fail-on`. It
 * means the new id, and reports carry only the new one.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { diffOptionsSchema, parseOptions } from '../../src/cli/option-schemas.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { contract, driftRun } from './support.js';
import { runCli } from '../support/cli.js';

const ruleIds = ALL_RULES.map((rule) => rule.id);
const load = (body: string) => parseConfig(`server:\n  transport: stdio\n  command: node\n${body}`, `${process.cwd()}/mcpact.yaml`, { env: {}, ruleIds });
const older = contract({ server: { ...contract().server, protocolVersion: '2025-06-18' } });
const newer = contract();

describe('a renamed change id', () => {
  it('in drift.levels re-levels the new id', async () => {
    const { file } = load('  drift:\n    levels:\n      protocol-version-changed: compatible\n');
    expect(file.server?.drift?.levels).toEqual({ 'protocol-revision-changed': 'compatible' });
    const report = await driftRun(older, newer, file.server?.drift);
    expect(report.findings.map((finding) => [finding.ruleId, finding.data?.level])).toEqual([['drift/protocol-revision-changed', 'compatible']]);
  });

  it('in drift.levels loses to the new id given beside it', () => {
    const { file } = load('  drift:\n    levels:\n      protocol-version-changed: compatible\n      protocol-revision-changed: breaking\n');
    expect(file.server?.drift?.levels).toEqual({ 'protocol-revision-changed': 'breaking' });
  });

  it('in drift.fail_on and --fail-on means the new id', () => {
    expect(load('  drift:\n    fail_on: [breaking, protocol-version-changed]\n').file.server?.drift?.fail_on).toEqual([
      'breaking',
      'protocol-revision-changed',
    ]);
    expect(parseOptions(diffOptionsSchema, { failOn: 'protocol-version-changed,breaking' }).failOn).toEqual(['protocol-revision-changed', 'breaking']);
  });

  it('in rules: as drift/<id> re-levels the rule of the new name', () => {
    const { file } = load('  rules:\n    drift/protocol-version-changed: off\n');
    expect(file.server?.rules).toEqual({ 'drift/protocol-revision-changed': 'off' });
  });

  it('is no blanket pass: an id that never existed is still an error', () => {
    expect(() => load('  rules:\n    drift/protocol-versions-changed: off\n')).toThrow(/unknown rule "drift\/protocol-versions-changed"/);
  });

  it('gets one warning on stderr naming its replacement, and the command works as with the new name', async () => {
    const result = await runCli(['diff', '--list-changes', '--fail-on', 'protocol-version-changed']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('protocol-revision-changed');
    expect(result.stderr).toBe(
      'mcpact: warning: change id "protocol-version-changed" is now "protocol-revision-changed" (drift/protocol-revision-changed); the old name still works for now\n',
    );
  });
});
