/**
 * Regular expressions a server chose (`pattern` and `patternProperties` in its schemas), run by a linear-time
 * engine (RE2, as the re2js port): JavaScript's own engine backtracks, so `^(a+)+$` against forty a's and a `!`
 * would block mcpact for longer than any deadline, and nothing can interrupt a synchronous match.
 *
 * RE2 lacks lookaround and backreferences, the two features that need backtracking. A pattern using them is
 * valid JSON Schema, so it is not an error: it is not evaluated, and every string is taken to match it
 * (docs/hostile.md says so).
 */
import { RE2JS } from 're2js';

export interface LinearRegExp {
  test(text: string): boolean;
  /** `/pattern/flags`: Ajv keys its compiled patterns by this text, so it must differ per pattern. */
  toString(): string;
  /** False when the pattern needs a feature RE2 lacks: `test` then accepts every string. */
  readonly evaluated: boolean;
}

/**
 * A matcher for an ECMAScript pattern. Throws (as `new RegExp` does) when the pattern is not a valid JavaScript
 * regular expression at all, so a broken schema still fails to compile.
 */
export function linearRegExp(pattern: string, flags = ''): LinearRegExp {
  let translated: RE2JS;
  try {
    translated = RE2JS.compile(RE2JS.translateRegExp(pattern), flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
  } catch {
    // Not RE2 syntax. Valid JavaScript (compiling is linear, only matching backtracks) means a feature RE2 lacks.
    new RegExp(pattern, flags);
    return { test: () => true, evaluated: false, toString: () => `/${pattern}/${flags} (not evaluated)` };
  }
  return { test: (text) => translated.test(text), evaluated: true, toString: () => `/${pattern}/${flags}` };
}

/** The shape Ajv's `code.regExp` option takes. */
export const ajvRegExp = Object.assign((pattern: string, flags: string) => linearRegExp(pattern, flags), { code: 'linearRegExp' });
