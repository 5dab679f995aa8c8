/**
 * Bad input on a connection of its own (connect/bad-input-line.ts), on the circuit-breaker fixture: a state mcpact's
 * bad input puts the server in stays on the connection it went on, and the run's session keeps serving valid work.
 * Where no second server can run, bad input goes on the session as before, and the run says why.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BadInputLine, lineOpener } from '../../src/connect/bad-input-line.js';
import type { Outcome, TapEntry } from '../../src/connect/rpc.js';
import type { SessionTarget } from '../../src/connect/session.js';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { runServer } from '../../src/engine/runner.js';
import { controlRequest } from '../../src/exercise/control.js';
import type { ServerReport } from '../../src/model/report.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { openCapturedSession } from '../../src/surface/open.js';
import { createCircuitBreakerServer, FAILURES_TO_TRIP, UNAVAILABLE } from '../../fixtures/servers/circuit-breaker.js';
import { startHttpServer } from '../../fixtures/servers/http-host.js';
import { ROOT } from '../support/cli.js';

const SERVER = `${ROOT}dist/fixtures/servers/circuit-breaker.js`;
const target = (...args: string[]): SessionTarget => ({ kind: 'stdio', command: process.execPath, args: [SERVER, ...args], env: {} });
const OPEN = { connectMs: 10_000, clientVersion: 'test' };
const folder = mkdtempSync(join(tmpdir(), 'mcpact-bad-input-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const INVALID = { name: 'lookup', arguments: {} };
const VALID = { name: 'count', arguments: { text: 'two words' } };
const said = (outcome: Outcome) => JSON.stringify(outcome);

/** Enough bad calls to trip the breaker, then one valid call: on one session, or with bad input on a line of its own. */
async function badThenValid(isolated: boolean, server = target()): Promise<{ valid: Outcome; line?: BadInputLine }> {
  const { session, probe, surface } = await openCapturedSession(server, { ...OPEN, callMs: 2_000 });
  let line: BadInputLine | undefined;
  try {
    probe.watch(controlRequest(surface)!);
    if (isolated) {
      line = new BadInputLine(lineOpener(server, session, OPEN)!, () => probe.health.watched, { timeoutMs: 2_000 });
      probe.isolateBadInput(line);
    }
    for (let sent = 0; sent <= FAILURES_TO_TRIP; sent++) await probe.request('tools/call', INVALID, { bad: 'no id' });
    return { valid: await probe.request('tools/call', VALID), ...(line && { line }) };
  } finally {
    await Promise.all([line?.close(), session.close()]);
  }
}

describe('bad input on a connection of its own', () => {
  it('on one session, the breaker bad input trips answers the valid call after it', async () => {
    const { valid } = await badThenValid(false);
    expect(said(valid)).toContain(UNAVAILABLE);
  });

  it('on a line of its own, the run’s session still serves the valid call', async () => {
    const { valid, line } = await badThenValid(true);
    expect(valid.kind, said(valid)).toBe('result');
    expect(said(valid)).not.toContain(UNAVAILABLE);
    expect(line?.fallback).toBeUndefined();
    expect(line?.session).toBeDefined();
  });

  it('falls back to the run’s session, saying why, when a second server cannot start', async () => {
    const lock = join(folder, 'single.lock');
    const { valid, line } = await badThenValid(true, target('--single-instance', lock));
    expect(line?.session).toBeUndefined();
    expect(line?.fallback).toMatch(/^a second connection could not be opened \(/);
    // The bad input went on the session, as it would without the line: the breaker answers there.
    expect(said(valid)).toContain(UNAVAILABLE);
  });
});

function run(server: SessionTarget, settings: Record<string, unknown> = {}, traffic?: TapEntry[]): Promise<ServerReport> {
  return runServer(
    { name: 'circuit-breaker', target: server, timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 2_000 }, expect: {}, levels: {}, settings },
    { rules: ALL_RULES, clientVersion: 'test', concurrency: 4, ...(traffic && { hooks: { onTraffic: (_server, entry) => traffic.push(entry) } }) },
  );
}

const status = (report: ServerReport, id: string) => report.rules.find((rule) => rule.id === id)?.status;

describe('a run with the bad-input connection', () => {
  it('reports the breaker on the connection bad input went on, and marks that traffic in the trace', async () => {
    const traffic: TapEntry[] = [];
    const report = await run(target(), {}, traffic);
    const found = report.findings.filter((finding) => finding.ruleId === 'protocol/stays-available');
    expect(found.map((finding) => finding.data?.connection)).toEqual(['bad-input']);
    expect(found[0]!.message).toContain('on the connection of its own that bad input went on');
    const marked = traffic.filter((entry) => entry.connection === 'bad-input');
    expect(marked.some((entry) => JSON.stringify(entry.message).includes('"tools/call"'))).toBe(true);
    // The run's session carried no bad tool call: every tools/call on it is one of the valid plan.
    const sessionCalls = traffic.filter(
      (entry) => entry.connection === undefined && entry.direction === 'out' && JSON.stringify(entry.message).includes('"tools/call"'),
    );
    expect(sessionCalls.map((entry) => JSON.stringify(entry.message)).filter((text) => text.includes('"arguments":{}'))).toEqual([]);
  });

  it('keeps everything on one session with bad_input_connection: session', async () => {
    const traffic: TapEntry[] = [];
    const report = await run(target(), { bad_input_connection: 'session' }, traffic);
    expect(traffic.filter((entry) => entry.connection !== undefined)).toEqual([]);
    const found = report.findings.filter((finding) => finding.ruleId === 'protocol/stays-available');
    expect(found.map((finding) => finding.data?.connection)).toEqual(['session']);
  });

  it('a crash on bad input leaves the report incomplete, and the valid work judged', async () => {
    const report = await run(target('--crash-on-bad-input'));
    expect(report.complete).toBe(false);
    expect(report.error).toMatch(/^server closed the connection that bad input goes on during the run \(exit code 1\): /);
    expect(status(report, 'tools/valid-input')).toBe('pass');
    expect(status(report, 'resources/readable')).toBe('pass');
    const crashed = report.findings.filter((finding) => finding.ruleId === 'tools/call-answered');
    expect(crashed.map((finding) => finding.message).join('\n')).toContain('the server probably crashed');
  });
});

describe('over Streamable HTTP', () => {
  // The host gives each HTTP session a server of its own, and so a breaker of its own: a second session is the
  // connection of its own.
  it('bad input goes on a second session, and the run’s session still serves the valid call', async () => {
    const host = await startHttpServer(createCircuitBreakerServer);
    try {
      const server: SessionTarget = { kind: 'http', url: host.url, headers: {} };
      const isolated = await badThenValid(true, server);
      expect(isolated.valid.kind, said(isolated.valid)).toBe('result');
      expect(isolated.line?.session?.target).toBe('http');
      const shared = await badThenValid(false, server);
      expect(said(shared.valid)).toContain(UNAVAILABLE);
    } finally {
      await host.close();
    }
  });
});
