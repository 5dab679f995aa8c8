/**
 * The vocabulary of the signature tables (engine/signatures.ts): what a trait tests, what an SDK identity requires,
 * what a signature sees of a finding, and the exact comparisons every table uses. Imports nothing of the tables, so
 * each language's table can use it.
 */
import type { Outcome } from '../../connect/rpc.js';
import { WORDS_MAX } from '../../exercise/answers.js';
import { asRecord } from '../../util/json.js';
import type { TransportKind } from '../../model/transport.js';

/**
 * The answers whose words identify an SDK: tools-family probes the run sends anyway (a tools/call whose `arguments`
 * is a string, one whose params have no "name", a call of an unknown tool), the capabilities the server declared
 * when the session began, and the tools it listed (`{ tools }`, every page's items as sent).
 */
export type EvidenceProbe = 'malformed-arguments-string' | 'malformed-no-name' | 'unknown-tool' | 'initialize' | 'tools-list';

export interface Trait {
  probe: EvidenceProbe;
  description: string;
  /** Exact: the whole answer, given the unknown tool name the run used. */
  test: (outcome: Outcome, unknownName: string) => boolean;
}

export interface Sdk<TraitId extends string = string> {
  /** The package and, where it matters, its API, as reports name it. */
  name: string;
  /** The versions known to answer so, in the notation of the SDK's registry (npm, PyPI, Go modules, crates.io, Maven). */
  versions: string;
  /** Every one of these traits must hold. */
  requires: readonly TraitId[];
  /** The versions the signature tests run. */
  tested: readonly string[];
}

/** What a signature sees of one finding: its data, where it is, and the answers of the prompts/get cases the run sent. */
export interface Shown {
  data: Readonly<Record<string, unknown>>;
  /** The name of the item the finding is about (a tool, a prompt), when it is about one. */
  name?: string;
  /** The transport of the server: stdio behaviours are the stdio transport's. */
  transport: TransportKind;
  /** The answer to the prompts/get case of this variant (`data.variant`), when the finding is a prompts case. */
  promptCase?: (variant: string) => Outcome | undefined;
  /**
   * Every rendering of a prompt the matrix got (the search for an accepted map and every case that rendered), when
   * the finding is a prompts case: the arguments sent, and the digest of what was rendered.
   */
  promptRenders?: (prompt: string) => readonly PromptRender[];
}

/** One prompts/get of the matrix that rendered: the case, the argument it is about, what was sent, what came back. */
export interface PromptRender {
  case: string;
  argument?: string;
  arguments: Readonly<Record<string, unknown>>;
  /** SHA-256 of the rendered messages (exercise/prompts/kept-rendering.ts `digest`). */
  digest: string;
}

export interface Signature<SdkId extends string = string> {
  ruleId: string;
  /** The identities that behave so, most specific first. */
  sdks: readonly SdkId[];
  description: string;
  /** An SDK issue, pull request or source file (at the tag of a version that behaves so) that shows the behaviour. */
  reference?: string;
  match: (shown: Shown) => boolean;
}

export function isError(outcome: Outcome, code: number, message: string): boolean {
  return outcome.kind === 'error' && outcome.code === code && outcome.message === message;
}

/** A tools/call result with isError and exactly one text block saying `text`. */
export function isErrorResult(outcome: Outcome, text: string): boolean {
  if (outcome.kind !== 'result') return false;
  const result = asRecord(outcome.result);
  const content = Array.isArray(result?.content) ? result.content : [];
  const only = content.length === 1 ? asRecord(content[0]) : undefined;
  return result?.isError === true && only?.type === 'text' && only.text === text;
}

/** The capabilities a server declared (the `initialize` evidence), when it declared an object. */
export function capabilitiesOf(outcome: Outcome): Record<string, unknown> | undefined {
  return outcome.kind === 'result' ? asRecord(asRecord(outcome.result)?.capabilities) : undefined;
}

export function isEmptyObject(value: unknown): boolean {
  const record = asRecord(value);
  return record !== undefined && Object.keys(record).length === 0;
}

/** The server's words as a finding keeps them in `data.said` (exercise/answers.ts wordsOf, bounded). */
export const said = (text: string) => text.slice(0, WORDS_MAX);

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function hasExactly(data: Readonly<Record<string, unknown>>, keys: readonly string[]): boolean {
  const own = Object.keys(data);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(data, key));
}

/** The two invalid requests of stdio/invalid-request (rules/stdio/invalid-request.ts). */
export const INVALID_REQUESTS = [
  { jsonrpc: '1.0', id: 900001, method: 'ping' },
  { jsonrpc: '2.0', id: 900002, method: 'ping', params: 'not an object' },
];

/** A stdio/parse-error finding: the line sent and the -32700 expected, nothing answered. */
export const unansweredParseError = ({ data, transport }: Shown) => transport === 'stdio' && hasExactly(data, ['sent', 'expected']) && data.expected === -32700;

/** A stdio/invalid-request finding whose request got `outcome` (none: no answer at all). */
export const invalidRequestGot =
  (outcome: 'none' | 'result') =>
  ({ data, transport }: Shown) =>
    transport === 'stdio' && data.outcome === outcome && INVALID_REQUESTS.some((sent) => sameJson(sent, data.sent));

/** A stdio/invalid-request finding whose request got no answer at all. */
export const unansweredInvalidRequest = invalidRequestGot('none');

/** A protocol/invalid-cursor finding for one of `methods`: the list answered a page for a cursor it never handed out. */
export const pageForInvalidCursor =
  (methods?: readonly string[]) =>
  ({ data }: Shown) =>
    data.outcome === 'result' && typeof data.method === 'string' && (methods === undefined ? data.method.endsWith('/list') : methods.includes(data.method));
