/**
 * The JUnit reporter on the hostile report: libxml2 accepts it against the JUnit XSD, a second parser reads it,
 * and what it says matches the report (suites per family, a case per rule, outcomes, reasons, durations).
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderJunit } from '../../../src/report/reporters/junit.js';
import { visibleText } from '../../../src/report/sanitize.js';
import { checkJunit, JENKINS_JUNIT_XSD_PATH, writeTemp, type JunitCase, type JunitDocument, type JunitSuite } from '../../support/ci-validators.js';
import { HOSTILE, hostileReport, reporterContext } from '../../support/hostile-report.js';

describe('junit reporter', () => {
  let xml: string;
  let errors: string[];
  let document: JunitDocument;
  const suite = (name: string): JunitSuite => {
    const found = document.testsuites.testsuite?.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no test suite "${name}"`);
    return found;
  };
  const testCase = (suiteName: string, name: string): JunitCase => {
    const found = suite(suiteName).testcase?.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no test case "${name}" in "${suiteName}"`);
    return found;
  };

  beforeAll(async () => {
    xml = renderJunit(hostileReport(), reporterContext());
    ({ errors, document } = await checkJunit(xml));
  });

  it('is well-formed XML 1.0 that the JUnit XSD accepts', () => {
    expect(errors).toEqual([]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites')).toBe(true);
  });

  it('has one suite per server and family, and one case per rule result, passes included', () => {
    const report = hostileReport();
    const names = document.testsuites.testsuite?.map((candidate) => candidate.name);
    expect(names).toEqual(['notes / protocol', 'notes / schema', 'notes / drift', `${visibleText(report.servers.at(1)?.name ?? '')} / run`]);
    expect(suite('notes / protocol').testcase?.map((candidate) => candidate.name)).toEqual(['protocol/ping', 'protocol/unknown-method']);
    // Four rules, and the case listing the findings below fail-on.
    expect(
      suite('notes / schema')
        .testcase?.map((candidate) => candidate.name)
        .at(-1),
    ).toBe('findings below fail-on');
    expect(suite('notes / schema').testcase).toHaveLength(5);
    expect(testCase('notes / protocol', 'protocol/ping')).toMatchObject({ classname: 'notes.protocol', time: '0.012' });
  });

  it('counts tests, failures, errors and skips on every level, and gives real durations in seconds', () => {
    expect(document.testsuites).toMatchObject({ tests: '10', failures: '1', errors: '2', time: '2.345' });
    expect(document.testsuites).not.toHaveProperty('skipped');
    expect(suite('notes / schema')).toMatchObject({ tests: '5', failures: '1', errors: '0', skipped: '2', time: '1.244' });
    expect(testCase('notes / schema', 'schema/tool-name').time).toBe('1.234');
  });

  it('fails a rule with findings at or above fail-on: message, type, and every finding with its location', () => {
    const [failure] = testCase('notes / schema', 'schema/tool-name').failure ?? [];
    expect(failure?.type).toBe('error');
    expect(failure?.message).toMatch(/^Tool name ".*" is not valid \(xmlForbidden\) \(\+\d+ more\)$/);
    expect(failure?.text).toContain(`at tool "${visibleText(HOSTILE.html)}"`);
    expect(failure?.text).toContain('defined at config dir/mcpact.yaml:3');
    expect(failure?.text).toContain('rests on MUST in 2025-11-25 server/tools#tool');
  });

  it('passes a rule whose findings are all below fail-on, listing them as output', () => {
    const passing = testCase('notes / schema', 'schema/tool-description');
    expect(passing.failure).toBeUndefined();
    expect(passing['system-out']).toContain('warning: Tool has no description');
    expect(passing['system-out']).toContain('info: Server says:');
  });

  it('marks skipped rules with their reason, crashed rules and unreachable servers as errors', () => {
    const skipped = testCase('notes / schema', 'schema/prompt-description').skipped;
    expect(typeof skipped === 'object' && skipped.message).toBe(visibleText(`no prompts ${HOSTILE.details} ${HOSTILE.xmlForbidden}`));
    const [crash] = testCase('notes / protocol', 'protocol/unknown-method').error ?? [];
    expect(crash).toMatchObject({ type: 'RuleError' });
    expect(crash?.message?.startsWith('TypeError: nul\\x00')).toBe(true);
    const runSuite = document.testsuites.testsuite?.at(-1);
    expect(runSuite?.testcase?.[0]?.error?.[0]).toMatchObject({ type: 'Incomplete', message: 'cannot connect: ECONNREFUSED' });
  });

  it('keeps rule notes of passing rules as output', () => {
    expect(testCase('notes / schema', 'schema/resource-uri')['system-out']).toContain('note: note: @everyone');
  });

  it('gives drift findings without a rule result a test case of their own', () => {
    const drift = testCase('notes / drift', 'drift/tool-description-changed');
    expect(drift['system-out']).toContain('warning: Description of tool');
  });

  it('bounds long server text and never lets escapes or forbidden characters through', () => {
    expect(xml.length).toBeLessThan(60_000);
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/);
    expect(xml).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('</details>');
  });
});

describe('junit reporter against the Jenkins xunit-plugin schema', () => {
  const xmllint = spawnSync('xmllint', ['--version'], { encoding: 'utf8' });
  const missing = xmllint.status !== 0;
  if (missing) console.warn('xmllint (libxml2-utils) is not installed: the CLI check is skipped; checkJunit still validates with libxml2 as WebAssembly');

  const lint = (xml: string) => {
    const file = writeTemp('junit.xml', xml);
    return spawnSync('xmllint', ['--noout', '--schema', JENKINS_JUNIT_XSD_PATH, file], { encoding: 'utf8' });
  };

  it.skipIf(missing)('xmllint accepts the report', () => {
    const result = lint(renderJunit(hostileReport(), reporterContext()));
    expect(result.stderr).toMatch(/validates$/m);
    expect(result.status).toBe(0);
  });

  it.skipIf(missing)('xmllint rejects what Jenkins rejects: skipped on <testsuites>', () => {
    const xml = renderJunit(hostileReport(), reporterContext()).replace('<testsuites name="mcpact"', '<testsuites name="mcpact" skipped="1"');
    const result = lint(xml);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/attribute 'skipped' is not allowed/);
  });

  it('findings below fail-on are also one skipped case per suite, with their text, where GitLab shows them', async () => {
    const { errors, document } = await checkJunit(renderJunit(hostileReport(), reporterContext()));
    expect(errors).toEqual([]);
    const cases = document.testsuites.testsuite?.flatMap((suite) => (suite.testcase ?? []).map((testCase) => ({ suite: suite.name, testCase }))) ?? [];
    const below = cases.filter(({ testCase }) => testCase.name === 'findings below fail-on');
    expect(below.length).toBeGreaterThan(0);
    for (const { testCase } of below) {
      expect(testCase.failure).toBeUndefined();
      const skipped = testCase.skipped as { message?: string; text?: string };
      expect(skipped.message).toMatch(/below fail-on \(error\); not failures$/);
      expect(skipped.text).toMatch(/^[a-z]+\/[a-z0-9-]+: (warning|info): /);
    }
  });
});
