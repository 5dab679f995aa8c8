/** Every registered rule is unique, documented and tested: adding a rule without its table test fails here. */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../src/rules/index.js';
import { FAMILIES } from '../../src/engine/rule.js';

describe('rule registry', () => {
  it('has unique ids of the form <family>/<name>', () => {
    const ids = ALL_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of ALL_RULES) {
      expect(rule.id.startsWith(`${rule.family}/`)).toBe(true);
      expect(FAMILIES).toContain(rule.family);
    }
  });

  it.each(ALL_RULES.map((rule) => [rule.id, rule] as const))('%s has docs, a spec reference, a source file and a table test', (id, rule) => {
    const name = id.split('/')[1]!;
    expect(existsSync(new URL(`../../src/rules/${rule.family}/${name}.ts`, import.meta.url))).toBe(true);
    const test = new URL(`./${rule.family}/${name}.test.ts`, import.meta.url);
    expect(existsSync(test)).toBe(true);
    expect(readFileSync(test, 'utf8')).toContain('ruleTester(');
    expect(rule.docs.length).toBeGreaterThan(40);
    expect(rule.description.length).toBeGreaterThan(10);
    // MUST and schema violations are errors by default, SHOULDs warnings: severity follows the requirement level.
    if (['MUST', 'MUST NOT', 'SCHEMA'].includes(rule.spec.level)) expect(rule.defaultSeverity).toBe('error');
    if (['SHOULD', 'SHOULD NOT'].includes(rule.spec.level)) expect(rule.defaultSeverity).toBe('warning');
  });
});
