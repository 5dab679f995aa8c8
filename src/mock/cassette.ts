/**
 * The cassette `mcpact record` writes and `mcpact mock` serves (docs/record-mock.md): a server's captured contract
 * and the answers to the calls the safe-call policy allowed, as JSON with a format marker. Reading one is strict:
 * another format version, a truncated file or a wrong shape is one line and exit 2, never a mock serving half a
 * recording.
 *
 * Bounded: an answer larger than MAX_ANSWER_BYTES is not recorded, and answers stop being recorded once the file
 * would pass MAX_CASSETTE_BYTES (each a note in the cassette); the contract itself is always whole.
 */
import { McpactError } from '../errors.js';
import { ERAS, type Era } from '../model/spec.js';
import { canonicalJson } from '../drift/lockfile/canonical.js';
import type { ListKind, PageFields } from '../surface/types.js';
import { asRecord, type JsonRecord } from '../util/json.js';

/** The cassette format this mcpact writes and reads; a change that an older mock could misread raises it. */
export const CASSETTE_VERSION = 1;
/** The marker key, first in the file, whose value is the format version. */
export const CASSETTE_MARKER = 'mcpactCassette';
/** The whole file at most: answers past it are left out (noted), the contract is always kept. */
export const MAX_CASSETTE_BYTES = 16 * 1024 * 1024;
/** One recorded answer at most, as JSON. */
export const MAX_ANSWER_BYTES = 256 * 1024;

export const CASSETTE_LISTS = ['tools', 'prompts', 'resources', 'resourceTemplates'] as const satisfies readonly ListKind[];

/** One list as the server served it: its items, over how many pages; absent when the capability was not declared. */
export interface RecordedList {
  pages: number;
  items: unknown[];
  /** Modern era: each page's resultType and caching hints as sent, kept so a later mock can serve them. */
  pageFields?: PageFields[];
}

/** A request mcpact made and the server's answer to it: a result or a JSON-RPC error. */
export type RecordedAnswer =
  { method: string; params: unknown; result: unknown } | { method: string; params: unknown; error: { code: unknown; message: unknown; data?: unknown } };

export interface Cassette {
  [CASSETTE_MARKER]: typeof CASSETTE_VERSION;
  recordedWith: string;
  era: Era;
  /** The protocol version mcpact offered when it recorded. */
  requestedProtocolVersion: string;
  /** The initialize result as received (empty in the modern era). */
  initializeResult: JsonRecord;
  /** The server/discover result as received (modern era only). */
  discoverResult?: JsonRecord;
  lists: Partial<Record<ListKind, RecordedList>>;
  /** Sorted by method, then canonical params: the same recording writes the same bytes. */
  answers: RecordedAnswer[];
  /** What was not recorded, and why: calls the policy refused, answers too large, the size cap reached. */
  notes: string[];
}

/** How a request is looked up: its method and its params in canonical form, without `_meta` (a client's own hints). */
export function answerKey(method: string, params: unknown): string {
  const record = asRecord(params);
  if (record === undefined) return `${method} ${canonicalJson(params ?? {})}`;
  const { _meta: _ignored, ...rest } = record;
  return `${method} ${canonicalJson(rest)}`;
}

/**
 * The file's text: the top-level fields one per line, then one line per list item and per answer, so a pull request
 * shows which answer changed, and the size is counted line by line as it is written.
 */
export function serializeCassette(cassette: Cassette): string {
  const lines: string[] = ['{'];
  const { answers, lists, notes, ...head } = cassette;
  for (const [key, value] of Object.entries(head)) lines.push(`${JSON.stringify(key)}: ${JSON.stringify(value)},`);
  lines.push('"lists": {');
  const kinds = CASSETTE_LISTS.filter((kind) => lists[kind] !== undefined);
  kinds.forEach((kind, index) => {
    const list = lists[kind]!;
    const fields = list.pageFields === undefined ? '' : `, "pageFields": ${JSON.stringify(list.pageFields)}`;
    lines.push(`${JSON.stringify(kind)}: { "pages": ${list.pages}${fields}, "items": [`, ...joined(list.items), `]}${index < kinds.length - 1 ? ',' : ''}`);
  });
  lines.push('},', '"answers": [', ...joined(answers), '],', '"notes": [', ...joined(notes), ']', '}');
  return `${lines.join('\n')}\n`;
}

function joined(values: readonly unknown[]): string[] {
  return values.map((value, index) => `${JSON.stringify(value)}${index < values.length - 1 ? ',' : ''}`);
}

/** The bytes one answer adds to the file (its line), for the size cap. */
export function answerBytes(answer: RecordedAnswer): number {
  return Buffer.byteLength(JSON.stringify(answer)) + 2;
}

/** A cassette read back, or a one-line McpactError (exit 2) naming the file and what is wrong. */
export function parseCassette(text: string, file: string): Cassette {
  const fail = (reason: string) => new McpactError('usage', `${file}: ${reason}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fail(`not a complete JSON document (truncated?); record it again with mcpact record`);
  }
  const root = asRecord(value);
  if (root === undefined || !Object.hasOwn(root, CASSETTE_MARKER)) throw fail(`not an mcpact cassette (no "${CASSETTE_MARKER}" marker)`);
  const by = typeof root.recordedWith === 'string' ? ` by mcpact ${root.recordedWith.slice(0, 40)}` : '';
  if (root[CASSETTE_MARKER] !== CASSETTE_VERSION) {
    throw fail(
      `cassette format ${JSON.stringify(root[CASSETTE_MARKER]).slice(0, 20)} (recorded${by}); this mcpact reads format ${CASSETTE_VERSION}: record it again with this mcpact`,
    );
  }
  const shape = shapeProblem(root);
  if (shape !== undefined) throw fail(`invalid cassette: ${shape}; record it again with mcpact record`);
  return root as unknown as Cassette;
}

function shapeProblem(root: JsonRecord): string | undefined {
  if (typeof root.recordedWith !== 'string') return '"recordedWith" is not a string';
  if (!(ERAS as readonly unknown[]).includes(root.era)) return `"era" is not one of ${ERAS.join(', ')}`;
  if (typeof root.requestedProtocolVersion !== 'string') return '"requestedProtocolVersion" is not a string';
  if (asRecord(root.initializeResult) === undefined) return '"initializeResult" is not an object';
  if (root.discoverResult !== undefined && asRecord(root.discoverResult) === undefined) return '"discoverResult" is not an object';
  const lists = asRecord(root.lists);
  if (lists === undefined) return '"lists" is not an object';
  for (const [kind, list] of Object.entries(lists)) {
    if (!(CASSETTE_LISTS as readonly string[]).includes(kind)) return `"lists" has an unknown list "${kind.slice(0, 40)}"`;
    const record = asRecord(list);
    if (
      record === undefined ||
      !Array.isArray(record.items) ||
      !Number.isSafeInteger(record.pages) ||
      (record.pages as number) < 1 ||
      (record.pageFields !== undefined && !Array.isArray(record.pageFields))
    )
      return `"lists.${kind}" is not { pages, items }`;
  }
  if (!Array.isArray(root.answers)) return '"answers" is not an array';
  for (const [index, answer] of root.answers.entries()) {
    const record = asRecord(answer);
    const error = asRecord(record?.error);
    if (record === undefined || typeof record.method !== 'string' || (!Object.hasOwn(record, 'result') && error === undefined))
      return `answer ${index} is not { method, params, result | error }`;
  }
  if (!Array.isArray(root.notes) || root.notes.some((note) => typeof note !== 'string')) return '"notes" is not a list of strings';
  return undefined;
}
