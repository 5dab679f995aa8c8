/**
 * Table tests for one rule, ESLint RuleTester style: every case runs the real engine (session, capture, rule)
 * against an in-process fake server, or against a real target (fixture process, HTTP fixture) for transport rules
 * that a fake cannot exercise. A valid case must produce no finding and status `pass`; an invalid case must
 * produce exactly the findings it lists. The tester refuses tables that could not fail: an invalid case with no
 * expected findings, duplicate case names, or a table without both kinds of case.
 */
import { describe, expect, it } from 'vitest';
import type { Rule } from '../../src/engine/rule.js';
import { runServer } from '../../src/engine/runner.js';
import { DEFAULT_TIMEOUTS, type ServerSettings, type Timeouts } from '../../src/config/schema.js';
import type { SessionTarget } from '../../src/connect/session.js';
import type { Finding, ServerReport } from '../../src/model/report.js';
import { fakeServerTransport, type FakeServerSpec } from './fake-server.js';
import type { EraChoice } from '../../src/model/spec.js';
import type { SignIn } from '../../src/connect/oauth/sign-in.js';

export interface ExpectedFinding {
  /** Substring or pattern the message must match. */
  message?: string | RegExp;
  location?: Partial<Finding['location']>;
  /** Subset of `data` that must be present. */
  data?: Record<string, unknown>;
  /** The finding's severity (for rules whose default severity follows the negotiated revision). */
  severity?: Finding['severity'];
  /** How many places the finding stands for when one cause was found at several (engine/merge.ts); default 1. */
  count?: number;
  /** What the finding rests on (`spec.basis`): the quoted sentence, mcpact's policy, or the config. */
  basis?: 'spec' | 'policy' | 'config';
  /** With basis policy: the server was lenient in a way the spec permits (`spec.lenient`), so the finding is info. */
  lenient?: boolean;
}

export interface ValidCase {
  name: string;
  /** An in-process fake server; or, for what a fake cannot show (transport rules), a real `target` instead. */
  server?: FakeServerSpec;
  /** A real server (a fixture process, an HTTP fixture on 127.0.0.1), read when the case runs. */
  target?: () => SessionTarget;
  /** How mcpact signed in to the real target (the auth rules' evidence), read when the case runs. */
  signIn?: () => SignIn;
  /** The era to speak (`protocol_era`; a fake speaks the modern one with `modern: true`); default legacy, as the engine's. */
  era?: EraChoice;
  /** Deadlines for a real target (defaults: call_ms 500, run_ms 10000). */
  timeouts?: Partial<Timeouts>;
  expect?: { protocolVersion?: string };
  /** The server's feature options, as the config would give them. */
  settings?: ServerSettings;
  /**
   * Rules that run beside the rule under test (whose work it judges, such as the tool calls the tools rules make);
   * only the rule under test's own result and findings are checked.
   */
  alongside?: Rule[];
}

export interface InvalidCase extends ValidCase {
  findings: ExpectedFinding[];
  /** The case's server fails a declared list on purpose, so its run is incomplete (the report's error matches this). */
  incomplete?: RegExp;
}

export interface SkipCase extends ValidCase {
  /** The rule must be skipped with a reason matching this. */
  skipped: string | RegExp;
}

export interface InconclusiveCase extends ValidCase {
  /** The rule must reach no verdict (no finding, status inconclusive) with a reason containing or matching this. */
  reason: string | RegExp;
}

export interface RuleTable {
  valid: ValidCase[];
  invalid: InvalidCase[];
  skipped?: SkipCase[];
  inconclusive?: InconclusiveCase[];
}

/**
 * call_ms for in-process fakes. A fake answers within the same turn of the event loop it was asked in (or after a
 * timer of its own, which expires first), so no load can make an answer miss this deadline; it only decides how
 * long the "no answer" cases wait.
 */
export const FAKE_CALL_MS = 150;

export async function runRuleOnFake(
  rule: Rule,
  server: FakeServerSpec,
  expectations = {},
  settings: ServerSettings = {},
  alongside: Rule[] = [],
  era?: EraChoice,
): Promise<ServerReport> {
  const report = await runServer(
    {
      name: 'fake',
      target: { kind: 'memory', transport: fakeServerTransport(server) },
      timeouts: { ...DEFAULT_TIMEOUTS, call_ms: FAKE_CALL_MS, run_ms: 10_000 },
      expect: expectations,
      levels: {},
      settings,
      protocolEra: era,
    },
    { rules: [rule, ...alongside], clientVersion: 'test', concurrency: 4 },
  );
  return ownPart(report, rule);
}

/** The report as if the rule under test had run alone: its result first, only its findings. */
function ownPart(report: ServerReport, rule: Rule): ServerReport {
  return {
    ...report,
    rules: report.rules.filter((result) => result.id === rule.id),
    findings: report.findings.filter((finding) => finding.ruleId === rule.id),
  };
}

/** Runs one case: against its real target when it has one, else against its fake server. */
export function runCase(rule: Rule, entry: ValidCase): Promise<ServerReport> {
  if (entry.target === undefined) {
    if (entry.server === undefined) throw new Error(`${rule.id}: case "${entry.name}" has neither a server nor a target`);
    return runRuleOnFake(rule, entry.server, entry.expect, entry.settings, entry.alongside, entry.era);
  }
  return runServer(
    {
      name: 'fixture',
      target: entry.target(),
      timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 500, run_ms: 10_000, ...entry.timeouts },
      expect: entry.expect ?? {},
      levels: {},
      settings: entry.settings ?? {},
      protocolEra: entry.era,
      ...(entry.signIn && { signIn: entry.signIn() }),
    },
    { rules: [rule, ...(entry.alongside ?? [])], clientVersion: 'test', concurrency: 4 },
  ).then((report) => ownPart(report, rule));
}

export function ruleTester(rule: Rule, table: RuleTable): void {
  const names = [...table.valid, ...table.invalid, ...(table.skipped ?? []), ...(table.inconclusive ?? [])].map((entry) => entry.name);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) throw new Error(`${rule.id}: duplicate case name "${duplicate}"`);
  if (table.valid.length === 0 || table.invalid.length === 0) {
    throw new Error(`${rule.id}: a rule table needs at least one valid and one invalid case`);
  }
  for (const invalid of table.invalid) {
    if (invalid.findings.length === 0) throw new Error(`${rule.id}: invalid case "${invalid.name}" expects no finding`);
  }

  describe(rule.id, () => {
    for (const valid of table.valid) {
      it(`valid: ${valid.name}`, async () => {
        const report = await runCase(rule, valid);
        expect(report.error).toBeUndefined();
        expect(report.findings).toEqual([]);
        expect(report.rules[0]?.status).toBe('pass');
      });
    }
    for (const invalid of table.invalid) {
      it(`invalid: ${invalid.name}`, async () => {
        const report = await runCase(rule, invalid);
        if (invalid.incomplete) expect(report.error).toMatch(invalid.incomplete);
        else expect(report.error).toBeUndefined();
        expect(report.rules[0]?.status, report.rules[0]?.reason).toBe('fail');
        expect(report.findings, JSON.stringify(report.findings.map((f) => f.message))).toHaveLength(invalid.findings.length);
        invalid.findings.forEach((wanted, index) => {
          const finding = report.findings[index]!;
          expect(finding.ruleId).toBe(rule.id);
          if (wanted.message !== undefined) {
            if (typeof wanted.message === 'string') expect(finding.message).toContain(wanted.message);
            else expect(finding.message).toMatch(wanted.message);
          }
          if (wanted.location) expect(finding.location).toMatchObject(wanted.location);
          if (wanted.severity) expect(finding.severity).toBe(wanted.severity);
          if (wanted.data) expect(finding.data).toMatchObject(wanted.data);
          expect(finding.count ?? 1, 'places this finding stands for').toBe(wanted.count ?? 1);
          expect(finding.spec?.revision).toBeDefined();
          expect(finding.spec?.level).toBeDefined();
          if (wanted.basis !== undefined) expect(finding.spec?.basis, 'basis').toBe(wanted.basis);
          if (wanted.lenient !== undefined) expect(finding.spec?.lenient === true, 'lenient').toBe(wanted.lenient);
          // mcpact's policy says what it expects in words, and is never an error unless the config says so.
          if (finding.spec?.basis === 'policy') {
            expect(finding.spec.policy, 'the policy in words').toEqual(expect.any(String));
            expect(finding.severity, 'a policy finding is a warning at most').not.toBe('error');
          }
          if (finding.spec?.lenient === true) expect(finding.severity, 'leniency the spec permits is info').toBe('info');
          // A sentence the rule does not list (its spec or alsoQuotes) escapes scripts/verify-spec-quotes.ts.
          if (finding.spec?.quote !== undefined) expect(quotedBy(rule), 'quoted by the rule or its alsoQuotes').toContain(finding.spec.quote);
        });
      });
    }
    for (const undecided of table.inconclusive ?? []) {
      it(`inconclusive: ${undecided.name}`, async () => {
        const report = await runCase(rule, undecided);
        expect(report.findings).toEqual([]);
        expect(report.rules[0]?.status).toBe('inconclusive');
        if (typeof undecided.reason === 'string') expect(report.rules[0]?.reason).toContain(undecided.reason);
        else expect(report.rules[0]?.reason).toMatch(undecided.reason);
      });
    }
    for (const skipped of table.skipped ?? []) {
      it(`skipped: ${skipped.name}`, async () => {
        const report = await runCase(rule, skipped);
        expect(report.rules[0]?.status).toBe('skip');
        expect(report.findings).toEqual([]);
        if (typeof skipped.skipped === 'string') expect(report.rules[0]?.reason).toContain(skipped.skipped);
        else expect(report.rules[0]?.reason).toMatch(skipped.skipped);
      });
    }
  });
}

/** Every sentence a rule may cite: its own texts and those of `alsoQuotes`. */
function quotedBy(rule: Rule): string[] {
  const specs = [rule.spec, ...Object.values(rule.alsoQuotes ?? {})];
  return specs.flatMap((spec) => Object.values(spec?.texts ?? {}).flatMap((text) => (typeof text === 'object' ? [text.quote] : [])));
}
