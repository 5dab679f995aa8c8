/**
 * A full `mcpact run` (the built CLI, every rule) against one correct server whose answers travel differently
 * (fixtures/servers/answer-order.ts): answered in order it passes everything; answered out of order or twice it
 * gives the very same report; and when it answers string ids with `id: null`, protocol/request-id-echo is the one
 * rule that fails, and the only one that reports anything.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnswerMode } from '../../fixtures/servers/answer-order.js';
import { ROOT, runCli } from '../support/cli.js';

interface JsonReport {
  servers: { complete: boolean; rules: { id: string; status: string }[]; findings: { ruleId: string; message: string }[] }[];
}

const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-answer-order-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The fixture answers at once: call_ms only bounds the wait for the answer to a string id that never comes. */
async function fullRun(mode: AnswerMode): Promise<{ code: number | null; report: JsonReport }> {
  const config = path.join(dir, `${mode}.yaml`);
  const out = path.join(dir, `${mode}.json`);
  writeFileSync(
    config,
    [
      'server:',
      `  name: ${mode}`,
      '  transport: stdio',
      '  command: node',
      `  args: [${JSON.stringify(`${ROOT}dist/fixtures/servers/answer-order.js`)}, ${mode}]`,
      'timeouts: { call_ms: 3000 }',
      '',
    ].join('\n'),
  );
  const result = await runCli(['run', '-c', config, '--reporter', `json:${out}`], { timeoutMs: 60_000 });
  return { code: result.code, report: JSON.parse(readFileSync(out, 'utf8')) as JsonReport };
}

const runs = new Map((['in-order', 'out-of-order', 'twice', 'string-ids'] as const).map((mode) => [mode, fullRun(mode)]));
for (const run of runs.values()) run.catch(() => undefined); // awaited by the tests

const verdicts = (report: JsonReport) => Object.fromEntries(report.servers[0]!.rules.map((rule) => [rule.id, rule.status]));

describe('a full run on a server that answers correctly', () => {
  it('in order: no finding, no rule fails', async () => {
    const { code, report } = await runs.get('in-order')!;
    expect(code).toBe(0);
    expect(report.servers[0]!.complete).toBe(true);
    expect(report.servers[0]!.findings).toEqual([]);
    expect(Object.values(verdicts(report)).filter((status) => status !== 'pass' && status !== 'skip')).toEqual([]);
  }, 60_000);

  it.each(['out-of-order', 'twice'] as const)(
    '%s: the same verdicts as in order, and no finding',
    async (mode) => {
      const [{ report: inOrder }, { code, report }] = await Promise.all([runs.get('in-order')!, runs.get(mode)!]);
      expect(code).toBe(0);
      expect(report.servers[0]!.complete).toBe(true);
      expect(report.servers[0]!.findings).toEqual([]);
      expect(verdicts(report)).toEqual(verdicts(inOrder));
    },
    60_000,
  );

  it('string ids answered with id null: only protocol/request-id-echo fails, and nothing else reports', async () => {
    const [{ report: inOrder }, { code, report }] = await Promise.all([runs.get('in-order')!, runs.get('string-ids')!]);
    expect(code).toBe(1);
    expect(report.servers[0]!.complete).toBe(true);
    expect(verdicts(report)).toEqual({ ...verdicts(inOrder), 'protocol/request-id-echo': 'fail' });
    expect(report.servers[0]!.findings).toEqual([
      expect.objectContaining({
        ruleId: 'protocol/request-id-echo',
        message: 'ping with id "mcpact-id-ü-007" got a response with id null instead of a response with the same id',
      }),
    ]);
  }, 60_000);
});
