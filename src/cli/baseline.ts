/**
 * `mcpact baseline`: capture each selected server's contract and pin it in its lockfile. Every server is captured
 * before anything is written, and a failed or incomplete capture writes nothing (exit 2), so an existing lockfile
 * is never replaced by half a contract. Each file is written atomically; an unchanged file is left alone.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { captureServer } from '../drift/capture.js';
import { recordInvocations, type Invocation } from '../drift/replay.js';
import { recordOutputShapes } from '../drift/output-observe.js';
import { captureProblems, lockfileOf } from '../drift/check.js';
import { contractFromSurface } from '../drift/contract.js';
import { parseLockfile, serializeLockfile, writeLockfileAtomically, type Lockfile, type ObservedOutput } from '../drift/lockfile.js';
import { lockfilePaths } from '../drift/paths.js';
import { McpactError, errorMessage } from '../errors.js';
import { redactor } from '../report/redact.js';
import { forTerminal } from '../report/sanitize.js';
import type { Surface } from '../surface/types.js';
import { resolveTargets, type TargetOptions } from './targets.js';
import { mcpactVersion } from './version.js';

interface BaselineOptions extends TargetOptions {
  lockfile?: string;
  quiet?: boolean;
  verbose?: boolean;
}

export async function baselineCommand(operands: string[], raw: Record<string, unknown>): Promise<number> {
  const options = raw as BaselineOptions;
  const resolved = await resolveTargets(operands, options, await knownRuleIds(operands, options));
  const files = lockfilePaths(resolved.servers, resolved.configPath, options.lockfile);
  const redact = redactor(resolved.secrets);
  const say = (line: string) => process.stderr.write(`mcpact: ${forTerminal(redact(line))}\n`);
  const version = mcpactVersion();

  const pending: { file: string; bytes: string; lock: Lockfile }[] = [];
  for (const [index, server] of resolved.servers.entries()) {
    const file = files[index]!;
    let surface: Surface;
    let invocations = new Map<string, Invocation[]>();
    let outputs: { observed: Map<string, ObservedOutput>; notes: string[] } = { observed: new Map(), notes: [] };
    try {
      surface = await captureServer(server.target, server.timeouts, {
        clientVersion: version,
        onStderrLine: options.verbose ? (line) => say(`[${server.name} stderr] ${line}`) : undefined,
        // The prompt calls that work today, for the compatibility replay of later diffs.
        afterCapture: async (captured, probe) => {
          invocations = await recordInvocations(captured, probe, server.settings);
          // Output shapes only when opted in (drift.output_shapes), and never on half a contract.
          if (captureProblems(captured).length === 0) outputs = await recordOutputShapes(captured, probe, server.settings);
        },
      });
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
    if (!options.quiet) for (const note of [...notes, ...outputs.notes]) say(`${server.name}: ${note}`);
    // Values that came from the environment (config secrets, --header tokens) never reach the file.
    const bytes = serializeLockfile(redact(lockfileOf(contract, version)));
    // What we write must read back: a contract the loader would reject is a bug here, caught before the write.
    pending.push({ file, bytes, lock: parseLockfile(bytes, file) });
  }

  for (const { file, bytes, lock } of pending) {
    const shown = path.relative(process.cwd(), file) || file;
    const counts = `${lock.tools.length} tools, ${lock.prompts.length} prompts, ${lock.resources.length} resources, ${lock.resourceTemplates.length} resource templates`;
    if ((await readFile(file, 'utf8').catch(() => undefined)) === bytes) {
      if (!options.quiet) process.stdout.write(`${forTerminal(shown)} is up to date (${counts})\n`);
      continue;
    }
    await writeLockfileAtomically(file, bytes);
    if (!options.quiet) process.stdout.write(`wrote ${forTerminal(shown)} (${counts})\n`);
  }
  return 0;
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
