/**
 * The last line of a `mcpact diff` that found changes: the `mcpact baseline` command that pins them, with the
 * arguments that select the same servers and lockfiles, for when the changes are intended (docs/drift.md: refresh
 * deliberately, and commit the lockfile with the change).
 */
import type { DiffOptions } from './option-schemas.js';

/** A word as a POSIX shell reads it back: as it is when it is plain, else single-quoted. */
export function shellWord(word: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * `changed`: the servers whose contract changed. With several servers selected and not all of them changed, one
 * command per changed server (`--server NAME`), so the others' lockfiles are not rewritten for nothing.
 */
export function baselineHint(operands: readonly string[], options: DiffOptions, changed: readonly string[], selected: number): string[] {
  if (changed.length === 0) return [];
  const args: string[] = [];
  if (options.config !== undefined) args.push('-c', options.config);
  if (options.lockfile !== undefined) args.push('--lockfile', options.lockfile);
  if (options.protocolEra !== undefined) args.push('--protocol-era', options.protocolEra);
  if (options.envFile !== undefined) args.push('--env-file', options.envFile);
  if (options.connectTimeout !== undefined) args.push('--connect-timeout', String(options.connectTimeout));
  if (options.callTimeout !== undefined) args.push('--call-timeout', String(options.callTimeout));
  if (options.runTimeout !== undefined) args.push('--run-timeout', String(options.runTimeout));
  const target = options.url !== undefined ? ['--url', options.url] : operands.length > 0 ? ['--', ...operands] : [];
  // -e and --header values are secrets: named, not repeated.
  const secret = [options.env?.length ? '-e' : undefined, options.header?.length ? '--header' : undefined].filter(Boolean);
  const same = secret.length > 0 ? ` (with the same ${secret.join(' and ')} values)` : '';
  const command = (server: string[]) => ['mcpact', 'baseline', ...server, ...args, ...target].map(shellWord).join(' ');
  const servers = options.server !== undefined ? [['--server', options.server]] : changed.length < selected ? changed.map((name) => ['--server', name]) : [[]];
  const lead = 'If these changes are intended, pin them in the lockfile and commit it with the change:';
  return servers.length === 1 ? [`${lead} ${command(servers[0]!)}${same}`] : [lead, ...servers.map((server) => `  ${command(server)}${same}`)];
}
