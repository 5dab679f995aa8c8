/**
 * The SDK 1.x -> 2.x upgrade, as a user runs it: `mcpact baseline` against the twin-notes server built on SDK 1.x
 * (fixtures/servers/twin.ts), then `mcpact diff` against the same contract rebuilt on SDK 2.x
 * (fixtures/servers/sdk2/twin.ts), both real processes, over stdio and over Streamable HTTP on 127.0.0.1.
 *
 * The SDKs write the same zod schemas differently (1.x as draft-07, 2.x as 2020-12), 1.x adds `execution`, and 2.x
 * speaks the modern era with its envelope, resultType and caching hints: none of that is a contract change. In
 * auto era the one change is the revision; in the legacy era there is none; a deliberate change (a prompt
 * argument made required) is found across the era boundary.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.js';
import { ROOT, runCli, type CliResult } from '../support/cli.js';
import { httpFixture } from '../support/eras.js';

const V1 = `${ROOT}dist/fixtures/servers/twin.js`;
const V2 = `${ROOT}dist/fixtures/servers/sdk2/twin.js`;

const REVISION_CHANGED = ['drift/protocol-revision-changed', 'risky', 'protocol revision changed: "2025-11-25" (legacy) -> "2026-07-28" (modern)'];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mcpact-twins-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[]) => runCli(args, { cwd: dir });

/** The changes a diff reports: change id, level and message, sorted by id. */
function changes(result: CliResult): string[][] {
  const report = JSON.parse(result.stdout) as RunReport;
  return (report.servers[0]?.findings ?? [])
    .map((finding) => [finding.ruleId, String((finding.data as { level?: string } | undefined)?.level), finding.message])
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

function eraOf(result: CliResult): string | undefined {
  return (JSON.parse(result.stdout) as RunReport).servers[0]?.era;
}

describe.concurrent('SDK 1.x baseline, SDK 2.x diff, over stdio', () => {
  const lockfile = () => path.join(dir, 'stdio.lock.json');
  beforeAll(async () => {
    const baseline = await cli(['baseline', '--lockfile', lockfile(), '--', process.execPath, V1]);
    expect(baseline.code, baseline.stderr).toBe(0);
    // The 1.x twin speaks the initialize era only, and writes its schemas as draft-07.
    const locked = JSON.parse(readFileSync(lockfile(), 'utf8')) as { server: { era: string }; tools: { inputSchema: { $schema?: string } }[] };
    expect(locked.server.era).toBe('legacy');
    expect(locked.tools.map((tool) => tool.inputSchema.$schema)).toEqual(Array(3).fill('http://json-schema.org/draft-07/schema#'));
  });

  it('auto: 2.x speaks the modern era, and the revision is the one change', async () => {
    const diff = await cli(['diff', '--lockfile', lockfile(), '-r', 'json', '--', process.execPath, V2]);
    expect(eraOf(diff)).toBe('modern');
    expect(changes(diff)).toEqual([REVISION_CHANGED]);
    expect(diff.code).toBe(1);
  });

  it('--protocol-era legacy: the legacy half of the 2.x server has no change at all', async () => {
    const diff = await cli(['diff', '--protocol-era', 'legacy', '--lockfile', lockfile(), '-r', 'json', '--', process.execPath, V2]);
    expect(eraOf(diff)).toBe('legacy');
    expect(changes(diff)).toEqual([]);
    expect(diff.code).toBe(0);
  });

  it('a prompt argument made required in the upgrade is breaking, found across the era boundary', async () => {
    const diff = await cli(['diff', '--lockfile', lockfile(), '-r', 'json', '--', process.execPath, V2, '--variant', 'style-required']);
    expect(changes(diff)).toEqual([
      ['drift/prompt-argument-now-required', 'breaking', 'prompt "summarize_note": argument "style" is now required'],
      [
        'drift/prompt-invocation-broken',
        'breaking',
        'prompt "summarize_note": the minimum argument map that worked at baseline is now rejected with JSON-RPC error -32602: argument "style" is now required',
      ],
      REVISION_CHANGED,
    ]);
    expect(diff.code).toBe(1);
  });
});

describe.concurrent('SDK 1.x baseline, SDK 2.x diff, over Streamable HTTP', () => {
  const v1 = httpFixture([V1, '--http']);
  const v2 = httpFixture([V2, '--http']);
  const lockfile = () => path.join(dir, 'http.lock.json');
  beforeAll(async () => {
    const baseline = await cli(['baseline', '--lockfile', lockfile(), '--url', v1().url]);
    expect(baseline.code, baseline.stderr).toBe(0);
  });

  it('auto: the revision is the one change', async () => {
    const diff = await cli(['diff', '--lockfile', lockfile(), '-r', 'json', '--url', v2().url]);
    expect(eraOf(diff)).toBe('modern');
    expect(changes(diff)).toEqual([REVISION_CHANGED]);
  });

  it('--protocol-era legacy: no change', async () => {
    const diff = await cli(['diff', '--protocol-era', 'legacy', '--lockfile', lockfile(), '-r', 'json', '--url', v2().url]);
    expect(eraOf(diff)).toBe('legacy');
    expect(changes(diff)).toEqual([]);
  });
});
