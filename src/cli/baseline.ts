/**
 * `mcpact baseline`: capture each selected server's contract and pin it in its lockfile. Every server is captured
 * before anything is written, and a failed or incomplete capture writes nothing (exit 2), so an existing lockfile
 * is never replaced by half a contract. Each file is written atomically; an unchanged file is left alone.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { recordInvocations, type Invocation } from '../drift/replay/invocations.js';
import { recordOutputShapes } from '../drift/replay/output-shapes.js';
import { applyPinnedContents, readPinnedContents, type PinnedContents } from '../drift/replay/resource-contents.js';
import { captureProblems, lockfileOf } from '../drift/compare.js';
import { contractFromSurface } from '../drift/lockfile/contract.js';
import { parseLockfile, serializeLockfile, writeLockfileAtomically, type Lockfile, type ObservedOutput } from '../drift/lockfile/lockfile.js';
import { lockfilePlaces, type LockfilePlace } from '../drift/lockfile/paths.js';
import { foreignLockfile, otherOwner, OVERWRITE_FLAG } from '../drift/lockfile/owner.js';
import { McpactError, configError, errorMessage } from '../errors.js';
import { quote } from '../util/text.js';
import { shown } from './baselines.js';
import { redactor } from '../report/redact.js';
import { secretsOf, type Secrets } from '../util/secrets.js';
import { forTerminal } from '../report/sanitize.js';
import type { Surface } from '../surface/types.js';
import { resolveTargets, type ServerTarget } from './targets.js';
import { baselineOptionsSchema, parseOptions, type TargetOptions } from './option-schemas.js';
import { openCapturedSession } from '../surface/open.js';
import type { Probe } from '../connect/probe.js';
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
    let surface: Surface;
    let invocations = new Map<string, Invocation[]>();
    let outputs: { observed: Map<string, ObservedOutput>; notes: string[] } = { observed: new Map(), notes: [] };
    let contents: PinnedContents | undefined;
    try {
      surface = await capture(
        server,
        version,
        secrets,
        options.verbose ? (line) => say(`[${server.name} stderr] ${line}`) : undefined,
        async (captured, probe) => {
          // The prompt calls that work today, for the compatibility replay of later diffs.
          invocations = await recordInvocations(captured, probe, server.settings);
          // Output shapes only when opted in (drift.output_shapes), and never on half a contract.
          if (captureProblems(captured).length === 0) outputs = await recordOutputShapes(captured, probe, server.settings);
          // Resource contents only when opted in (drift.resource_contents).
          if (captureProblems(captured).length === 0) contents = await readPinnedContents(captured, probe, server.settings);
        },
      );
    } catch (error) {
      const failure = error instanceof McpactError ? error : new McpactError('internal', errorMessage(error));
      throw new McpactError(failure.kind, redact(`${server.name}: ${failure.message}; no lockfile written`), failure.details.map(redact), { cause: error });
    }
    const problems = captureProblems(surface);
    if (problems.length > 0) {
      throw new McpactError('connection', redact(`${server.name}: capture incomplete, no lockfile written: ${problems.join('; ')}`));
    }
    const { contract, notes } = contractFromSurface(surface);
    for (const prompt of contract.prompts) prompt.invocations = invocations.get(prompt.name) ?? [];
    for (const tool of contract.tools) {
      const observed = outputs.observed.get(tool.name);
      if (observed !== undefined) tool.observedOutput = observed;
    }
    if (contents !== undefined) applyPinnedContents(contract, contents);
    const contentNotes = [
      ...(contents?.notes ?? []),
      ...(contents?.unreadable ?? []).map((failure) => `${failure.uri}: not pinned, it could not be read (${failure.failure})`),
    ];
    if (!options.quiet) for (const note of [...notes, ...outputs.notes, ...contentNotes]) say(`${server.name}: ${note}`);
    // Values that came from the environment (config secrets, --header tokens) never reach the file.
    const bytes = serializeLockfile(redact(lockfileOf(contract, version)));
    // What we write must read back: a contract the loader would reject is a bug here, caught before the write.
    const lock = parseLockfile(bytes, places[index]!.file);
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
    const counts = `${lock.tools.length} tools, ${lock.prompts.length} prompts, ${lock.resources.length} resources, ${lock.resourceTemplates.length} resource templates`;
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

/**
 * One session: the contract, then `record` on the same session (invocations, output shapes; `mcpact record`'s
 * answers), under the run deadline.
 */
export async function capture(
  server: ServerTarget,
  clientVersion: string,
  secrets: Secrets,
  onStderrLine: ((line: string) => void) | undefined,
  record: (surface: Surface, probe: Probe) => Promise<void>,
): Promise<Surface> {
  const { timeouts } = server;
  const deadline = AbortSignal.timeout(timeouts.run_ms);
  const { session, probe, surface } = await openCapturedSession(server.target, {
    connectMs: Math.min(timeouts.connect_ms, timeouts.run_ms),
    callMs: timeouts.call_ms,
    clientVersion,
    signal: deadline,
    onStderrLine,
    era: server.protocolEra,
    secrets,
  });
  try {
    if (!deadline.aborted) await record(surface, probe);
    if (deadline.aborted) throw new McpactError('deadline', `run deadline of ${timeouts.run_ms} ms reached (timeouts.run_ms) while capturing the contract`);
    return surface;
  } finally {
    await session.close();
  }
}
