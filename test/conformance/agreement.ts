/**
 * The verdicts of the official conformance suite and of mcpact on one server, scenario by scenario, with the reason
 * for each difference (./differences.ts), and the Markdown table docs/conformance.md shows. Pure: the runs are
 * test/conformance/agreement.test.ts's.
 */
import { appliesInEra } from '../../src/engine/rule.js';
import { ruleAnchor } from '../../src/model/rule-meta.js';
import type { ServerReport } from '../../src/model/report.js';
import { severityRank } from '../../src/model/severity.js';
import { ABSENT, specUrl, type QuotedRevision, type SpecText } from '../../src/model/spec.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { DIFFERENCES, type Difference, type Why } from './differences.js';
import { SCENARIOS, WIRE_SCHEMA_CHECK, WIRE_SCHEMA_RULES } from './scenarios.js';
import type { ScenarioRun, SuiteCheck } from './suite.js';

/**
 * One side's verdict on a scenario: `skip` when it judged nothing (every check or rule skipped), `none` when mcpact
 * has no rule for the ground. mcpact's `warn` and `fail` are findings of warning and error severity; info is a pass.
 */
export type Verdict = 'pass' | 'warn' | 'fail' | 'skip' | 'none';

export interface Row {
  /** Set on the rows of a fixture that breaks one requirement on purpose: its defect. */
  defect?: string;
  scenario: string;
  /** `wire-schema-valid` is the check of every scenario, shown as a row of its own. */
  checks: string;
  notScored?: string;
  suite: { verdict: Verdict; failing: SuiteCheck[]; total: number };
  mcpact: { verdict: Verdict; rules: { id: string; verdict: Verdict }[] };
  agree: boolean;
  /** Why the verdicts differ, one entry per reason; empty when they agree. */
  whys: Why[];
  /** The suite's failing or warning checks no difference explains: the test fails on any. */
  unexplained: string[];
}

const NOT_PASSING: readonly SuiteCheck['status'][] = ['FAILURE', 'WARNING'];

function suiteVerdict(checks: readonly SuiteCheck[]): Verdict {
  if (checks.some((check) => check.status === 'FAILURE')) return 'fail';
  if (checks.some((check) => check.status === 'WARNING')) return 'warn';
  if (checks.some((check) => check.status === 'SUCCESS' || check.status === 'INFO')) return 'pass';
  return 'skip';
}

function ruleVerdict(report: ServerReport, id: string): Verdict {
  const result = report.rules.find((rule) => rule.id === id);
  // A rule of the other era only is not listed for this server (engine/rule.ts `appliesInEra`): it judged nothing.
  const rule = ALL_RULES.find((known) => known.id === id);
  if (result === undefined && rule !== undefined && report.era !== undefined && !appliesInEra(rule, report.era)) return 'skip';
  if (result === undefined || result.status === 'error') throw new Error(`mcpact's run has no verdict of ${id}: ${result?.reason ?? 'not in the report'}`);
  if (result.status === 'skip' || result.status === 'inconclusive') return 'skip';
  const worst = report.findings.filter((finding) => finding.ruleId === id).reduce((rank, finding) => Math.max(rank, severityRank(finding.severity)), 0);
  if (worst >= severityRank('error')) return 'fail';
  return worst >= severityRank('warning') ? 'warn' : 'pass';
}

const ORDER: readonly Verdict[] = ['fail', 'warn', 'pass', 'skip', 'none'];
const worstOf = (verdicts: readonly Verdict[]): Verdict => ORDER.find((verdict) => verdicts.includes(verdict)) ?? 'none';

/** Judged nothing, on either side, is the same verdict. */
const same = (a: Verdict, b: Verdict) => a === b || ((a === 'skip' || a === 'none') && (b === 'skip' || b === 'none'));

/**
 * The difference that explains one check the suite failed or warned on (by its evidence), or, without a check, a
 * verdict of the suite that stands on its own and differs from mcpact's (an entry without evidence).
 */
function explain(scenario: string, defect: string | undefined, check: SuiteCheck | undefined, used: Set<Difference>): Why | undefined {
  for (const difference of DIFFERENCES) {
    const { evidence } = difference;
    if (!difference.scenarios.test(scenario) || (check === undefined) !== (evidence === undefined)) continue;
    if (difference.defect !== undefined && difference.defect !== defect) continue;
    const match = check !== undefined && evidence !== undefined ? evidence.exec(`${check.id}: ${check.errorMessage ?? ''}`) : undefined;
    if (check !== undefined && !match) continue;
    used.add(difference);
    const named = match?.groups?.name;
    return difference.why.kind === 'suite-fixture' && difference.why.names === undefined && named !== undefined
      ? { kind: 'suite-fixture', names: [named] }
      : difference.why;
  }
  return undefined;
}

/**
 * One scenario: the suite's verdict as it gave it, and the verdict of its checks that no difference explains (what
 * the suite found of this server itself); mcpact's verdict from the rules the scenario maps to. The tools agree when
 * nothing had to be explained and those verdicts are the same. A check the suite failed or warned on that no
 * difference explains, when mcpact says otherwise, is `unexplained`; so is a verdict of the suite's own checks that
 * differs from mcpact's without an entry that says why.
 */
function row(
  scenario: string,
  checks: SuiteCheck[],
  ruleIds: readonly string[],
  report: ServerReport,
  used: Set<Difference>,
  notScored?: string,
  defect?: string,
): Row {
  const rules = ruleIds.map((id) => ({ id, verdict: ruleVerdict(report, id) }));
  const suite = { verdict: suiteVerdict(checks), failing: checks.filter((check) => NOT_PASSING.includes(check.status)), total: checks.length };
  const mcpact = { verdict: rules.length === 0 ? 'none' : worstOf(rules.map((rule) => rule.verdict)), rules } as const;
  const explained = new Map(
    suite.failing.flatMap((check) => {
      const why = explain(scenario, defect, check, used);
      return why === undefined ? [] : [[check, why] as const];
    }),
  );
  const own = suiteVerdict(checks.filter((check) => !explained.has(check)));
  const whys: Why[] = [];
  for (const why of explained.values()) if (!whys.some((known) => JSON.stringify(known) === JSON.stringify(why))) whys.push(why);
  const unexplained: string[] = [];
  if (own !== 'skip' && !same(own, mcpact.verdict)) {
    const unexplainedChecks = suite.failing.filter((check) => !explained.has(check));
    for (const check of unexplainedChecks) unexplained.push(`${scenario} ${check.id}: ${check.errorMessage ?? check.status} (mcpact: ${mcpact.verdict})`);
    if (unexplainedChecks.length === 0) {
      const why = explain(scenario, defect, undefined, used);
      if (why === undefined) unexplained.push(`${scenario}${defect === undefined ? '' : ` (${defect})`}: the suite ${own}, mcpact ${mcpact.verdict}`);
      else whys.push(why);
    }
  }
  // The fixture names of one scenario go in one entry.
  const names = [...new Set(whys.flatMap((why) => (why.kind === 'suite-fixture' ? (why.names ?? []) : [])))];
  const merged: Why[] = [...(names.length > 0 ? [{ kind: 'suite-fixture', names } as const] : []), ...whys.filter((why) => why.kind !== 'suite-fixture')];
  const agree = merged.length === 0 && unexplained.length === 0;
  return {
    ...(defect !== undefined && { defect }),
    scenario,
    checks: SCENARIOS[scenario]?.checks ?? '',
    ...(notScored !== undefined && { notScored }),
    suite,
    mcpact,
    agree,
    whys: merged,
    unexplained,
  };
}

/**
 * One row per scenario the suite ran, in its order, then the schema check of every scenario as one row.
 * `notScored`: the scenarios the revision runs without scoring, with the reason its requirement set gives.
 */
export function agreementRows(runs: readonly ScenarioRun[], report: ServerReport, notScored: ReadonlyMap<string, string>, used: Set<Difference>): Row[] {
  return [...scenarioRows(runs, report, notScored, used), wireSchemaRow(runs, report, used)];
}

/** One row per scenario the suite ran, without the schema check they all carry. */
export function scenarioRows(
  runs: readonly ScenarioRun[],
  report: ServerReport,
  notScored: ReadonlyMap<string, string>,
  used: Set<Difference>,
  defect?: string,
): Row[] {
  return runs.map((run) => {
    const scenario = SCENARIOS[run.scenario];
    if (scenario === undefined) throw new Error(`the suite ran scenario ${run.scenario}, which test/conformance/scenarios.ts does not map`);
    // The schema check is a row of its own in a whole run; a defect's row keeps it (it may be what finds the defect).
    const own = defect === undefined ? run.checks.filter((check) => check.id !== WIRE_SCHEMA_CHECK) : run.checks;
    const rules = defect === undefined ? scenario.rules : [...scenario.rules, ...WIRE_SCHEMA_RULES];
    return row(run.scenario, own, rules, report, used, notScored.get(run.scenario), defect);
  });
}

function wireSchemaRow(runs: readonly ScenarioRun[], report: ServerReport, used: Set<Difference>): Row {
  const wire = runs.flatMap((run) => run.checks.filter((check) => check.id === WIRE_SCHEMA_CHECK));
  return {
    ...row(WIRE_SCHEMA_CHECK, wire, WIRE_SCHEMA_RULES, report, used),
    checks: 'every message the server sent, against the revision’s schema (a check of every scenario)',
  };
}

const VERDICT_TEXT: Record<Verdict, string> = { pass: 'pass', warn: 'warn', fail: 'fail', skip: 'nothing judged', none: 'no rule' };

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const ruleLink = (id: string) => `[\`${id}\`](rules.md#${ruleAnchor(id)})`;

function suiteCell(suite: Row['suite'], notScored: string | undefined): string {
  const failing = suite.failing.length > 0 ? ` (${suite.failing.length} of ${suite.total} checks)` : '';
  return `${VERDICT_TEXT[suite.verdict]}${failing}${notScored === undefined ? '' : `; not scored: ${notScored}`}`;
}

function mcpactCell(mcpact: Row['mcpact']): string {
  if (mcpact.rules.length === 0) return VERDICT_TEXT.none;
  const groups = ORDER.flatMap((verdict) => {
    const ids = mcpact.rules.filter((rule) => rule.verdict === verdict).map((rule) => ruleLink(rule.id));
    return ids.length === 0 ? [] : [`${VERDICT_TEXT[verdict]}: ${ids.join(', ')}`];
  });
  return `**${VERDICT_TEXT[mcpact.verdict]}** (${groups.join('; ')})`;
}

/** The sentence a rule quotes for one revision (its own spec, stated once in the rule). */
function ruleText(id: string, revision: QuotedRevision): SpecText {
  const text = ALL_RULES.find((rule) => rule.id === id)?.spec?.texts[revision];
  if (text === undefined || text === ABSENT) throw new Error(`${id} quotes no sentence of ${revision}`);
  return text;
}

function sentence(revision: QuotedRevision, text: SpecText): string {
  return `“${text.quote}” (${text.keyword}, binds the ${text.binds === 'both' ? 'client and the server' : text.binds}; [${revision} ${text.section}](${specUrl({ revision, section: text.section })}))`;
}

/** A difference for its cell: a fixture inline, a sentence or a gap as a numbered note below the table. */
function whyCell(why: Why, notes: string[]): string {
  if (why.kind === 'suite-fixture') return `needs the suite's own fixture: ${(why.names ?? []).map((name) => `\`${name}\``).join(', ')}`;
  const note =
    why.kind === 'sentence'
      ? `${sentence(why.revision, why.text)}: ${why.reading}.`
      : why.kind === 'rule'
        ? `${sentence(why.revision, ruleText(why.rule, why.revision))}, the sentence of ${ruleLink(why.rule)}: ${why.reading}.`
        : `mcpact has no rule: ${why.reason}.${why.text && why.revision ? ` The text: ${sentence(why.revision, why.text)}.` : ''}`;
  if (!notes.includes(note)) notes.push(note);
  return `${why.kind === 'not-covered' ? 'not covered, see' : 'decided by'} note ${notes.indexOf(note) + 1}`;
}

/**
 * The rows as a Markdown table, with the sentences that decide a difference (and the ground mcpact does not cover)
 * as numbered notes below it. A fixture of the suite is named in its row: no sentence asks a server for one.
 */
export function agreementMarkdown(rows: readonly Row[]): string {
  const notes: string[] = [];
  const defects = rows.some((entry) => entry.defect !== undefined);
  const lines = rows.map(
    (entry) =>
      `| ${defects ? `\`${entry.defect ?? ''}\` | ` : ''}\`${entry.scenario}\` | ${cell(entry.checks)} | ${cell(suiteCell(entry.suite, entry.notScored))} | ${cell(mcpactCell(entry.mcpact))} | ${entry.agree ? 'agree' : cell(entry.whys.map((why) => whyCell(why, notes)).join('; '))} |`,
  );
  return [
    `| ${defects ? 'defect | ' : ''}scenario | what it checks | the suite | mcpact | where they differ |`,
    `| ${defects ? '--- | ' : ''}--- | --- | --- | --- | --- |`,
    ...lines,
    '',
    ...notes.map((note, index) => `${index + 1}. ${note}`),
  ].join('\n');
}
