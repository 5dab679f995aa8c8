/** How text reporters show a finding that stands for several occurrences: places, and the rules or cases it carries. */
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/model/report.js';
import { occurrences, occurrencesLine } from '../../src/report/occurrences.js';

const base: Finding = { ruleId: 'prompts/missing-required', severity: 'warning', message: 'm', location: { kind: 'prompt', name: 'review' } };
const line = (finding: Finding) => occurrencesLine(occurrences(finding)!, (name) => `[${name}]`);

describe('occurrencesLine', () => {
  it('names the other rules whose cases one answer stands for, shown as rule ids only', () => {
    const finding: Finding = {
      ...base,
      count: 3,
      locations: [
        { kind: 'prompt', name: 'review' },
        { kind: 'prompt', name: 'summarize', ruleId: 'prompts/empty-required', message: 'x' },
        { kind: 'prompt', name: 'summarize', ruleId: 'not a rule id\u001b[31m', message: 'y' },
      ],
    };
    expect(line(finding)).toBe('× 3 at 2 prompts: [review], [summarize]; the same answer in prompts/empty-required');
  });

  it("lists one rule's cases answered alike, escaped, when they are at fewer places than occurrences", () => {
    const variants = ['arguments is a string', 'arguments is an array', 'params without name', 'name not a string'];
    const finding: Finding = {
      ...base,
      ruleId: 'tools/malformed-call',
      location: { kind: 'server' },
      count: 4,
      locations: variants.map(() => ({ kind: 'server' as const })),
      data: { cases: variants.map((variant) => ({ ruleId: 'tools/malformed-call', variant, count: 1, severity: 'warning' })) },
    };
    expect(line(finding)).toBe('× 4 at 1 place: [server]; cases: [arguments is a string], [arguments is an array], [params without name], … (1 more)');
  });

  it('says nothing more for one rule merged by message', () => {
    const finding: Finding = {
      ...base,
      count: 2,
      locations: [
        { kind: 'prompt', name: 'a' },
        { kind: 'prompt', name: 'b' },
      ],
    };
    expect(line(finding)).toBe('× 2 prompts: [a], [b]');
  });
});
