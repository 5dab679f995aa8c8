/**
 * Regular expressions a server chose (`pattern` and `patternProperties` in its schemas), run by a linear-time
 * engine (RE2, as the re2js port): JavaScript's own engine backtracks, so `^(a+)+$` against forty a's and a `!`
 * would block mcpact for longer than any deadline, and nothing can interrupt a synchronous match.
 *
 * RE2 lacks lookaround and backreferences, the two features that need backtracking. A pattern using them is
 * valid JSON Schema, so it is not an error: it is not evaluated, and every string is taken to match it
 * (docs/hostile.md says so).
 *
 * Compiling is synchronous work of the server's choosing too: RE2 expands counted repetition, so 400 bytes can
 * compile to a program of 170,000 instructions (util/pattern-cost.ts). A pattern whose program would be larger
 * than `maxCost` is not evaluated either, nor is any pattern once the process has compiled `budget` worth of them
 * (a hundred patterns each just under the bound must not add up to minutes, or to gigabytes: Ajv keeps every
 * pattern it was given for as long as it lives). A pattern is compiled once, whichever schema uses it again.
 */
import { RE2JS } from 're2js';
import { patternCost } from './pattern-cost.js';

export interface LinearRegExp {
  test(text: string): boolean;
  /** `/pattern/flags`: Ajv keys its compiled patterns by this text, so it must differ per pattern. */
  toString(): string;
  /** False when the pattern is not evaluated (`why` says why): `test` then accepts every string. */
  readonly evaluated: boolean;
  readonly why?: NotEvaluated;
}

/** Why a pattern is not evaluated. */
export type NotEvaluated = 'a feature RE2 lacks' | 'too large to compile' | "mcpact's budget for compiling patterns is spent";

export interface PatternLimits {
  /** The largest pattern compiled, in estimated program instructions (util/pattern-cost.ts). */
  maxCost: number;
  /** What all patterns compiled by one process may cost together. */
  budget: number;
}

/**
 * About 100 ms and 3 MB for the largest pattern, and about a second and 40 MB in all: honest patterns are far
 * smaller (`^[a-z0-9-]{1,63}$` is about 200, a thousand distinct ones fit).
 */
export const PATTERN_LIMITS: PatternLimits = { maxCost: 20_000, budget: 250_000 };

/** What compiling any pattern costs besides its program: a compiled pattern keeps about 8 KB however small. */
const COMPILE_COST = 50;

/** Compiles patterns within limits of its own, remembering each one it compiled. */
export class PatternCompiler {
  private spent = 0;
  /** Every pattern compiled, by `/pattern/flags`: bounded by the budget, since each was paid for. */
  private readonly compiled = new Map<string, LinearRegExp>();

  constructor(private readonly limits: PatternLimits = PATTERN_LIMITS) {}

  /**
   * A matcher for an ECMAScript pattern. Throws (as `new RegExp` does) when the pattern is not a valid JavaScript
   * regular expression at all, so a broken schema still fails to compile.
   */
  compile(pattern: string, flags = ''): LinearRegExp {
    const key = `/${pattern}/${flags}`;
    const known = this.compiled.get(key);
    if (known) return known;
    const cost = patternCost(pattern) + COMPILE_COST;
    if (cost > this.limits.maxCost) return notEvaluated(pattern, flags, 'too large to compile');
    if (this.spent + cost > this.limits.budget) return notEvaluated(pattern, flags, "mcpact's budget for compiling patterns is spent");
    // Spent whether or not RE2 takes it: parsing up to the failure costs as much.
    this.spent += cost;
    let matcher: LinearRegExp;
    try {
      const translated = RE2JS.compile(RE2JS.translateRegExp(pattern), flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
      matcher = { test: (text) => translated.test(text), evaluated: true, toString: () => key };
    } catch {
      // Not RE2 syntax. Valid JavaScript (compiling is linear, only matching backtracks) means a feature RE2 lacks.
      matcher = notEvaluated(pattern, flags, 'a feature RE2 lacks');
    }
    this.compiled.set(key, matcher);
    return matcher;
  }
}

function notEvaluated(pattern: string, flags: string, why: NotEvaluated): LinearRegExp {
  new RegExp(pattern, flags);
  return { test: () => true, evaluated: false, why, toString: () => `/${pattern}/${flags} (not evaluated)` };
}

const shared = new PatternCompiler();

/** A matcher for a server's pattern, within the process's limits (`PATTERN_LIMITS`). */
export function linearRegExp(pattern: string, flags = ''): LinearRegExp {
  return shared.compile(pattern, flags);
}

/** The shape Ajv's `code.regExp` option takes. */
export const ajvRegExp = Object.assign((pattern: string, flags: string) => linearRegExp(pattern, flags), { code: 'linearRegExp' });
