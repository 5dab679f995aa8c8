/**
 * Golden-file comparisons shared by prompt expectations and suite cases: the golden form of a value (pretty JSON
 * after the user's normalize rules) and the verdict against the stored file. With --update-golden the text is
 * recorded for the CLI to write after the run, and nothing is compared.
 */
import type { RunRuntime } from './runtime.js';

export interface NormalizeRule {
  pattern: string;
  replace: string;
}

export function goldenText(value: unknown, normalize: readonly NormalizeRule[] | undefined): string {
  let text = JSON.stringify(value, null, 2) + '\n';
  for (const rule of normalize ?? []) text = text.replace(new RegExp(rule.pattern, 'g'), rule.replace);
  return text;
}

export type GoldenVerdict =
  | { kind: 'written' }
  | { kind: 'same' }
  | { kind: 'missing' }
  /** `line` is 1-based; the two lines are the values themselves, for --show-values only. */
  | { kind: 'different'; line: number; expectedLine: string | undefined; actualLine: string | undefined };

export function checkGolden(runtime: RunRuntime, file: string, text: string): GoldenVerdict {
  // Golden files are committed: they hold, and are compared with, the text with the config's secrets redacted.
  const actual = runtime.goldens.stored?.(text) ?? text;
  if (runtime.updateGolden) {
    runtime.goldens.write(file, actual);
    return { kind: 'written' };
  }
  const stored = runtime.goldens.read(file);
  if (stored === undefined) return { kind: 'missing' };
  if (stored === actual) return { kind: 'same' };
  const expected = stored.split('\n');
  const got = actual.split('\n');
  const index = expected.findIndex((line, position) => line !== got[position]);
  const line = (index === -1 ? Math.min(expected.length, got.length) : index) + 1;
  return { kind: 'different', line, expectedLine: expected[line - 1], actualLine: got[line - 1] };
}
