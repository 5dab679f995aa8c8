/** Which text a verdict cites: the negotiated revision's, or the target's as a fallback; and the level it sets for the server. */
import { describe, expect, it } from 'vitest';
import { ABSENT, basisOf, citation, citedRef, citedSection, levelOf, since, targetRef, type RuleSpec, type SpecText } from '../../src/model/spec.js';

const must: SpecText = {
  keyword: 'MUST',
  binds: 'server',
  section: 'server/tools#output-schema',
  quote: 'Servers MUST provide structured results that conform to this schema.',
};
const none: SpecText = { keyword: 'none', binds: 'server', section: 'server/tools#tool', quote: '`name`: Unique identifier for the tool' };
const spec: RuleSpec = { checklist: 'T4', texts: { '2025-11-25': must, '2025-06-18': must, '2025-03-26': none, '2024-11-05': ABSENT } };

describe('citedRef', () => {
  it('quotes the revision the server negotiated', () => {
    expect(citedRef(spec, '2025-06-18')).toEqual({
      basis: 'spec',
      revision: '2025-06-18',
      level: 'MUST',
      section: must.section,
      checklist: 'T4',
      keyword: 'MUST',
      binds: 'server',
      quote: must.quote,
    });
    expect(citedRef(spec, '2025-03-26')).toMatchObject({ revision: '2025-03-26', level: 'BEST PRACTICE', keyword: 'none', quote: none.quote });
    expect(citedRef(spec, '2025-03-26').fallback).toBeUndefined();
  });
  it('cites the target revision, and says why, when the negotiated one is unknown or lacks the requirement', () => {
    expect(citedRef(spec, '2024-11-05')).toEqual({ ...targetRef(spec), fallback: 'not-in-revision' });
    for (const negotiated of ['1999-01-01', null, undefined]) expect(citedRef(spec, negotiated)).toEqual({ ...targetRef(spec), fallback: 'unknown-revision' });
    expect(targetRef(spec)).toMatchObject({ revision: '2025-11-25', level: 'MUST' });
  });
});

describe('levelOf', () => {
  it("is the keyword of a text that binds the server, a best practice where it states none, and mcpact's policy where it binds only the client", () => {
    expect(levelOf(must)).toBe('MUST');
    expect(levelOf({ ...must, keyword: 'SHOULD NOT', binds: 'receiver' })).toBe('SHOULD NOT');
    expect(levelOf({ ...must, keyword: 'SCHEMA', binds: 'both' })).toBe('SCHEMA');
    expect(levelOf({ ...must, binds: 'client' })).toBe('POLICY');
    expect(levelOf({ ...must, keyword: 'MAY' })).toBe('BEST PRACTICE');
    expect(levelOf(none)).toBe('BEST PRACTICE');
    expect(levelOf(must, { basis: 'config' })).toBe('CONFIG');
    expect(levelOf(must, { basis: 'policy' })).toBe('POLICY');
  });
});

describe('basis', () => {
  const policy: RuleSpec = { ...spec, basis: 'policy', policy: 'mcpact expects it.' };
  it('is the sentence, unless the rule rests on its policy or the sentence binds only the client', () => {
    expect(basisOf(must)).toBe('spec');
    expect(basisOf(none)).toBe('spec');
    expect(basisOf({ ...must, binds: 'client' })).toBe('policy');
    expect(basisOf(must, { basis: 'config' })).toBe('config');
    expect(basisOf(must, { basis: 'policy' })).toBe('policy');
  });
  it('carries the policy in words, and keeps the sentence as its context', () => {
    expect(citedRef(policy, '2025-06-18')).toMatchObject({
      basis: 'policy',
      level: 'POLICY',
      policy: 'mcpact expects it.',
      keyword: 'MUST',
      quote: must.quote,
    });
    expect(citedRef(spec, '2025-06-18').policy).toBeUndefined();
  });
});

describe('citation', () => {
  it('names the level (best practice for a text without one) and the revision, and says when it is a fallback', () => {
    expect(citation(citedRef(spec, '2025-06-18'))).toBe('MUST in 2025-06-18');
    expect(citation(citedRef(spec, '2025-03-26'))).toBe('best practice in 2025-03-26');
    expect(citation(citedRef(spec, '2024-11-05'))).toBe('MUST in 2025-11-25 (not in the negotiated revision)');
    expect(citation(citedRef(spec, 'draft'))).toBe('MUST in 2025-11-25 (negotiated revision unknown)');
  });
  it('never reads a policy as a requirement of the revision, and says when the revision permits what the server did', () => {
    const policy: RuleSpec = { ...spec, basis: 'policy', policy: 'mcpact expects it.' };
    expect(citation(citedRef(policy, '2025-06-18'))).toBe('mcpact policy (no sentence of 2025-06-18 requires it)');
    expect(citation({ ...citedRef(policy, '2025-06-18'), lenient: true })).toBe('mcpact policy (2025-06-18 permits what the server did)');
    expect(citation(citedRef(policy, 'draft'))).toBe('mcpact policy (no sentence of 2025-11-25 requires it; negotiated revision unknown)');
    expect(citedSection(citedRef(policy, '2025-06-18'), 'server/tools#tool')).toBe(
      'mcpact policy (no sentence of 2025-06-18 requires it) · context server/tools#tool',
    );
    expect(citedSection(citedRef(spec, '2025-06-18'), 'server/tools#tool')).toBe('MUST in 2025-06-18 server/tools#tool');
  });
});

describe('since', () => {
  it('states a sentence once: absent before the revision it appeared in, the same text in every later one', () => {
    expect(since('2025-03-26', must)).toEqual({ '2024-11-05': ABSENT, '2025-03-26': must, '2025-06-18': must, '2025-11-25': must, '2026-07-28': must });
    expect(since('2024-11-05', none)['2026-07-28']).toBe(none);
  });
  it('carries a change forward, merged into the text in force; `note: undefined` drops a note', () => {
    const noted = { ...must, note: 'why' };
    const texts = since('2024-11-05', noted, {
      '2025-06-18': { section: 'server/tools#structured-content' },
      '2026-07-28': { keyword: 'SHOULD', quote: 'Servers SHOULD do it.', note: undefined },
    });
    expect(texts['2025-03-26']).toBe(noted);
    expect(texts['2025-06-18']).toEqual({ ...noted, section: 'server/tools#structured-content' });
    expect(texts['2025-11-25']).toEqual({ ...noted, section: 'server/tools#structured-content' });
    expect(texts['2026-07-28']).toEqual({ keyword: 'SHOULD', binds: 'server', section: 'server/tools#structured-content', quote: 'Servers SHOULD do it.' });
    expect(texts['2026-07-28']).not.toHaveProperty('note');
  });
  it('drops a sentence where a revision lacks it, and takes it back only in full', () => {
    expect(since('2024-11-05', must, { '2026-07-28': ABSENT })['2026-07-28']).toBe(ABSENT);
    expect(since('2024-11-05', must, { '2025-03-26': ABSENT, '2025-06-18': none })).toMatchObject({ '2025-03-26': ABSENT, '2025-06-18': none });
    expect(() => since('2024-11-05', must, { '2025-03-26': ABSENT, '2025-06-18': { section: 'server/tools#tool' } })).toThrow(/without its keyword/);
  });
  it('is a requirement of the modern era only when it appears in 2026-07-28', () => {
    expect(since('2026-07-28', must)).toEqual({ '2024-11-05': ABSENT, '2025-03-26': ABSENT, '2025-06-18': ABSENT, '2025-11-25': ABSENT, '2026-07-28': must });
    expect(() => since('2024-11-05', must, { '2025-11-25': ABSENT })).toThrow(/no sentence in 2025-11-25/);
  });
  it('refuses a change that says nothing: one at or before the first revision, or one that changes no field', () => {
    expect(() => since('2025-03-26', must, { '2024-11-05': none })).toThrow(/not after the sentence appeared/);
    expect(() => since('2025-03-26', must, { '2025-03-26': none })).toThrow(/not after the sentence appeared/);
    expect(() => since('2024-11-05', must, { '2026-07-28': { quote: must.quote } })).toThrow(/changes nothing/);
    expect(() => since('2024-11-05', must, { '2025-06-18': ABSENT, '2026-07-28': ABSENT })).toThrow(/already absent/);
  });
});
