/**
 * The console by default (#32), ESLint's and vitest's way: errors and warnings in full, info findings (the author's
 * own and inherited alike) as one line per family, and one hint at the end on where to read them; `--verbose`
 * prints everything. Family lines say rules and findings apart. On the README's demo, the example server, 16 of
 * whose 22 findings are info (13 of them inherited): the old console printed each in full, 44 of its 70 lines.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Finding, RunReport } from '../../src/model/report.js';
import { runCli, type CliResult } from '../support/cli.js';

describe('the console on a server with many info findings (the demo)', () => {
  let plain: CliResult;
  let verbose: CliResult;
  let report: RunReport;
  let findings: Finding[];

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-console-'));
    const json = path.join(dir, 'report.json');
    [plain, verbose] = await Promise.all([
      runCli(['run', '-c', 'examples/mcpact.yaml', '--reporter', 'console', '--reporter', `json:${json}`]),
      runCli(['run', '-c', 'examples/mcpact.yaml', '--verbose']),
    ]);
    report = JSON.parse(readFileSync(json, 'utf8')) as RunReport;
    findings = report.servers.flatMap((server) => server.findings);
  }, 60_000);

  const lines = (result: CliResult) => result.stdout.trimEnd().split('\n');
  const messageLine = (finding: Finding) => new RegExp(`^ +[✖▲ℹ] ${finding.severity.padEnd(7)} ${escape(finding.message)}$`, 'm');

  it('is the run the test is about: many info findings, and errors and warnings beside them', () => {
    expect(plain.code).toBe(1);
    expect(report.summary.findings.info).toBeGreaterThanOrEqual(10);
    expect(report.summary.findings.info).toBeGreaterThan(report.summary.findings.error + report.summary.findings.warning);
    expect(report.summary.findings.error + report.summary.findings.warning).toBeGreaterThan(0);
  });

  it('prints every error and warning in full, errors first in their family, and no info finding', () => {
    for (const finding of findings) {
      if (finding.severity === 'info') expect(plain.stdout, finding.message).not.toMatch(messageLine(finding));
      else expect(plain.stdout, finding.message).toMatch(messageLine(finding));
    }
    // The example's one error is in the schema family, after its warnings in report order: printed first.
    const shown = lines(plain).filter((line) => /^ {4}[✖▲] /.test(line));
    expect(shown[0]).toMatch(/^ {4}✖ error /);
  });

  it('counts the info findings on one line per family, adding up to the summary, and says once where to see them', () => {
    const counted = lines(plain)
      .map((line) => /^ {4}ℹ (\d+) info: (.+)$/.exec(line))
      .filter((match) => match !== null);
    const familyOf = new Map(report.servers.flatMap((server) => server.rules.map((rule) => [rule.id, rule.family])));
    const families = new Set(findings.filter((finding) => finding.severity === 'info').map((finding) => familyOf.get(finding.ruleId)));
    expect(counted).toHaveLength(families.size);
    expect(counted.reduce((sum, match) => sum + Number(match[1]), 0)).toBe(report.summary.findings.info);
    // Each names the rules of what it counts.
    for (const match of counted) for (const ruleId of match[2]!.split(', ')) expect(familyOf.has(ruleId.replace(/ ×\d+$/, ''))).toBe(true);
    expect(lines(plain).at(-1)).toBe(
      `${report.summary.findings.info} info findings counted, not printed: see them with --verbose or in a report (--reporter html:mcpact-report.html)`,
    );
  });

  it('stays short: about two lines per finding in full and two per family, where the old console had 70 lines', () => {
    const full = report.summary.findings.error + report.summary.findings.warning;
    const families = new Set(report.servers.flatMap((server) => server.rules.map((rule) => rule.family))).size;
    expect(lines(plain).length).toBeLessThanOrEqual(2 * full + 2 * families + 8);
    expect(lines(plain).length).toBeLessThan(40);
  });

  it('family lines say rules and findings apart, and their numbers are the report’s', () => {
    const server = report.servers[0]!;
    const familyLines = lines(plain).filter((line) => /^ {2}[a-z]+ \d+ rules?: /.test(line));
    expect(familyLines.length).toBeGreaterThan(0);
    for (const line of familyLines) {
      const match =
        /^ {2}([a-z]+) (\d+) rules?: (\d+) passed(?:, \d+ (?:flagged|failed|skipped|errored|inconclusive))*; (?:no findings|findings: (.+?)(?: \((\d+) inherited\))?)$/.exec(
          line,
        );
      expect(match, line).not.toBeNull();
      const [, family, rules, passed, counts = '', inherited = '0'] = match!;
      const count = counts === '' ? 0 : counts.split(', ').reduce((sum, part) => sum + Number(/^(\d+) (?:errors?|warnings?|info)$/.exec(part)![1]), 0);
      const ids = new Set(server.rules.filter((rule) => rule.family === family).map((rule) => rule.id));
      const own = server.findings.filter((finding) => ids.has(finding.ruleId));
      expect(Number(rules), line).toBe(ids.size);
      expect(Number(passed), line).toBe(server.rules.filter((rule) => ids.has(rule.id) && rule.status === 'pass').length);
      expect(count, line).toBe(own.length);
      expect(Number(inherited), line).toBe(own.filter((finding) => finding.inherited !== undefined).length);
    }
  });

  it('--verbose prints every finding in full, info and inherited included, and no count line or hint', () => {
    expect(verbose.code).toBe(1);
    for (const finding of findings) expect(verbose.stdout, finding.message).toMatch(messageLine(finding));
    expect(verbose.stdout).not.toMatch(/^ {4}ℹ \d+ info: /m);
    expect(verbose.stdout).not.toContain('counted, not printed');
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
