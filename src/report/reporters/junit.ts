/**
 * JUnit XML in the Jenkins/Surefire dialect that CI systems read (GitLab, Jenkins, Azure, test-report actions):
 * one <testsuite> per server and rule family, one <testcase> per rule result, passes included.
 *
 * A rule is a failed test when it has a finding at or above fail-on, so the test outcome agrees with the exit
 * code; findings below fail-on are listed in the passing test's <system-out>. A rule that crashed is an <error>,
 * a skipped rule <skipped> with its reason, and a server that could not be fully tested one more <error> case.
 * Findings without a rule result (a report written by another mcpact version) become test cases of their own.
 * Known findings (docs/ci.md#known-findings) are not failures: a rule with only those is a skipped case that
 * names them, and each stale entry of the known-findings file is a failed case of one more suite.
 */
import { occurrences, occurrencesLine } from '../occurrences.js';
import { answerLine, backendLine } from '../answer.js';
import { atLeast, type Severity } from '../../model/severity.js';
import { xmlAttribute, xmlText } from '../escape-xml.js';
import { citation } from '../../model/spec.js';
import type { Finding, LatencyReport, RuleResult, RunReport, ServerReport } from '../../model/report.js';
import { entryLabel, STALE_HINT } from '../known-findings.js';
import { inheritedLabel } from '../inherited.js';
import { truncate } from '../../util/text.js';
import type { Render } from './types.js';

/** Attribute messages are one line in most UIs; the element text carries the details. */
const ATTRIBUTE_LIMIT = 300;
const TEXT_LIMIT = 2_000;

type Outcome =
  | { kind: 'pass' }
  | { kind: 'failure'; message: string; type: Severity | 'StaleKnownFinding' }
  | { kind: 'skipped'; message: string }
  | { kind: 'error'; message: string; type: string };

interface TestCase {
  name: string;
  ms: number;
  outcome: Outcome;
  /** Element text of <failure>/<error>: the details. */
  details?: string;
  /** Notes shown with the test whatever its outcome: findings below fail-on, rule notes. */
  output?: string;
}

interface TestSuite {
  name: string;
  classname: string;
  cases: TestCase[];
  properties: [string, string][];
}

export const renderJunit: Render = (report) => {
  const suites = [...report.servers.flatMap((server) => serverSuites(server, report.failOn)), ...staleSuite(report)];
  const cases = suites.flatMap((suite) => suite.cases);
  const totals = counts(cases);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    // No `skipped` here: the Jenkins xunit-plugin schema allows it on <testsuite> only.
    `<testsuites name="mcpact" tests="${cases.length}" failures="${totals.failures}" errors="${totals.errors}" time="${seconds(report.durationMs)}">`,
    ...suites.flatMap(suiteXml),
    '</testsuites>',
    '',
  ].join('\n');
};

function serverSuites(server: ServerReport, failOn: Severity): TestSuite[] {
  // Inherited findings are one suite of their own (one case per rule); a rule's own case keeps the author's findings.
  const byRule = new Map<string, Finding[]>();
  const inherited = new Map<string, Finding[]>();
  for (const finding of server.findings) {
    const into = finding.inherited ? inherited : byRule;
    into.set(finding.ruleId, [...(into.get(finding.ruleId) ?? []), finding]);
  }
  const suites = new Map<string, TestSuite>();
  const suiteFor = (family: string): TestSuite => {
    let suite = suites.get(family);
    if (!suite) {
      suite = { name: `${server.name} / ${family}`, classname: `${server.name}.${family}`, cases: [], properties: serverProperties(server) };
      suites.set(family, suite);
    }
    return suite;
  };
  const below = new Map<string, Finding[]>();
  for (const rule of server.rules) {
    const findings = byRule.get(rule.id) ?? [];
    suiteFor(rule.family).cases.push(ruleCase(rule, findings, failOn, server));
    const quiet = findings.filter((finding) => !atLeast(finding.severity, failOn));
    if (quiet.length > 0) below.set(rule.family, [...(below.get(rule.family) ?? []), ...quiet]);
    byRule.delete(rule.id);
  }
  // GitLab shows text only for failed, errored and skipped tests, never a passing test's <system-out>: findings
  // below fail-on are also one skipped case per suite, so they are visible there without failing anything.
  for (const [family, findings] of below) suiteFor(family).cases.push(belowFailOnCase(findings, failOn, server));
  // Findings without a rule result (never made by this version's engine): one test case per rule id, in its id's family.
  for (const [ruleId, findings] of byRule) {
    const family = ruleId.includes('/') ? ruleId.slice(0, ruleId.indexOf('/')) : 'other';
    suiteFor(family).cases.push(findingsCase(ruleId, 0, findings, failOn, server));
  }
  for (const [ruleId, findings] of inherited) suiteFor('inherited').cases.push(findingsCase(ruleId, 0, findings, failOn, server));
  // Latency numbers as properties of the latency suite, so CI can chart them whether or not a budget failed.
  if (server.latency) for (const property of latencyProperties(server.latency)) suiteFor('latency').properties.push(property);
  // Said once, on the suite whose verdicts it made inconclusive.
  const backend = backendLine(server.backend, (text) => text);
  if (server.backend && backend && suites.has('tools')) {
    suiteFor('tools').properties.push(
      ['backend.unreachable', String(server.backend.unreachable)],
      ['backend.calls', String(server.backend.calls)],
      ['backend.note', truncate(backend, TEXT_LIMIT)],
    );
  }
  const result = [...suites.values()];
  if (server.error !== undefined) {
    result.push({
      name: `${server.name} / run`,
      classname: `${server.name}.run`,
      properties: serverProperties(server),
      cases: [
        {
          name: 'server fully tested',
          ms: 0,
          outcome: { kind: 'error', message: firstLine(server.error), type: 'Incomplete' },
          details: truncate(server.error, TEXT_LIMIT),
        },
      ],
    });
  }
  return result;
}

function ruleCase(rule: RuleResult, findings: Finding[], failOn: Severity, server: ServerReport): TestCase {
  const time = rule.durationMs;
  if (rule.status === 'error') {
    const reason = rule.reason ?? 'the rule crashed';
    return { name: rule.id, ms: time, outcome: { kind: 'error', message: firstLine(reason), type: 'RuleError' }, details: truncate(reason, TEXT_LIMIT) };
  }
  if (rule.status === 'skip') return { name: rule.id, ms: time, outcome: { kind: 'skipped', message: rule.reason ?? 'not applicable' } };
  // Neither a pass nor a failure: CI shows it as skipped, with why.
  if (rule.status === 'inconclusive') return { name: rule.id, ms: time, outcome: { kind: 'skipped', message: `inconclusive: ${rule.reason ?? 'no verdict'}` } };
  const testCase = findingsCase(rule.id, time, findings, failOn, server);
  if (rule.reason !== undefined) testCase.output = [`note: ${truncate(rule.reason, TEXT_LIMIT)}`, testCase.output].filter(Boolean).join('\n\n');
  return testCase;
}

function findingsCase(name: string, time: number, findings: Finding[], failOn: Severity, server: ServerReport): TestCase {
  const failing = findings.filter((finding) => atLeast(finding.severity, failOn) && finding.known !== true);
  const known = findings.filter((finding) => atLeast(finding.severity, failOn) && finding.known === true);
  const below = findings.filter((finding) => !atLeast(finding.severity, failOn));
  const output = below.length > 0 ? below.map((finding) => findingText(finding, server)).join('\n\n') : undefined;
  if (failing.length === 0 && known.length > 0) {
    return {
      name,
      ms: time,
      outcome: { kind: 'skipped', message: `${known.length} known finding${known.length === 1 ? '' : 's'} (listed in the known-findings file); not failures` },
      details: known.map((finding) => findingText(finding, server)).join('\n\n'),
      output,
    };
  }
  if (failing.length === 0) return { name, ms: time, outcome: { kind: 'pass' }, output };
  const [first] = failing as [Finding, ...Finding[]];
  const more = failing.length > 1 ? ` (+${failing.length - 1} more)` : '';
  return {
    name,
    ms: time,
    outcome: { kind: 'failure', message: `${truncate(first.message, ATTRIBUTE_LIMIT)}${more}`, type: worst(failing) },
    details: failing.map((finding) => findingText(finding, server)).join('\n\n'),
    output: [...known.map((finding) => findingText(finding, server)), ...(output === undefined ? [] : [output])].join('\n\n') || undefined,
  };
}

/** Each stale entry of the known-findings file as a failed test: it fails the run. */
function staleSuite(report: RunReport): TestSuite[] {
  const section = report.knownFindings;
  if (section === undefined || section.stale.length === 0) return [];
  return [
    {
      name: 'known findings',
      classname: 'known-findings',
      properties: [
        ['file', section.file],
        ['known', String(section.known)],
      ],
      cases: section.stale.map((entry) => ({
        name: truncate(entryLabel(entry), ATTRIBUTE_LIMIT),
        ms: 0,
        outcome: { kind: 'failure', message: `stale: ${STALE_HINT}`, type: 'StaleKnownFinding' },
        details: `${truncate(entry.cause, TEXT_LIMIT)}\n  listed in ${section.file}`,
      })),
    },
  ];
}

function belowFailOnCase(findings: Finding[], failOn: Severity, server: ServerReport): TestCase {
  const counts = (['warning', 'info'] as const)
    .map((severity) => [severity, findings.filter((finding) => finding.severity === severity).length] as const)
    .filter(([, count]) => count > 0)
    .map(([severity, count]) => `${count} ${severity === 'warning' ? `warning${count === 1 ? '' : 's'}` : 'info'}`);
  return {
    name: 'findings below fail-on',
    ms: 0,
    outcome: { kind: 'skipped', message: `${counts.join(', ')} below fail-on (${failOn}); not failures` },
    details: findings.map((finding) => `${finding.ruleId}: ${findingText(finding, server)}`).join('\n\n'),
  };
}

/** One finding as readable text: what, where (item and config line), and the requirement it rests on. */
function findingText(finding: Finding, server: ServerReport): string {
  const { location, spec } = finding;
  const lines = [`${finding.severity}: ${truncate(finding.message, TEXT_LIMIT)}`];
  const item = [
    location.kind,
    location.name !== undefined ? `"${truncate(location.name, 200)}"` : undefined,
    location.pointer && truncate(location.pointer, 200),
  ];
  lines.push(`  at ${item.filter(Boolean).join(' ')} of server "${server.name}"`);
  const said = answerLine(finding.answer, (text) => text);
  if (said) lines.push(`  ${said}`);
  const found = occurrences(finding);
  if (found) lines.push(`  ${occurrencesLine(found, (name) => `"${truncate(name, 200)}"`)}`);
  if (server.source) lines.push(`  defined at ${server.source.file}:${server.source.line}`);
  const quoted = spec?.quote ? `: "${truncate(spec.quote, 300)}"` : '';
  // A policy is mcpact's own expectation: it is said in words, and the sentence is only its context.
  if (spec?.basis === 'policy') {
    lines.push(`  rests on ${citation(spec)}${spec.policy ? `: ${truncate(spec.policy, 300)}` : ''}`);
    lines.push(`  context ${spec.section} (${spec.url})${quoted}`);
  } else if (spec) lines.push(`  rests on ${citation(spec)} ${spec.section} (${spec.url})${quoted}`);
  if (finding.known) lines.push('  known: listed in the known-findings file, so not a failure');
  const mark = finding.inherited;
  if (mark) lines.push(`  inherited from ${inheritedLabel(mark)} (signature ${mark.signature}${mark.reference ? `, ${mark.reference}` : ''})`);
  if (finding.data !== undefined) lines.push(`  data: ${truncate(JSON.stringify(finding.data), TEXT_LIMIT)}`);
  return lines.join('\n');
}

function suiteXml(suite: TestSuite): string[] {
  const totals = counts(suite.cases);
  const time = suite.cases.reduce((sum, testCase) => sum + testCase.ms, 0);
  const lines = [
    `  <testsuite name="${xmlAttribute(suite.name)}" tests="${suite.cases.length}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}" time="${seconds(time)}">`,
    '    <properties>',
    ...suite.properties.map(([name, value]) => `      <property name="${xmlAttribute(name)}" value="${xmlAttribute(value)}"/>`),
    '    </properties>',
  ];
  for (const testCase of suite.cases) for (const line of caseXml(testCase, suite.classname)) lines.push(line);
  lines.push('  </testsuite>');
  return lines;
}

function caseXml(testCase: TestCase, classname: string): string[] {
  const open = `    <testcase name="${xmlAttribute(testCase.name)}" classname="${xmlAttribute(classname)}" time="${seconds(testCase.ms)}"`;
  const children: string[] = [];
  const { outcome } = testCase;
  if (outcome.kind === 'failure' || outcome.kind === 'error') {
    const details = testCase.details !== undefined ? xmlText(testCase.details) : '';
    children.push(
      `      <${outcome.kind} message="${xmlAttribute(truncate(outcome.message, ATTRIBUTE_LIMIT))}" type="${xmlAttribute(outcome.type)}">${details}</${outcome.kind}>`,
    );
  } else if (outcome.kind === 'skipped') {
    const message = `message="${xmlAttribute(truncate(outcome.message, ATTRIBUTE_LIMIT))}"`;
    children.push(
      testCase.details === undefined
        ? `      <skipped ${message}/>`
        : `      <skipped ${message}>${xmlText(truncate(testCase.details, TEXT_LIMIT * 5))}</skipped>`,
    );
  }
  if (testCase.output !== undefined) children.push(`      <system-out>${xmlText(testCase.output)}</system-out>`);
  return children.length === 0 ? [`${open}/>`] : [`${open}>`, ...children, '    </testcase>'];
}

function serverProperties(server: ServerReport): [string, string][] {
  const properties: [string, string][] = [
    ['server', server.name],
    ['transport', server.transport],
    ['complete', String(server.complete)],
  ];
  if (server.protocolVersion !== null) properties.push(['protocolVersion', server.protocolVersion]);
  if (server.source) properties.push(['source', `${server.source.file}:${server.source.line}`]);
  return properties;
}

function latencyProperties(latency: LatencyReport): [string, string][] {
  const ms = (value: number | null) => (value === null ? '' : String(value));
  const properties: [string, string][] = [
    ['latency.overall.samples', String(latency.overall.samples)],
    ['latency.overall.p50Ms', ms(latency.overall.p50Ms)],
    ['latency.overall.p95Ms', ms(latency.overall.p95Ms)],
  ];
  for (const tool of latency.tools) {
    const key = `latency.tool.${truncate(tool.name, 200)}`;
    properties.push([`${key}.samples`, String(tool.samples)], [`${key}.errors`, String(tool.errors)], [`${key}.timeouts`, String(tool.timeouts)]);
    properties.push([`${key}.p50Ms`, ms(tool.p50Ms)], [`${key}.p95Ms`, ms(tool.p95Ms)]);
    if (tool.budget?.p50Ms !== undefined) properties.push([`${key}.budget.p50Ms`, String(tool.budget.p50Ms)]);
    if (tool.budget?.p95Ms !== undefined) properties.push([`${key}.budget.p95Ms`, String(tool.budget.p95Ms)]);
  }
  for (const entry of latency.skipped) properties.push([`latency.skipped.${truncate(entry.name, 200)}`, truncate(entry.reason, ATTRIBUTE_LIMIT)]);
  return properties;
}

function counts(cases: TestCase[]): { failures: number; errors: number; skipped: number } {
  const of = (kind: Outcome['kind']) => cases.filter((testCase) => testCase.outcome.kind === kind).length;
  return { failures: of('failure'), errors: of('error'), skipped: of('skipped') };
}

function worst(findings: Finding[]): Severity {
  return findings.some((finding) => finding.severity === 'error') ? 'error' : findings.some((finding) => finding.severity === 'warning') ? 'warning' : 'info';
}

/** JUnit times are seconds. */
function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}
