/**
 * A server's contract as a lockfile pins it: one session captures the contract, records the prompt invocations that
 * work (and output shapes and resource contents, where opted in), and the result is redacted and read back as the
 * loader reads a lockfile. `mcpact baseline` writes it; `mcpact diff --against` compares with it in memory, so
 * both compare exactly what a lockfile holds.
 */
import { recordInvocations, type Invocation } from '../drift/replay/invocations.js';
import { recordOutputShapes } from '../drift/replay/output-shapes.js';
import { applyPinnedContents, readPinnedContents, type PinnedContents } from '../drift/replay/resource-contents.js';
import { captureProblems, lockfileOf } from '../drift/compare.js';
import { contractFromSurface } from '../drift/lockfile/contract.js';
import { parseLockfile, serializeLockfile, type Lockfile, type ObservedOutput } from '../drift/lockfile/lockfile.js';
import { McpactError } from '../errors.js';
import type { Secrets } from '../util/secrets.js';
import type { Surface } from '../surface/types.js';
import type { ServerTarget } from './targets.js';
import { openCapturedSession } from '../surface/open.js';
import type { Probe } from '../connect/probe.js';

export interface PinOptions {
  clientVersion: string;
  secrets: Secrets;
  /** The redaction of the run's secrets: values from the environment never reach a lockfile. */
  redact: <T>(value: T) => T;
  onStderrLine?: (line: string) => void;
  /** Stops the session early (mcpact was told to stop, or the other side of a diff failed). */
  interrupt?: AbortSignal;
}

export type Pinned =
  | { ok: true; lock: Lockfile; bytes: string; notes: string[] }
  /** The capture cannot stand for the whole contract (a list failed, pagination was cut): nothing is pinned. */
  | { ok: false; problems: string[] };

/**
 * Pins one server's contract. `file` is the name the read-back names in the (unexpected) case it fails. Throws what
 * the session throws (the server did not start, the deadline passed).
 */
export async function pinContract(server: ServerTarget, file: string, options: PinOptions): Promise<Pinned> {
  let invocations = new Map<string, Invocation[]>();
  let outputs: { observed: Map<string, ObservedOutput>; notes: string[] } = { observed: new Map(), notes: [] };
  let contents: PinnedContents | undefined;
  const surface = await capture(server, options, async (captured, probe) => {
    // The prompt calls that work today, for the compatibility replay of later diffs.
    invocations = await recordInvocations(captured, probe, server.settings);
    // Output shapes only when opted in (drift.output_shapes), and never on half a contract.
    if (captureProblems(captured).length === 0) outputs = await recordOutputShapes(captured, probe, server.settings);
    // Resource contents only when opted in (drift.resource_contents).
    if (captureProblems(captured).length === 0) contents = await readPinnedContents(captured, probe, server.settings);
  });
  const problems = captureProblems(surface);
  if (problems.length > 0) return { ok: false, problems };
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
  // Values that came from the environment (config secrets, --header tokens) never reach the file.
  const bytes = serializeLockfile(options.redact(lockfileOf(contract, options.clientVersion)));
  // What we write must read back: a contract the loader would reject is a bug here, caught before the write.
  return { ok: true, lock: parseLockfile(bytes, file), bytes, notes: [...notes, ...outputs.notes, ...contentNotes] };
}

/**
 * One session: the contract, then `record` on the same session (invocations, output shapes; `mcpact record`'s
 * answers), under the run deadline.
 */
export async function capture(server: ServerTarget, options: PinOptions, record: (surface: Surface, probe: Probe) => Promise<void>): Promise<Surface> {
  const { timeouts } = server;
  const deadline = AbortSignal.timeout(timeouts.run_ms);
  const signal = options.interrupt === undefined ? deadline : AbortSignal.any([deadline, options.interrupt]);
  const { session, probe, surface } = await openCapturedSession(server.target, {
    connectMs: Math.min(timeouts.connect_ms, timeouts.run_ms),
    callMs: timeouts.call_ms,
    clientVersion: options.clientVersion,
    signal,
    interrupt: options.interrupt,
    onStderrLine: options.onStderrLine,
    era: server.protocolEra,
    secrets: options.secrets,
  });
  try {
    if (!signal.aborted) await record(surface, probe);
    if (options.interrupt?.aborted) {
      const reason = typeof options.interrupt.reason === 'string' ? options.interrupt.reason : 'a signal';
      throw new McpactError('deadline', `interrupted by ${reason} while capturing the contract`);
    }
    if (deadline.aborted) throw new McpactError('deadline', `run deadline of ${timeouts.run_ms} ms reached (timeouts.run_ms) while capturing the contract`);
    return surface;
  } finally {
    await session.close();
  }
}
