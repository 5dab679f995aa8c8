/**
 * What `mcpact record` asks a server once its contract is captured, and the cassette made of the answers. The calls
 * are the ones `mcpact run` and `mcpact diff` make where the safe-call policy allows them, with the same inputs, so
 * that those commands pointed at the mock meet recorded answers:
 *   - tools/call of each tool cleared for valid input, with the sample arguments of the tools plan
 *     (exercise/tools.ts; fixed seeds, so the same arguments every time);
 *   - prompts/get with the argument maps `mcpact baseline` pins (complete, and required ones only), and the
 *     completion/complete requests that found their values (drift/replay/invocations.ts);
 *   - resources/read of the listed resources, up to `resources.max_reads`.
 * Every request that got a result or a JSON-RPC error is kept; a timeout or a lost connection has no answer to replay.
 */
import type { ServerSettings } from '../config/schema.js';
import { resourceLimits } from '../config/resources.js';
import type { Probe } from '../connect/probe.js';
import { recordInvocations } from '../drift/replay/invocations.js';
import { CALL_REASONS } from '../exercise/call-policy.js';
import { capped, listedResources } from '../exercise/resources.js';
import { SKIP_REASONS, toolPlan } from '../exercise/tools.js';
import type { Surface } from '../surface/types.js';
import { jsonBytesUpTo } from '../util/bound.js';
import { compareText } from '../util/compare.js';
import { RunCache } from '../util/run-cache.js';
import { quote } from '../util/text.js';
import {
  answerBytes,
  answerKey,
  CASSETTE_LISTS,
  CASSETTE_MARKER,
  CASSETTE_VERSION,
  MAX_ANSWER_BYTES,
  MAX_CASSETTE_BYTES,
  serializeCassette,
  type Cassette,
  type RecordedAnswer,
  type RecordedList,
} from './cassette.js';

type Redact = <T>(value: T) => T;

export interface RecordOptions {
  settings: ServerSettings;
  mcpactVersion: string;
  /** Applied to every part of the cassette before it is measured: secrets of the environment and headers never land in it. */
  redact: Redact;
  /** The cap on the file, for tests (default MAX_CASSETTE_BYTES). */
  maxBytes?: number;
}

/** Asks the server what the cassette holds and returns the cassette's text, redacted and within the size cap. */
export async function recordCassette(surface: Surface, probe: Probe, options: RecordOptions): Promise<{ text: string; cassette: Cassette }> {
  const answers = new Map<string, RecordedAnswer>();
  const notes: string[] = [];
  const ask = async (method: string, params: unknown) => {
    const outcome = await probe.request(method, params);
    const key = answerKey(method, params);
    if (outcome.kind === 'result') answers.set(key, { method, params, result: outcome.result });
    else if (outcome.kind === 'error') {
      answers.set(key, { method, params, error: { code: outcome.code, message: outcome.message, ...(outcome.data !== undefined && { data: outcome.data }) } });
    } else notes.push(`${method} ${quote(nameOf(params), 60)}: no answer to record (${outcome.kind})`);
    return outcome;
  };

  if (surface.lists.tools.status === 'ok') {
    const plan = toolPlan({ surface, settings: options.settings, cache: new RunCache() });
    for (const skipped of plan.validSkipped) {
      const reason = Object.hasOwn(SKIP_REASONS, skipped.reason)
        ? SKIP_REASONS[skipped.reason as keyof typeof SKIP_REASONS]
        : CALL_REASONS[skipped.reason as keyof typeof CALL_REASONS];
      notes.push(`tool ${quote(skipped.name, 60)}: not called, ${reason}`);
    }
    await Promise.all(plan.valid.map((call) => ask('tools/call', call.params)));
  }
  if (surface.lists.prompts.status === 'ok') await recordInvocations(surface, { request: ask }, options.settings);
  if (surface.lists.resources.status === 'ok') {
    const listed = capped(listedResources(surface), resourceLimits(options.settings.resources).maxReads);
    if (listed.left > 0) notes.push(`${listed.left} listed resources not read (resources.max_reads)`);
    await Promise.all(listed.taken.map((resource) => ask('resources/read', { uri: resource.uri })));
  }
  return assemble(surface, [...answers.entries()], notes, options);
}

/** The cassette: the contract whole, then answers in key order while they fit under the cap. */
function assemble(surface: Surface, answers: [string, RecordedAnswer][], notes: string[], options: RecordOptions): { text: string; cassette: Cassette } {
  const { redact } = options;
  const maxBytes = options.maxBytes ?? MAX_CASSETTE_BYTES;
  const lists: Cassette['lists'] = {};
  for (const kind of CASSETTE_LISTS) {
    const list = surface.lists[kind];
    if (list.status !== 'ok') continue;
    const pageFields = list.pageFields?.some((fields) => Object.keys(fields).length > 0) ? { pageFields: list.pageFields } : {};
    lists[kind] = redact<RecordedList>({ pages: Math.max(1, list.pages), ...pageFields, items: list.items });
  }
  const cassette: Cassette = {
    [CASSETTE_MARKER]: CASSETTE_VERSION,
    recordedWith: options.mcpactVersion,
    era: surface.era,
    requestedProtocolVersion: surface.requestedProtocolVersion,
    initializeResult: redact(surface.initializeResult),
    ...(surface.discoverResult !== undefined && { discoverResult: redact(surface.discoverResult) }),
    lists,
    answers: [],
    notes: [],
  };
  // The notes of the cap are written last; room is kept for them.
  const reserve = 1024;
  let bytes = Buffer.byteLength(serializeCassette({ ...cassette, notes: notes.map(redact) })) + reserve;
  let full = false;
  for (const [, raw] of answers.sort(([a], [b]) => compareText(a, b))) {
    const what = `${raw.method} ${quote(nameOf(raw.params), 60)}`;
    if (full) continue;
    if (jsonBytesUpTo(raw, MAX_ANSWER_BYTES) > MAX_ANSWER_BYTES) {
      notes.push(`${what}: answer not recorded, larger than ${MAX_ANSWER_BYTES / 1024} KiB`);
      continue;
    }
    const answer = redact(raw);
    const size = answerBytes(answer);
    if (bytes + size > maxBytes) {
      full = true;
      notes.push(`cassette size cap of ${maxBytes} bytes reached at ${what}: later answers not recorded`);
      continue;
    }
    bytes += size;
    cassette.answers.push(answer);
  }
  // Calls end in any order: notes are sorted, so one recording writes one file.
  cassette.notes = [...notes].sort(compareText).map(redact);
  return { text: serializeCassette(cassette), cassette };
}

/** The tool or prompt name, or the URI, a request is about (for notes). */
function nameOf(params: unknown): unknown {
  if (typeof params !== 'object' || params === null) return '';
  const record = params as Record<string, unknown>;
  return record.name ?? record.uri ?? '';
}
