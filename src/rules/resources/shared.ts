/**
 * What the resources rules share: the texts they quote (most read alike in every revision), where a finding about a
 * read goes, the reads the family makes (listed resources, expanded templates, UI resources, each capped), and how
 * a read's answer is judged before any rule words it.
 */
import type { Outcome } from '../../connect/rpc.js';
import { refusalInWords, SAID_MAX, unreachableEvidence } from '../../exercise/answers.js';
import { quoteUri, type FamilyReads } from '../../exercise/resource-reads.js';
import type { ResourceRead } from '../../exercise/resources.js';
import { asRecord, type JsonRecord } from '../../util/json.js';

export { familyReads, quoteUri, resourceLocation, type FamilyRead, type FamilyReads } from '../../exercise/resource-reads.js';

/** The first revision without initialize, sessions, resources/subscribe and logging/setLevel (the modern era). */
export const MODERN_REVISION = '2026-07-28';

export function isModern(protocolVersion: string | undefined): boolean {
  return protocolVersion !== undefined && protocolVersion >= MODERN_REVISION;
}

/** The note that says what the cap left out, or undefined. */
export function capNote(left: FamilyReads['left'], maxReads: number): string | undefined {
  const parts = [left.listed > 0 ? `${left.listed} listed resources` : '', left.ui > 0 ? `${left.ui} UI links` : ''].filter((part) => part !== '');
  return parts.length === 0 ? undefined : `not read (resources.max_reads is ${maxReads}): ${parts.join(', ')}`;
}

/** The contents items of a read that answered with a result and a contents array. */
export function contentItems(read: ResourceRead): { index: number; item: JsonRecord | undefined; raw: unknown }[] {
  return (read.contents ?? []).map((raw, index) => ({ index, item: asRecord(raw), raw }));
}

/** How a read's answer stands before a rule judges it: a result, or why there is no verdict, or what failed. */
export type ReadStanding = { kind: 'result' } | { kind: 'undecided'; why: string } | { kind: 'failed'; outcome: Outcome };

export function standing(read: ResourceRead): ReadStanding {
  const { outcome } = read;
  if (outcome.kind === 'result') return { kind: 'result' };
  if (outcome.kind === 'timeout') return { kind: 'undecided', why: `no answer to resources/read of ${quoteUri(read.uri)}` };
  if (outcome.kind === 'closed') return { kind: 'undecided', why: `the connection closed before resources/read of ${quoteUri(read.uri)} was answered` };
  const unreachable = unreachableEvidence(outcome);
  if (unreachable !== undefined)
    return { kind: 'undecided', why: `resources/read of ${quoteUri(read.uri)} got no verdict, its backend unreachable or not set up: ${unreachable}` };
  return { kind: 'failed', outcome };
}

/** The not-found codes of the revisions: -32002 up to 2025-11-25, -32602 from 2026-07-28 (and in the SDKs). */
export const NOT_FOUND_CODES: readonly unknown[] = [-32002, -32602];

/**
 * Why a read that answered with a result is a refusal in words, not the resource: every item is text (no blob),
 * and together they read as a refusal (exercise/answers.ts `refusalInWords`: not found, unsupported, malformed,
 * invalid). Only a read of a value mcpact chose is asked (FamilyRead `chosen`): the refusal is of that value.
 */
export function refusalAsContents(read: ResourceRead): string | undefined {
  if (read.outcome.kind !== 'result' || read.contents === undefined || read.contents.length === 0 || read.oversized) return undefined;
  const texts: string[] = [];
  for (const { item } of contentItems(read)) {
    if (typeof item?.text !== 'string' || item.blob !== undefined) return undefined;
    texts.push(item.text);
  }
  const words = texts.join('\n').trim();
  const why = refusalInWords(words);
  if (why === undefined) return undefined;
  const said = words.replace(/\s+/g, ' ');
  return `${why}: ${JSON.stringify(said.length <= SAID_MAX ? said : `${said.slice(0, SAID_MAX - 1)}…`)}`;
}
