/**
 * Matching a RunReport against known findings (report/known-findings.ts) and the file's text
 * (cli/known-findings-file.ts): what makes an entry stale, what makes a finding known, and a file that a hostile
 * name cannot bend.
 */
import { describe, expect, it } from 'vitest';
import { formatKnownFindings, parseKnownFindings } from '../../src/cli/known-findings-file.js';
import type { KnownEntry } from '../../src/model/known-findings.js';
import type { Finding, RunReport, ServerReport } from '../../src/model/report.js';
import { buildRunReport, exitCode } from '../../src/report/build.js';
import { applyKnown, fingerprints, updatedEntries } from '../../src/report/known-findings.js';

const finding = (over: Partial<Finding> = {}): Finding => ({
  ruleId: 'tools/structured-content',
  severity: 'error',
  message: '"get_forecast" returned 3 values in 120 ms',
  location: { kind: 'tool', name: 'get_forecast' },
  ...over,
});

const server = (findings: Finding[], over: Partial<ServerReport> = {}): ServerReport => ({
  name: 'notes',
  transport: 'stdio',
  serverInfo: null,
  protocolVersion: '2025-11-25',
  complete: true,
  rules: [
    { id: 'tools/structured-content', family: 'tools', status: findings.length > 0 ? 'fail' : 'pass', severity: 'error', durationMs: 1 },
    { id: 'tools/collision', family: 'tools', status: 'pass', severity: 'error', durationMs: 1 },
  ],
  findings,
  ...over,
});

const run = (...servers: ServerReport[]): RunReport => buildRunReport({ version: '0.0.0', servers, durationMs: 1, failOn: 'error' });
const options = { file: 'known.yaml', ruleIds: new Set(['tools/structured-content', 'tools/collision']) };
const entry = (over: Partial<KnownEntry> = {}): KnownEntry => ({ ...fingerprints('notes', finding())[0]!, ...over });

describe('applyKnown', () => {
  it('sets numbers and quoted values aside in the cause', () => {
    expect(entry().cause).toBe('"<value>" returned <n> values in <n> ms');
    expect(fingerprints('notes', finding({ message: '"get_forecast" returned 4 values in 990 ms' }))).toEqual([entry()]);
  });

  it('marks a listed finding known, and the exit code leaves it out', () => {
    const report = applyKnown(run(server([finding()])), [entry()], options);
    expect(report.servers[0]!.findings[0]!.known).toBe(true);
    expect(report.knownFindings).toEqual({ file: 'known.yaml', known: 1, stale: [] });
    expect(exitCode(report)).toBe(0);
    expect(exitCode(run(server([finding()])))).toBe(1);
  });

  it('marks a finding that stands for several places known only when every place is listed', () => {
    const merged = finding({
      count: 2,
      locations: [
        { kind: 'tool', name: 'get_forecast' },
        { kind: 'tool', name: 'new_tool' },
      ],
    });
    const partly = applyKnown(run(server([merged])), [entry()], options);
    expect(partly.servers[0]!.findings[0]!.known).toBeUndefined();
    expect(exitCode(partly)).toBe(1);
    const whole = applyKnown(run(server([merged])), fingerprints('notes', merged), options);
    expect(whole.servers[0]!.findings[0]!.known).toBe(true);
  });

  it('counts an entry stale only where its rule reached a verdict on its server', () => {
    const fixed = run(server([]));
    expect(applyKnown(fixed, [entry()], options).knownFindings?.stale).toEqual([entry()]);
    expect(exitCode(applyKnown(fixed, [entry()], options))).toBe(1);
    // Another server (not in this run, as with --server or --shard), a server not fully tested, a rule skipped or
    // not selected, a rule another run judges (a shard's checks across servers), a rule this mcpact lacks.
    expect(applyKnown(fixed, [entry({ server: 'elsewhere' })], options).knownFindings?.stale).toEqual([]);
    expect(applyKnown(run(server([], { complete: false })), [entry()], options).knownFindings?.stale).toEqual([]);
    const skipped = server([]);
    skipped.rules[0]!.status = 'skip';
    expect(applyKnown(run(skipped), [entry()], options).knownFindings?.stale).toEqual([]);
    expect(applyKnown(fixed, [entry({ rule: 'tools/collision' })], { ...options, deferred: new Set(['tools/collision']) }).knownFindings?.stale).toEqual([]);
    expect(applyKnown(fixed, [entry({ rule: 'tools/gone' })], options).knownFindings?.stale).toEqual([]);
  });

  it('updates: this run at or above fail-on, notes kept, what it cannot judge kept as it was', () => {
    const other = entry({ server: 'elsewhere', note: 'theirs' });
    const next = updatedEntries(
      run(server([finding(), finding({ severity: 'warning', location: { kind: 'tool', name: 'minor' } })])),
      [entry({ note: 'ours' }), other],
      options,
    );
    expect(next).toEqual([other, entry({ note: 'ours' })]);
  });
});

describe('the file', () => {
  it('round-trips any name, with line breaks and hidden characters escaped, sorted', () => {
    const hostile = entry({ location: { kind: 'tool', name: 'a\nb: "c" # d\u202e\u200b\u0085\u{e0041}' }, note: 'x' });
    const entries = [entry({ server: 'zeta' }), hostile, entry({ server: 'alpha' })];
    const text = formatKnownFindings(entries);
    expect(text).not.toMatch(/[\u202e\u200b\u0085]|\udb40/);
    expect(text.split('\n').filter((line) => line.startsWith('  - server:'))).toEqual(['  - server: "alpha"', '  - server: "notes"', '  - server: "zeta"']);
    expect(parseKnownFindings(text, 'known.yaml')).toEqual([entry({ server: 'alpha' }), hostile, entry({ server: 'zeta' })]);
    expect(formatKnownFindings(parseKnownFindings(text, 'known.yaml'))).toBe(text);
  });

  it('reads JSON too, and names what is wrong in one line', () => {
    expect(parseKnownFindings(JSON.stringify({ version: 1, findings: [entry()] }), 'k.json')).toEqual([entry()]);
    expect(() => parseKnownFindings('version: 1\nfindings:\n  - server: a\n', 'k.yaml')).toThrow(/^known findings k\.yaml: findings\.0\.rule: /);
    expect(() => parseKnownFindings('{', 'k.yaml')).toThrow(/^known findings k\.yaml: not valid YAML or JSON: [^\n]+$/);
  });
});
