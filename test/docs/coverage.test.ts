/**
 * What the docs say mcpact covers agrees with the registry: the README's opening names both eras, the conformance
 * map names only rules that exist, and each checklist row names every rule whose findings cite that item. (The
 * counts and era lists are generated: src/docs/coverage.ts, kept current by test/generated.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../src/rules/index.js';
import { FAMILIES } from '../../src/model/family.js';
import { LATER_REVISIONS, TARGET_REVISION, targetRef } from '../../src/model/spec.js';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const ids = new Set(ALL_RULES.map((rule) => rule.id));
/** MCP methods and notifications the page names that share a rule family's prefix. */
const METHODS = new Set([
  'prompts/get',
  'prompts/list',
  'tools/call',
  'tools/list',
  'resources/read',
  'resources/list',
  'resources/unsubscribe',
  'resources/updated',
  'tasks/get',
  'tasks/result',
  'tasks/update',
  'tasks/list',
]);

describe('coverage statements in the docs', () => {
  it("README's opening paragraph names the initialize era's target revision and every later one mcpact speaks", () => {
    const opening = read('README.md').split('\n\n')[1] ?? '';
    for (const revision of [TARGET_REVISION, ...LATER_REVISIONS]) expect(opening, revision).toContain(revision);
  });

  it('docs/conformance.md names only rules the registry has', () => {
    const named = [...read('docs/conformance.md').matchAll(new RegExp(`\`((?:${FAMILIES.join('|')})/[a-z0-9-]+)\``, 'g'))].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(50);
    expect(named.filter((id) => !ids.has(id) && !METHODS.has(id))).toEqual([]);
  });

  it('each server-checklist row of docs/conformance.md names every rule whose findings cite that item', () => {
    const rows = new Map<string, string>();
    for (const match of read('docs/conformance.md').matchAll(/^\| ([A-Z]+\d+) \| [^\n]*$/gm)) rows.set(match[1]!, match[0]);
    const missing = ALL_RULES.flatMap((rule) => {
      const checklist = rule.spec && targetRef(rule.spec).checklist;
      if (checklist === undefined) return [];
      return rows.get(checklist)?.includes(`\`${rule.id}\``) ? [] : [`${checklist}: ${rule.id}`];
    });
    expect(missing).toEqual([]);
  });
});
