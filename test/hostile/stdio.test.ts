/**
 * The hostile stdio corpus (fixtures/hostile/stdio.ts), one test per behaviour, each with the outcome mcpact must
 * hold: within its deadlines, exit 2 when nothing trustworthy could be tested and the findings otherwise, no
 * process left behind (the fixture writes every pid it has, the probes' own children included), and reports
 * that stay valid. Runs every rule, as `mcpact run` would.
 */
import { describe, expect, it } from 'vitest';
import { HTML_ATTACKS } from '../../fixtures/hostile/html-text.js';
import { escapeHtml } from '../../src/report/escape-html.js';
import { expectNoneAlive, expectSafeReports, HOSTILE_TIMEOUTS, hostileStdio, ruleIds, runHostile } from './support.js';

/** For servers that never get past initialize: the connect deadline is all the run takes. */
const SHORT_CONNECT = { ...HOSTILE_TIMEOUTS, connect_ms: 800 };

/**
 * Children a full run starts besides the shared session: one shared by the stdio probes (before-initialize,
 * parse-error, invalid-request, survives-bad-line, exit-on-stdin-close) and version-negotiation's handshake, and the
 * connection of its own that bad input goes on (connect/bad-input-line.ts).
 */
const PROBE_CHILDREN = 2;

describe('hostile stdio servers', () => {
  // The servers that never get past initialize only make mcpact wait for its connect deadline: side by side.
  it.concurrent('never answers initialize (and forks a child that ignores SIGTERM): connect deadline, exit 2, the whole group stopped', async () => {
    const { target, pids } = hostileStdio('silent');
    const run = await runHostile(target, SHORT_CONNECT);
    expect(run.code).toBe(2);
    expect(run.server.error).toContain('did not answer initialize within 800 ms');
    expectSafeReports(run, SHORT_CONNECT);
    expect(pids()).toHaveLength(2);
    await expectNoneAlive(pids());
  });

  it.concurrent('exits before the handshake: exit 2 with its exit code and stderr', async () => {
    const { target, pids } = hostileStdio('exit-early');
    const run = await runHostile(target);
    expect(run.code).toBe(2);
    expect(run.server.error).toContain('server closed the connection before answering initialize (exit code 3)');
    expect(run.server.error).toContain('fatal: missing configuration');
    expectSafeReports(run);
    await expectNoneAlive(pids());
  });

  it.concurrent('answers with the wrong id: initialize never completes, exit 2', async () => {
    const { target, pids } = hostileStdio('wrong-id');
    const run = await runHostile(target, SHORT_CONNECT);
    expect(run.code).toBe(2);
    expect(run.server.error).toContain('did not answer initialize within 800 ms');
    expectSafeReports(run, SHORT_CONNECT);
    await expectNoneAlive(pids());
  });

  it.concurrent('drips its answers one byte at a time: the connect deadline holds, exit 2', async () => {
    const { target, pids } = hostileStdio('drip');
    const run = await runHostile(target, SHORT_CONNECT);
    expect(run.code).toBe(2);
    expect(run.server.error).toContain('did not answer initialize within 800 ms');
    expectSafeReports(run, SHORT_CONNECT);
    await expectNoneAlive(pids());
  });

  it('crashes in the middle of the run: incomplete (exit 2), the findings made so far are kept', async () => {
    const { target, pids } = hostileStdio('crash-mid-run');
    const run = await runHostile(target);
    expect(run.code).toBe(2);
    expect(run.server.complete).toBe(false);
    expect(run.server.error).toMatch(/^server closed the connection during the run \(exit code 70\)/);
    expect(run.server.error).toContain('panic while handling');
    expect(run.server.rules.length).toBeGreaterThan(0);
    // The crash is one finding; the ping it crashed on is no verdict of protocol/ping's (connect/rpc.ts `lost`).
    expect(ruleIds(run.server)).toContain('protocol/stays-connected');
    expect(ruleIds(run.server)).not.toContain('protocol/ping');
    expect(ruleIds(run.server)).not.toContain('protocol/request-id-echo');
    expectSafeReports(run);
    await expectNoneAlive(pids());
  });

  it('writes non-JSON lines to stdout between messages: one finding, each line quoted and escaped in it, and the run goes on', async () => {
    const { target, pids } = hostileStdio('noisy-stdout');
    const run = await runHostile(target);
    expect(run.code).toBe(1);
    expect(run.server.complete).toBe(true);
    const foreign = run.server.findings.filter((finding) => finding.ruleId === 'stdio/stdout-json-only');
    expect(foreign).toHaveLength(1);
    expect(foreign[0]).toMatchObject({ severity: 'error', location: { kind: 'transport', name: 'stdout' } });
    expect(foreign[0]!.count).toBeGreaterThan(2);
    const lines = [foreign[0]!.message, ...(foreign[0]!.locations ?? []).map((location) => location.message ?? '')];
    expect(lines.some((message) => message.includes('"DEBUG handling'))).toBe(true);
    expect(run.server.rules.every((rule) => rule.status !== 'error')).toBe(true);
    expectSafeReports(run);
    // The shared session, the transport probes' own child and the bad-input child, never more than that.
    expect(pids()).toHaveLength(1 + PROBE_CHILDREN);
    await expectNoneAlive(pids());
  });

  it('nests an input schema 10,000 levels deep: a finding on the tool, and every report still serializes', async () => {
    const { target, pids } = hostileStdio('deep-schema');
    const run = await runHostile(target);
    expect(run.server.complete).toBe(true);
    expect(run.code).toBe(1);
    const schema = run.server.findings.find((finding) => finding.ruleId === 'schema/tool-input-schema');
    expect(schema).toMatchObject({ location: { kind: 'tool', name: 'deep' } });
    expect(schema?.message).toContain('nested too deeply');
    expect(run.server.rules.filter((rule) => rule.status === 'error')).toEqual([]);
    expectSafeReports(run);
    await expectNoneAlive(pids());
  });

  it('has $ref cycles in its input schemas: the run completes, no rule hangs or crashes', async () => {
    const { target, pids } = hostileStdio('ref-cycle');
    const run = await runHostile(target);
    expect(run.server.complete).toBe(true);
    expect(run.code).not.toBe(2);
    expect(run.server.rules.filter((rule) => rule.status === 'error')).toEqual([]);
    expectSafeReports(run);
    await expectNoneAlive(pids());
  });

  it('puts ANSI/OSC escapes, XML-invalid characters and markup in names and descriptions: findings, and no escape reaches the terminal', async () => {
    const { target, pids } = hostileStdio('escapes');
    const run = await runHostile(target);
    // Warnings only (tool names, hidden characters): the findings are the point, not the exit code.
    expect(run.code).not.toBe(2);
    expect(run.server.findings.filter((finding) => finding.ruleId === 'schema/tool-name').length).toBeGreaterThanOrEqual(4);
    // The raw text is kept in the JSON report (escaped by JSON) and made visible in the terminal.
    expect(run.outputs.json).toContain('\\u001b[31mALERT');
    expect(run.outputs.console).toContain('\\x1b[31mALERT');
    expectSafeReports(run);
    await expectNoneAlive(pids());
  });

  it('puts markup and script in serverInfo, names, titles, descriptions and errors: the HTML report shows it all as text', async () => {
    const { target, pids } = hostileStdio('html-injection');
    const run = await runHostile(target);
    expect(run.code).not.toBe(2);
    expect(run.server.findings.filter((finding) => finding.ruleId === 'schema/tool-name').length).toBeGreaterThanOrEqual(10);
    // The attack is in the page, as escaped text (inspectHtml in expectSafeReports finds no element it would make).
    expect(run.outputs.html).toContain(escapeHtml(HTML_ATTACKS.scriptEnd));
    expect(run.outputs.html).not.toContain(HTML_ATTACKS.scriptEnd);
    expectSafeReports(run);
    await expectNoneAlive(pids());
  });

  it('sends sampling, elicitation and roots requests mid-run: each answered -32601, and the run completes', async () => {
    const { target, pids } = hostileStdio('server-requests');
    const run = await runHostile(target);
    expect(run.server.complete).toBe(true);
    expect(run.code).not.toBe(2);
    for (const id of ['s-sampling', 's-elicit', 's-roots']) {
      const answer = run.traffic.find((entry) => entry.direction === 'out' && (entry.message as { id?: unknown }).id === id);
      expect(answer?.message).toMatchObject({ error: { code: -32601 } });
    }
    expectSafeReports(run);
    await expectNoneAlive(pids());
  });

  it('floods 20,000 notifications: the run completes and the traffic kept stays bounded', async () => {
    const { target, pids } = hostileStdio('notification-flood');
    // Parsing 20,000 lines is CPU work: on a loaded 2-core machine (the suite's own workers, lint beside them) the
    // hostile deadlines (call_ms 400, run_ms 6 s) cut it short now and then. What is tested is that the flood is
    // bounded and the run completes, not how fast: roomier deadlines, the same assertions.
    const roomy = { connect_ms: 5_000, call_ms: 2_000, run_ms: 20_000 };
    const run = await runHostile(target, roomy);
    expect(run.server.complete).toBe(true);
    expect(run.traffic.length).toBeLessThanOrEqual(20_000);
    expectSafeReports(run, roomy);
    await expectNoneAlive(pids());
  });

  it('returns a cursor that never ends, and one that repeats: pagination findings, within the deadline', async () => {
    const { target, pids } = hostileStdio('endless-cursor');
    const run = await runHostile(target);
    // No sentence says how a list ends: both are mcpact's policy, warnings, so the run does not fail on them.
    expect(run.code).toBe(0);
    const pages = run.server.findings.filter((finding) => finding.ruleId === 'protocol/list-pages');
    expect(pages).toHaveLength(2);
    expect(pages.map((finding) => [finding.severity, finding.spec?.basis])).toEqual([
      ['warning', 'policy'],
      ['warning', 'policy'],
    ]);
    expectSafeReports(run);
    await expectNoneAlive(pids());
  });

  it('answers every request twice: the duplicates are ignored and the run completes', async () => {
    const { target, pids } = hostileStdio('duplicate-id');
    const run = await runHostile(target);
    expect(run.server.complete).toBe(true);
    expect(run.code).not.toBe(2);
    expect(run.server.rules.filter((rule) => rule.status === 'error')).toEqual([]);
    expectSafeReports(run);
    await expectNoneAlive(pids());
  });

  it('answers with "result": null: findings (ping, lists), and lists that could not be read make it exit 2', async () => {
    const { target, pids } = hostileStdio('null-result');
    const run = await runHostile(target);
    expect(run.code).toBe(2);
    expect(run.server.error).toMatch(/not every declared list could be read/);
    expect(ruleIds(run.server)).toEqual(expect.arrayContaining(['protocol/ping', 'protocol/list-pages']));
    expectSafeReports(run);
    await expectNoneAlive(pids());
  });

  it('writes megabytes to stderr: never held against it, and the run completes without an error', async () => {
    const { target, pids } = hostileStdio('stderr-flood');
    const run = await runHostile(target);
    expect(run.server.complete).toBe(true);
    expect(run.server.error).toBeUndefined();
    expect(run.code).not.toBe(2);
    expectSafeReports(run);
    await expectNoneAlive(pids());
  });
});
