/**
 * `mcpact baseline`: capture each selected server's contract and pin it in its lockfile. Every server is captured
 * before anything is written, and a failed or incomplete capture writes nothing (exit 2), so an existing lockfile
 * is never replaced by half a contract. Each file is written atomically; an unchanged file is left alone.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { parseLockfile, writeLockfileAtomically, type Lockfile } from '../drift/lockfile/lockfile.js';
import { lockfilePlaces, type LockfilePlace } from '../drift/lockfile/paths.js';
import { foreignLockfile, otherOwner, OVERWRITE_FLAG } from '../drift/lockfile/owner.js';
import { McpactError, configError, errorMessage } from '../errors.js';
import { quote } from '../util/text.js';
import { shown } from './baselines.js';
import { redactor } from '../report/redact.js';
import { secretsOf } from '../util/secrets.js';
import { forTerminal } from '../report/sanitize.js';
import { resolveTargets } from './targets.js';
import { baselineOptionsSchema, parseOptions, type TargetOptions } from './option-schemas.js';
import { pinContract, type Pinned } from './pin-contract.js';
import { mcpactVersion } from './version.js';
import { writeOut, writeErr } from './ci-safe.js';

export async function baselineCommand(operands: string[], raw: Record<string, unknown>): Promise<number> {
  const options = parseOptions(baselineOptionsSchema, raw);
  const resolved = await resolveTargets(operands, options, await knownRuleIds(operands, options));
  const places = lockfilePlaces(resolved.servers, resolved.configPath, options.lockfile);
  const redact = redactor(resolved.secrets);
  const secrets = secretsOf(resolved.secrets);
  const say = (line: string) => writeErr(`mcpact: ${forTerminal(redact(line))}\n`);
  const version = mcpactVersion();

  const pending: { file: string; bytes: string; lock: Lockfile }[] = [];
  for (const [index, server] of resolved.servers.entries()) {
    let pinned: Pinned;
    try {
      pinned = await pinContract(server, places[index]!.file, {
        clientVersion: version,
        secrets,
        redact,
        onStderrLine: options.verbose ? (line) => say(`[${server.name} stderr] ${line}`) : undefined,
      });
    } catch (error) {
      const failure = error instanceof McpactError ? error : new McpactError('internal', errorMessage(error));
      throw new McpactError(failure.kind, redact(`${server.name}: ${failure.message}; no lockfile written`), failure.details.map(redact), { cause: error });
    }
    if (!pinned.ok) {
      throw new McpactError('connection', redact(`${server.name}: capture incomplete, no lockfile written: ${pinned.problems.join('; ')}`));
    }
    const { lock, bytes } = pinned;
    if (!options.quiet) for (const note of pinned.notes) say(`${server.name}: ${note}`);
    const name = lock.server.name;
    const { file, note } = await lockfileFor(places[index]!, name);
    if (note !== undefined && !options.quiet) say(note);
    // Another server's lockfile is not overwritten unless told. Nothing is written yet, so a refusal leaves every
    // lockfile as it was.
    const existing = await existingLockfile(file);
    const owner = existing && otherOwner(existing, name);
    if (owner !== undefined && name !== undefined && options.overwriteOtherServer !== true) {
      throw configError(
        `${foreignLockfile(shown(file), owner, name)}: nothing written; give ${quote(name, 80)} a lockfile of its own (--lockfile FILE, or drift.baseline), or, if it is ${quote(owner, 80)} renamed, replace it with ${OVERWRITE_FLAG}`,
      );
    }
    pending.push({ file, bytes, lock });
  }

  for (const { file, bytes, lock } of pending) {
    const counts =
      `${lock.tools.length} tools, ${lock.prompts.length} prompts, ${lock.resources.length} resources, ${lock.resourceTemplates.length} resource templates` +
      // Only a server that declares the Skills extension has skills to count: every other line stays as it was.
      (lock.skills === undefined ? '' : `, ${lock.skills.length} skills`);
    if ((await readFile(file, 'utf8').catch(() => undefined)) === bytes) {
      if (!options.quiet) writeOut(`${forTerminal(shown(file))} is up to date (${counts})\n`);
      continue;
    }
    await writeLockfileAtomically(file, bytes);
    if (!options.quiet) writeOut(`wrote ${forTerminal(shown(file))} (${counts})\n`);
  }
  return 0;
}

/**
 * The file a server's lockfile is written to: its own, except that a zero-config server without one keeps the shared
 * `mcpact.lock.json` of 0.1.0 when that file pins it (refreshed in place, not copied); one that pins another server
 * is left alone, and said so.
 */
async function lockfileFor(place: LockfilePlace, name: string | undefined): Promise<{ file: string; note?: string }> {
  if (place.shared === undefined || existsSync(place.file)) return { file: place.file };
  const shared = await existingLockfile(place.shared);
  if (shared === undefined) return { file: place.file };
  const owner = otherOwner(shared, name);
  if (owner === undefined) return { file: place.shared };
  return { file: place.file, note: `${shown(place.shared)} is the lockfile of server ${quote(owner, 80)}: left as it is` };
}

/** The lockfile already at `file`, when there is one that reads (one that does not names no owner, and is replaced as before). */
async function existingLockfile(file: string): Promise<Lockfile | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return parseLockfile(text, file);
  } catch {
    return undefined;
  }
}

/**
 * The rule ids a config's `rules:` may re-level. Only a config needs them, so a zero-config `baseline` or `diff`
 * does not load the rule registry at all.
 */
export async function knownRuleIds(operands: readonly string[], options: TargetOptions): Promise<string[]> {
  if (operands.length > 0 || options.url !== undefined) return [];
  const { ALL_RULES } = await import('../rules/index.js');
  return ALL_RULES.map((rule) => rule.id);
}
