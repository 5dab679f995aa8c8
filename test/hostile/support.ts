/**
 * What every hostile-server test holds mcpact to: the run ends within its deadlines, the exit code says what
 * could be tested, no process is left behind, and every report stays valid (the JSON parses against its schema,
 * the terminal output carries no escape or control character the server sent).
 */
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { Timeouts } from '../../src/config/schema.js';
import type { SessionTarget } from '../../src/connect/session.js';
import type { TapEntry } from '../../src/connect/rpc.js';
import { runServer } from '../../src/engine/runner.js';
import { buildRunReport, exitCode } from '../../src/report/build.js';
import { runReportSchema, type RunReport, type ServerReport } from '../../src/model/report.js';
import { REPORTERS } from '../../src/report/reporters/index.js';
import { ruleMeta } from '../../src/engine/rule.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { alive, ROOT } from '../support/cli.js';
import { inspectHtml } from '../support/html-check.js';

/** Short deadlines: a hostile server must never make mcpact wait longer than it was told to. */
export const HOSTILE_TIMEOUTS: Timeouts = { connect_ms: 2_000, call_ms: 400, run_ms: 6_000 };

/** What shutting a session down may add after run_ms: closing stdin, SIGTERM and SIGKILL, one second apart. */
const SHUTDOWN_SLACK_MS = 3_000;

export interface HostileRun {
  server: ServerReport;
  report: RunReport;
  code: 0 | 1 | 2;
  ms: number;
  traffic: TapEntry[];
  /**
   * Every reporter's output, without colour; the console also with colour (`consoleColor`) and as printed by
   * default, info counted per family (`consoleDefault`), since those lines name rules and SDKs of their own.
   */
  outputs: Record<string, string>;
}

export async function runHostile(target: SessionTarget, timeouts: Timeouts = HOSTILE_TIMEOUTS): Promise<HostileRun> {
  const started = performance.now();
  const traffic: TapEntry[] = [];
  const server = await runServer(
    { name: 'hostile', target, timeouts, expect: {}, levels: {}, settings: {} },
    { rules: ALL_RULES, clientVersion: 'test', concurrency: 4, hooks: { onTraffic: (_name, entry) => traffic.push(entry) } },
  );
  const ms = performance.now() - started;
  const report = buildRunReport({ version: 'test', servers: [server], durationMs: ms, failOn: 'error' });
  const context = { color: false, verbose: true, quiet: false, rules: ALL_RULES.map(ruleMeta) };
  const outputs = Object.fromEntries(Object.entries(REPORTERS).map(([name, reporter]) => [name, reporter.render(report, context)]));
  outputs.consoleColor = REPORTERS.console.render(report, { ...context, color: true });
  outputs.consoleDefault = REPORTERS.console.render(report, { ...context, verbose: false });
  return { server, report, code: exitCode(report), ms, traffic, outputs };
}

/** C0 and C1 controls (ESC, BEL, CSI, ...) other than line breaks and tabs, and bidi/invisible format characters. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const FOREIGN_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200d\u2060\ufeff]/;
/** The colours mcpact itself writes: SGR sequences only. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const OWN_SGR = /\u001b\[[0-9;]*m/g;

export function expectSafeReports(run: HostileRun, timeouts: Timeouts = HOSTILE_TIMEOUTS): void {
  expect(run.ms).toBeLessThan(timeouts.connect_ms + timeouts.run_ms + SHUTDOWN_SLACK_MS);
  const parsed: unknown = JSON.parse(run.outputs.json!);
  expect(() => runReportSchema.parse(parsed)).not.toThrow();
  JSON.parse(run.outputs.sarif!);
  expect(run.outputs.console).not.toMatch(FOREIGN_CONTROL);
  expect(run.outputs.consoleColor!.replace(OWN_SGR, '')).not.toMatch(FOREIGN_CONTROL);
  expect(run.outputs.consoleDefault).not.toMatch(FOREIGN_CONTROL);
  // The HTML report: only its own markup, whatever the server sent, and no hidden character passed on as it is.
  expect(inspectHtml(run.outputs.html!).problems).toEqual([]);
  expect(run.outputs.html).not.toMatch(FOREIGN_CONTROL);
}

/** A pid file the fixture appends to; the stdio target that writes it. */
export function hostileStdio(behaviour: string): { target: SessionTarget; pids: () => number[] } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'mcpact-hostile-')), 'pids');
  return {
    target: { kind: 'stdio', command: process.execPath, args: [`${ROOT}dist/fixtures/hostile/stdio.js`, behaviour], env: { HOSTILE_PIDS: file } },
    pids: () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : []),
  };
}

export async function expectNoneAlive(pids: number[]): Promise<void> {
  expect(pids.length).toBeGreaterThan(0);
  const running = [];
  for (const pid of pids) if (await alive(pid)) running.push(pid);
  expect(running).toEqual([]);
}

export function ruleIds(server: ServerReport): string[] {
  return [...new Set(server.findings.map((finding) => finding.ruleId))];
}
