/**
 * A server that takes seconds to start (a JVM, a first `uvx` or `go run`) gets the verdicts it gets when it starts
 * at once (fixtures/servers/slow-start.ts: 5 s without a byte, then the fixture). The connect deadline here is
 * 8 s, so the era probe's old silence window (half of it, from the request) closed before the server was there:
 * a modern server was then tested in the legacy era, with findings it does not deserve.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { runServer } from '../../src/engine/runner.js';
import type { ServerReport } from '../../src/model/report.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { ROOT } from '../support/cli.js';

// The start stays past half the connect deadline (the old silence window), with seconds to spare for a loaded machine.
const CONNECT_MS = 8_000;
const START_MS = 5_000;

function run(args: string[]): Promise<ServerReport> {
  return runServer(
    {
      name: 'slow-start',
      target: { kind: 'stdio', command: process.execPath, args, env: {} },
      timeouts: { ...DEFAULT_TIMEOUTS, connect_ms: CONNECT_MS, run_ms: 60_000 },
      protocolEra: 'auto',
      expect: {},
      levels: {},
      settings: {},
    },
    { rules: ALL_RULES, clientVersion: 'test', concurrency: 4 },
  );
}

/** What a report says, without timings: the era, each rule's status and each finding. */
function verdicts(report: ServerReport) {
  return {
    complete: report.complete,
    era: report.era,
    rules: Object.fromEntries(report.rules.map((rule) => [rule.id, rule.status])),
    findings: report.findings.map((finding) => `${finding.ruleId} ${finding.location.kind}:${finding.location.name ?? ''} ${finding.message}`).sort(),
  };
}

describe.each([
  ['a modern server (SDK 2.x, 2026-07-28 only)', ['dist/fixtures/servers/sdk2/eras.js', '--era', 'modern']],
  ['a legacy server (the zero-findings fixture)', ['dist/fixtures/servers/good.js']],
])('%s that starts in 5 s', (_, fixture) => {
  let atOnce: ServerReport;
  let slow: ServerReport;
  beforeAll(async () => {
    const [script, ...args] = fixture;
    [atOnce, slow] = await Promise.all([
      run([`${ROOT}${script}`, ...args]),
      run([`${ROOT}dist/fixtures/servers/slow-start.js`, '--delay-ms', String(START_MS), `${ROOT}${script}`, ...args]),
    ]);
  }, 60_000);

  it('gets the verdicts it gets when it starts at once', () => {
    expect(atOnce.complete, atOnce.error).toBe(true);
    expect(verdicts(slow)).toEqual(verdicts(atOnce));
  });
});

// basic-memory 0.24.1 (round G): it logs at once, then answers server/discover after the probe's silence window,
// and refuses initialize as a server of 2026-07-28 only: the late answer is the era, not a failed initialize.
describe('a modern server that logs at once, then takes 5 s', () => {
  it('is tested in the modern era, with the verdicts it gets when it starts at once', async () => {
    const fixture = [`${ROOT}dist/fixtures/servers/sdk2/eras.js`, '--era', 'modern'];
    const [atOnce, slow] = await Promise.all([
      run(fixture),
      run([`${ROOT}dist/fixtures/servers/slow-start.js`, '--log-first', '--delay-ms', String(START_MS), ...fixture]),
    ]);
    expect(slow.complete, slow.error).toBe(true);
    expect(slow.era).toBe('modern');
    expect(verdicts(slow)).toEqual(verdicts(atOnce));
  }, 60_000);
});

/** Answers initialize (and ping) only; any other request before it is ignored, and nothing goes to stderr. */
const QUIET_LEGACY = `
const rl = require('node:readline').createInterface({ input: process.stdin });
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\\n');
let ready = false;
rl.on('line', (line) => {
  const m = JSON.parse(line);
  if (m.method === 'initialize') {
    ready = true;
    send({ id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: {}, serverInfo: { name: 'quiet', version: '1.0.0' } } });
  } else if (ready && m.id !== undefined) send({ id: m.id, error: { code: -32601, message: 'Method not found' } });
});`;

describe('a legacy server that ignores server/discover and prints nothing', () => {
  it('still gets initialize, with a connect deadline of its own after the probe waited the whole one', async () => {
    const connectMs = 1_000;
    const report = await runServer(
      {
        name: 'quiet-legacy',
        target: { kind: 'stdio', command: process.execPath, args: ['-e', QUIET_LEGACY], env: {} },
        timeouts: { ...DEFAULT_TIMEOUTS, connect_ms: connectMs, run_ms: 20_000 },
        protocolEra: 'auto',
        expect: {},
        levels: {},
        settings: {},
      },
      { rules: [], clientVersion: 'test', concurrency: 1 },
    );
    expect(report.complete, report.error).toBe(true);
    expect(report.era).toBe('legacy');
  });
});
