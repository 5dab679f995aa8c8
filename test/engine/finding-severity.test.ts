/**
 * A finding that cites a text of its own (`Report.spec`) takes that text's keyword as its default severity when the
 * rule's severity follows the revision (a SHOULD a warning beside the rule's MUST, an error); any other rule keeps
 * its own default for every finding.
 */
import { describe, expect, it } from 'vitest';
import { defineRule, type Rule } from '../../src/engine/rule.js';
import { since } from '../../src/model/spec.js';
import { runRuleOnFake } from '../support/rule-tester.js';

const SHOULD = {
  texts: since('2024-11-05', { keyword: 'SHOULD', binds: 'server', section: 'basic/lifecycle#initialization', quote: 'a SHOULD' }),
} as const;

function rule(severityFollowsRevision: boolean): Rule {
  return defineRule({
    id: 'protocol/test-finding-severity',
    family: 'protocol',
    description: 'test',
    defaultSeverity: 'error',
    severityFollowsRevision,
    spec: { texts: since('2024-11-05', { keyword: 'MUST', binds: 'server', section: 'basic/lifecycle#initialization', quote: 'a MUST' }) },
    alsoQuotes: { should: SHOULD },
    docs: 'test',
    check({ report }) {
      report({ message: 'breaks the MUST', location: { kind: 'server' } });
      report({ message: 'breaks the SHOULD', location: { kind: 'server' }, spec: SHOULD });
    },
  });
}

const severities = async (follows: boolean) =>
  Object.fromEntries((await runRuleOnFake(rule(follows), { tools: [] })).findings.map((finding) => [finding.message, finding.severity]));

describe('the severity of a finding that cites its own text', () => {
  it('follows that text where the rule follows the revision', async () => {
    expect(await severities(true)).toEqual({ 'breaks the MUST': 'error', 'breaks the SHOULD': 'warning' });
  });

  it("is the rule's default otherwise", async () => {
    expect(await severities(false)).toEqual({ 'breaks the MUST': 'error', 'breaks the SHOULD': 'error' });
  });
});
