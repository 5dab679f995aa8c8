/**
 * A readable name for a zero-config command line, until the server names itself (serverInfo.name), and for the
 * report of one that never does (a launcher that is missing, a server that exits at start): the package or
 * module a launcher starts rather than the launcher.
 */
import path from 'node:path';

/** Launchers whose first operand is what they run (`npx pkg`, `uvx pkg`, `node script.js`). */
const RUNS_FIRST_OPERAND = new Set(['npx', 'node', 'uvx', 'pipx', 'python', 'python3', 'bunx', 'deno', 'jbang']);

/** Options of those launchers that take a value as the next argument, so that value is not the operand. */
const TAKES_VALUE = new Set([
  '--from',
  '--python',
  '-p',
  '--with',
  '--with-requirements',
  '--with-editable',
  '--index',
  '--index-url',
  '--default-index',
  '--extra-index-url',
  '--cache-dir',
  '--directory',
  '--project',
  '--config-file',
  '--constraints',
  '--overrides',
  '--package',
  '--require',
  '-r',
]);

/** The first operand after the options, skipping option values; `--from X` names X. */
function operand(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--from' && args[i + 1] !== undefined) return args[i + 1];
    if (TAKES_VALUE.has(arg)) i++;
    else if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

/** What follows `flag` (`python -m PKG`, `java -jar FILE`), or undefined. */
function after(args: readonly string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : args[at + 1];
}

export function commandName(command: string, args: readonly string[]): string {
  const base = path.basename(command).replace(/\.(exe|cmd|bat)$/i, '');
  // `env K=V cmd ...`: the command after the assignments.
  if (base === 'env') {
    const at = args.findIndex((arg) => !arg.startsWith('-') && !arg.includes('='));
    if (at !== -1) return commandName(args[at]!, args.slice(at + 1));
  }
  let subject: string | undefined;
  if (/^python(3(\.\d+)?)?$/.test(base)) subject = after(args, '-m') ?? operand(args);
  else if (base === 'java') subject = after(args, '-jar') ?? args.find((arg) => !arg.startsWith('-'));
  // `go run MODULE@VERSION` or `go run ./cmd/server`: the last element of the package path.
  else if (base === 'go' && args[0] === 'run') subject = operand(args.slice(1))?.replace(/\/+$/, '');
  else if (RUNS_FIRST_OPERAND.has(base)) subject = operand(args);
  return (
    path
      .basename(withoutVersion(subject ?? base))
      .replace(/\.(m?js|ts|py|jar)$/, '')
      .replace(/[^A-Za-z0-9_.-]/g, '_') || 'server'
  );
}

/** `pkg==1.2` (PyPI), `pkg@1.2.3` (npm), `example.com/mod@v1.2.3` (Go) without the version; `@scope/pkg` stays. */
function withoutVersion(spec: string): string {
  const pinned = spec.indexOf('==');
  if (pinned > 0) return spec.slice(0, pinned);
  const at = spec.lastIndexOf('@');
  return at > 0 ? spec.slice(0, at) : spec;
}
