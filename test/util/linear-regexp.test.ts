import { describe, expect, it } from 'vitest';
import { linearRegExp, PatternCompiler, PATTERN_LIMITS } from '../../src/util/linear-regexp.js';
import { patternCost } from '../../src/util/pattern-cost.js';

const bomb = (index: number, groups: number) => `^p${index}${'(?:ab|cd|ef){1000}'.repeat(groups)}$`;

describe('linearRegExp', () => {
  it('matches in linear time what backtracks in JavaScript', () => {
    const pattern = linearRegExp('^(a+)+$');
    expect(pattern.evaluated).toBe(true);
    expect(pattern.test(`${'a'.repeat(40)}!`)).toBe(false);
    expect(pattern.test('aaa')).toBe(true);
    expect(String(pattern)).toBe('/^(a+)+$/');
  });

  it('does not evaluate a pattern that needs a feature RE2 lacks, and throws on one JavaScript refuses', () => {
    const lookahead = linearRegExp('^(?=a)a$');
    expect(lookahead).toMatchObject({ evaluated: false, why: 'a feature RE2 lacks' });
    expect(lookahead.test('b')).toBe(true);
    expect(() => linearRegExp('(', 'u')).toThrow(SyntaxError);
  });

  it('does not compile a pattern whose program would be too large: 400 bytes are 170,000 instructions', () => {
    const started = performance.now();
    const pattern = linearRegExp(bomb(0, 21), 'u');
    expect(performance.now() - started).toBeLessThan(50);
    expect(pattern).toMatchObject({ evaluated: false, why: 'too large to compile' });
    expect(pattern.test('anything')).toBe(true);
    expect(String(pattern)).toContain('(not evaluated)');
  });
});

describe('PatternCompiler', () => {
  it('compiles patterns until its budget is spent, then evaluates no more', () => {
    const compiler = new PatternCompiler({ maxCost: PATTERN_LIMITS.maxCost, budget: 40_000 });
    const results = Array.from({ length: 8 }, (_, index) => compiler.compile(bomb(index, 1)));
    const compiled = Math.floor(40_000 / (patternCost(bomb(0, 1)) + 50));
    expect(results.filter((result) => result.evaluated)).toHaveLength(compiled);
    expect(results[compiled]).toMatchObject({ evaluated: false, why: "mcpact's budget for compiling patterns is spent" });
    // A pattern within the budget is compiled once: asked again (Ajv asks for every schema), it costs nothing.
    expect(compiler.compile(bomb(0, 1))).toBe(results[0]);
    expect(compiler.compile('^small$').evaluated).toBe(true);
  });

  it('pays for a pattern RE2 refuses, and remembers it', () => {
    const compiler = new PatternCompiler({ maxCost: 1_000, budget: 1_000 });
    const first = compiler.compile('^(?=a)a{100}$');
    expect(first.why).toBe('a feature RE2 lacks');
    expect(compiler.compile('^(?=a)a{100}$')).toBe(first);
  });
});
