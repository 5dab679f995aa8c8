/** Every registered rule is unique, documented and tested: adding a rule without its table test fails here. */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../src/rules/index.js';
import { FAMILIES } from '../../src/model/family.js';
import { CHANGE_IDS } from '../../src/model/changes.js';

describe('rule registry', () => {
  it('has unique ids of the form <family>/<name>', () => {
    const ids = ALL_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of ALL_RULES) {
      expect(rule.id.startsWith(`${rule.family}/`)).toBe(true);
      expect(FAMILIES).toContain(rule.family);
    }
  });

  // Drift rules are generated from the change table (rules/drift/index.ts); test/drift/changes.test.ts has a table
  // per change id and test/drift/mirror.test.ts the mirror pairs.
  const written = ALL_RULES.filter((rule) => rule.change === undefined);

  it('generates one drift rule per change id, and no other rule rests on the lockfile', () => {
    expect(ALL_RULES.filter((rule) => rule.family === 'drift').map((rule) => rule.id)).toEqual(CHANGE_IDS.map((id) => `drift/${id}`));
    expect(written.every((rule) => rule.spec !== undefined && rule.family !== 'drift')).toBe(true);
  });

  it.each(written.map((rule) => [rule.id, rule] as const))('%s has docs, a spec reference, a source file and a table test', (id, rule) => {
    const name = id.split('/')[1]!;
    expect(existsSync(new URL(`../../src/rules/${rule.family}/${name}.ts`, import.meta.url))).toBe(true);
    const test = new URL(`./${rule.family}/${name}.test.ts`, import.meta.url);
    expect(existsSync(test)).toBe(true);
    expect(readFileSync(test, 'utf8')).toContain('ruleTester(');
    expect(rule.docs.length).toBeGreaterThan(40);
    expect(rule.description.length).toBeGreaterThan(10);
    // MUST and schema violations are errors by default, SHOULDs warnings: severity follows the requirement level.
    if (['MUST', 'MUST NOT', 'SCHEMA'].includes(rule.spec!.level)) expect(rule.defaultSeverity).toBe('error');
    if (['SHOULD', 'SHOULD NOT'].includes(rule.spec!.level)) expect(rule.defaultSeverity).toBe('warning');
  });
});
