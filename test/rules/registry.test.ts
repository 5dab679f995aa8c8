/** Every registered rule is unique, documented and tested: adding a rule without its table test fails here. */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../src/rules/index.js';
import { FAMILIES } from '../../src/model/family.js';
import { CHANGE_IDS } from '../../src/model/changes.js';
import {
  ABSENT,
  KEYWORDS,
  KNOWN_REVISIONS,
  LATER_REVISIONS,
  MODERN_REVISION,
  PARTIES,
  QUOTED_REVISIONS,
  TARGET_REVISION,
  targetRef,
  type RuleSpec,
  type SpecText,
} from '../../src/model/spec.js';

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
    // The default severity follows the text of the target revision: MUST and schema violations are errors, SHOULDs
    // warnings; a text that states no level for the server is a best practice (never an error), and one that binds
    // only the client is no verdict on the server (info). mcpact's own policy is never an error. CONFIG rules check
    // the user's own expectations.
    const { level, binds, basis } = targetRef(rule.spec!);
    if (['MUST', 'MUST NOT', 'SCHEMA'].includes(level)) expect(rule.defaultSeverity).toBe('error');
    if (['SHOULD', 'SHOULD NOT'].includes(level)) expect(rule.defaultSeverity).toBe('warning');
    if (level === 'BEST PRACTICE') expect(['warning', 'info']).toContain(rule.defaultSeverity);
    if (basis === 'policy') expect(['warning', 'info']).toContain(rule.defaultSeverity);
    if (binds === 'client') expect(rule.defaultSeverity).toBe('info');
    if (level === 'CONFIG') expect(rule.spec!.basis).toBe('config');
  });

  // The quoted sentence of every revision mcpact knows (scripts/verify-spec-quotes.ts checks them against the spec).
  const specs: [string, RuleSpec][] = [
    ...written.map((rule) => [rule.id, rule.spec!] as [string, RuleSpec]),
    ...written.flatMap((rule) => Object.entries(rule.alsoQuotes ?? {}).map(([what, spec]) => [`${rule.id} (${what})`, spec] as [string, RuleSpec])),
  ];
  it.each(specs)('%s says its policy in words wherever no quoted sentence binds the server to it', (_id, spec) => {
    const texts = QUOTED_REVISIONS.map((revision) => spec.texts[revision]).filter((text): text is SpecText => typeof text === 'object');
    const policy = spec.basis === 'policy' || texts.some((text) => text.binds === 'client');
    if (policy) expect(spec.policy?.trim().length ?? 0, 'a policy says what mcpact expects').toBeGreaterThan(20);
    else expect(spec.policy, 'a policy statement on a rule that rests on the spec or the config').toBeUndefined();
  });

  it.each(specs)('%s quotes its basis in every known revision', (_id, spec) => {
    // Every known revision; a later revision only where the rule quotes it.
    const keys = Object.keys(spec.texts);
    expect(keys.filter((key) => !(LATER_REVISIONS as readonly string[]).includes(key)).sort()).toEqual([...KNOWN_REVISIONS].sort());
    // mcpact speaks the modern revision: every rule says what it rests on there, a text or ABSENT (no fallback).
    expect(spec.texts[MODERN_REVISION], MODERN_REVISION).toBeDefined();
    // The target revision has a text, unless the requirement is one of the modern era only (2026-07-28 has it).
    if (spec.texts[TARGET_REVISION] === ABSENT) expect(spec.texts[MODERN_REVISION]).toMatchObject({ quote: expect.any(String) });
    for (const revision of QUOTED_REVISIONS) {
      const text = spec.texts[revision];
      if (text === undefined || text === ABSENT) continue;
      expect(KEYWORDS, revision).toContain(text.keyword);
      expect(PARTIES, revision).toContain(text.binds);
      expect(text.section, revision).toMatch(/^[a-z][a-z0-9/_-]*(#[a-z0-9_-]+)?$/);
      expect(text.quote.trim().length, revision).toBeGreaterThan(0);
      expect(text.quote.length, revision).toBeLessThanOrEqual(300);
    }
  });
});
