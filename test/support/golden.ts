/**
 * Golden files for the tests under test/golden: compare what mcpact printed or wrote, after normalising what
 * varies from run to run, with a committed file; or, with UPDATE_GOLDEN=1 in the environment, write that file.
 *
 *   UPDATE_GOLDEN=1 npx vitest run test/golden     # refresh every golden file, then review `git diff`
 *
 * A missing golden file fails (it is never created silently) unless UPDATE_GOLDEN=1. The variable is read here,
 * in the test process only: runCli gives mcpact a clean environment, so it never reaches the CLI under test.
 */
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect as globalExpect, type ExpectStatic } from 'vitest';
import { ROOT } from './cli.js';

export const UPDATE_GOLDEN = process.env.UPDATE_GOLDEN === '1';
export const GOLDEN_DIR = path.join(ROOT, 'test/golden');

const REFRESH = 'UPDATE_GOLDEN=1 npx vitest run test/golden';

/**
 * Compares `actual` with the golden file (a path relative to test/golden, or absolute), or writes it when
 * UPDATE_GOLDEN=1. Pass the test context's `expect` from a concurrent test.
 */
export function expectGolden(file: string, actual: string, expect: ExpectStatic = globalExpect): void {
  const absolute = path.isAbsolute(file) ? file : path.join(GOLDEN_DIR, file);
  const shown = path.relative(ROOT, absolute);
  if (UPDATE_GOLDEN) {
    if (!existsSync(absolute) || readFileSync(absolute, 'utf8') !== actual) {
      mkdirSync(path.dirname(absolute), { recursive: true });
      writeFileSync(absolute, actual);
    }
    return;
  }
  if (!existsSync(absolute)) {
    throw new Error(`golden file ${shown} is missing; create it with: ${REFRESH} (then review and commit it)`);
  }
  const expected = readFileSync(absolute, 'utf8');
  expect(actual, `output differs from golden file ${shown}; if the change is deliberate, refresh with: ${REFRESH} (and review the diff)`).toBe(expected);
}

/** One replacement of the normalisation; `why` is for the reader of the table. */
export interface Mask {
  pattern: RegExp;
  replace: string;
  why: string;
}

export interface NormaliseOptions {
  /** Temporary directories the test created (their real paths too are replaced). */
  tempDirs?: readonly string[];
  /** Replacements of one test's own, applied after the generic ones. */
  masks?: readonly Mask[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** mcpact's version from package.json (what `mcpact --version` and every report print). */
export const MCPACT_VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * The version as it may appear in any output: plain, or with its dots backslash-escaped (the Markdown reporter
 * escapes a "." that could start an ordered list).
 */
const VERSION = escapeRegExp(MCPACT_VERSION).replace(/\\\./g, '\\\\?\\.');

/**
 * The generic normalisation, in order. Every entry says what varies and where it shows; each is anchored on its
 * context so that it cannot hide a change elsewhere.
 */
const GENERIC: readonly Mask[] = [
  // mcpact's own version, where an output names it: JSON `tool`, SARIF `driver`, the Markdown footer, a lockfile.
  { pattern: new RegExp(`("name": "mcpact",\\s*"version": )"${VERSION}"`, 'g'), replace: '$1"<version>"', why: 'JSON/SARIF tool version' },
  { pattern: new RegExp(`("semanticVersion": )"${VERSION}"`, 'g'), replace: '$1"<version>"', why: 'SARIF semanticVersion' },
  { pattern: new RegExp(`(<sub>mcpact )${VERSION}( · )`, 'g'), replace: '$1<version>$2', why: 'Markdown footer' },
  { pattern: new RegExp(`("mcpactVersion": )"${VERSION}"`, 'g'), replace: '$1"<version>"', why: 'lockfile' },
  // Durations of the run and of every rule.
  { pattern: /("durationMs": ?)\d+(\.\d+)?/g, replace: '$1"<ms>"', why: 'JSON/SARIF durations' },
  { pattern: /( time=")\d+(\.\d+)?(")/g, replace: '$1<s>$3', why: 'JUnit time attributes' },
  { pattern: /(; fail-on \w+; )\d+(\.\d+)? ms/g, replace: '$1<ms> ms', why: 'console summary line' },
  { pattern: /( fails on `\w+` · )\d+(\.\d+)? s/g, replace: '$1<s> s', why: 'Markdown summary line' },
  // A request that got no answer says how long mcpact waited: the deadline plus a few ms of timer latency.
  { pattern: /(got no answer within )\d+( ms)/g, replace: '$1<ms>$2', why: 'timed-out call, message' },
  { pattern: /("outcome": ?"timeout",\s*"ms": ?)\d+/g, replace: '$1"<ms>"', why: 'timed-out call, finding data' },
  // How long a stdio server took to exit once its stdin closed (stdio/exit-on-stdin-close's note).
  { pattern: /(exited )\d+( ms after stdin closed)/g, replace: '$1<ms>$2', why: 'exit delay, rule reason' },
  // Latency percentiles (latency family, good-config only) are measured: never the same twice. Budgets, sample,
  // error and timeout counts are kept.
  { pattern: /\b(p50|p95) \d+(?:\.\d+)? ms/g, replace: '$1 <n> ms', why: 'latency, console' },
  { pattern: /(\| )\d+(?:\.\d+)?( ms(?: ❌)?(?: \(budget \d+ ms\))? )(?=\|)/g, replace: '$1<n>$2', why: 'latency table, Markdown' },
  { pattern: /(?<!"budget": \{\s*(?:"p50Ms": \d+,\s*)?)("p(?:50|95)Ms": ?)\d+(?:\.\d+)?/g, replace: '$1"<n>"', why: 'latency, JSON/SARIF (not the budgets)' },
  {
    pattern: /(name="latency\.(?![^"]*\.budget\.)[^"]*\.p(?:50|95)Ms" value=")\d+(?:\.\d+)?/g,
    replace: '$1<n>',
    why: 'latency properties, JUnit (not the budgets)',
  },
  // Loopback ports chosen by the OS for the HTTP fixtures.
  { pattern: /\b(127\.0\.0\.1|localhost):\d+/g, replace: '$1:<port>', why: 'loopback ports' },
  // A zero-config --url server is named after host and port ("127.0.0.1_39115"; Markdown escapes "." and "_").
  { pattern: /\b127(\\?)\.0\.0\.1(\\?)_\d+/g, replace: '127$1.0.0.1$2_<port>', why: 'server name derived from a URL' },
  // Session ids are random UUIDs (the HTTP fixtures' Mcp-Session-Id); the shape (and an inserted space) is kept.
  { pattern: /\b[0-9a-f]{8}( ?)-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, replace: 'xxxxxxxx$1-xxxx-xxxx-xxxx-xxxxxxxxxxxx', why: 'UUIDs' },
  // Node's own warnings name the process: "(node:12345) MaxListenersExceededWarning: ...".
  { pattern: /^\(node:\d+\)/gm, replace: '(node:<pid>)', why: 'process id in a Node warning' },
];

/** Normalises one output: paths first (they are plain strings), then the generic masks, then the test's own. */
export function normalise(text: string, options: NormaliseOptions = {}): string {
  let out = text;
  const paths: [string, string][] = [];
  for (const dir of options.tempDirs ?? []) {
    paths.push([dir, '<tmp>']);
    try {
      paths.push([realpathSync(dir), '<tmp>']);
    } catch {
      // already gone: nothing more to replace
    }
  }
  paths.push([ROOT.replace(/\/$/, ''), '<root>'], [process.execPath, '<node>']);
  // Longest first, so a temp dir inside the repository is not half-replaced by <root>.
  for (const [from, to] of paths.sort((a, b) => b[0].length - a[0].length)) out = out.split(from).join(to);
  for (const mask of [...GENERIC, ...(options.masks ?? [])]) out = out.replace(mask.pattern, mask.replace);
  return out;
}

/** Runs at most `limit` tasks at a time; tasks start in the order they are handed in. */
export function pool(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const queue: (() => void)[] = [];
  const next = () => {
    if (active >= limit) return;
    const start = queue.shift();
    if (start) {
      active += 1;
      start();
    }
  };
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push(() => {
        task()
          .then(resolve, reject)
          .finally(() => {
            active -= 1;
            next();
          });
      });
      next();
    });
}

/**
 * One CLI run as readable text for a golden file: the command, the exit code, then stdout and stderr, each under
 * its own header line. Output that does not end with a newline gets a marker line (as `diff` prints one), so a
 * lost or added final newline shows as a difference too.
 */
export function formatRun(run: { command: string; code: number | null; stdout: string; stderr: string }): string {
  const block = (name: string, text: string) => {
    if (text === '') return `--- ${name}: (empty)\n`;
    return `--- ${name}:\n${text}${text.endsWith('\n') ? '' : '\n\\ no newline at end\n'}`;
  };
  return `$ ${run.command}\n--- exit code: ${run.code}\n${block('stdout', run.stdout)}${block('stderr', run.stderr)}`;
}
