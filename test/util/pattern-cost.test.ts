import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { patternCost } from '../../src/util/pattern-cost.js';

/** The instructions RE2 compiles a pattern into, as re2js counts them. */
const sizes = new Map<string, number>();
const programSize = (pattern: string): number => {
  const size = sizes.get(pattern) ?? RE2JS.compile(RE2JS.translateRegExp(pattern)).matcher('').programSize();
  sizes.set(pattern, size);
  return size;
};

const PATTERNS = [
  '',
  '^$',
  '^[a-zA-Z0-9_-]{1,64}$',
  '^(a+)+$',
  '^(a|aa)+$',
  '^.{0,1000}$',
  '^\\d{4}-\\d{2}-\\d{2}$',
  '^(?<year>\\d{4})-(\\d{2})$',
  '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$',
  '[^\\s]+@[^\\s]+',
  '^[a-z]*?$',
  'a{2,}',
  'a{0}',
  'a{2,5}?',
  '(a|b|)*',
  '|||',
  '(?:)',
  '((((a))))',
  'abc|def|ghi',
  '[\\]a]{5}',
  '\\u{1F600}{3}',
  '\\p{L}+',
  '(?:a|b)(?:c|d){3,7}',
  '(?:a{10}){100}',
  'x{1000}y{1000}',
  '(?:ab|cd|ef){1000}',
  `^p0${'(?:ab|cd|ef){1000}'.repeat(3)}$`,
];

describe('patternCost', () => {
  it('never counts fewer instructions than RE2 compiles', () => {
    for (const pattern of PATTERNS) expect(patternCost(pattern), pattern).toBeGreaterThanOrEqual(programSize(pattern));
  });

  it('stays close to the program for counted repetition, the case that matters', () => {
    for (const pattern of ['^.{0,1000}$', 'x{1000}y{1000}', `^p0${'(?:ab|cd|ef){1000}'.repeat(3)}$`]) {
      expect(patternCost(pattern), pattern).toBeLessThan(programSize(pattern) * 1.1);
    }
    // 400 bytes of the same groups (fixtures/hostile/stdio.ts pattern-bomb): RE2 compiles 168,006.
    expect(patternCost(`^p0${'(?:ab|cd|ef){1000}'.repeat(21)}$`)).toBeGreaterThan(168_006);
  });

  it('multiplies nested counts and knows the quantifiers', () => {
    expect(patternCost('(?:(?:(?:a){100}){100}){100}')).toBeGreaterThan(1_000_000);
    expect(patternCost(`a{${'9'.repeat(40)}}`)).toBeGreaterThan(1e30);
    // Not counts: a brace that starts no quantifier, and braces of an escape.
    expect(patternCost('a{,5}')).toBeLessThan(30);
    expect(patternCost('\\u{1000}\\p{Lu}')).toBeLessThan(40);
    // A class is one instruction whatever it holds, and its length is paid once.
    expect(patternCost('[{1000}]')).toBeLessThan(30);
  });

  it('estimates a broken source too, never throwing: open groups still count', () => {
    expect(patternCost('((?:ab){1000}')).toBeGreaterThan(2_000);
    expect(patternCost('a)(b')).toBeGreaterThan(0);
    expect(patternCost('[abc')).toBeGreaterThan(0);
    expect(patternCost('\\')).toBeGreaterThan(0);
  });
});

describe('patternCost on long sources', () => {
  it('stays linear where a name or a property never closes', () => {
    const started = performance.now();
    patternCost('\\u{'.repeat(300_000));
    patternCost('(?<'.repeat(300_000));
    patternCost(`{${'9'.repeat(300_000)}`.repeat(3));
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
