/**
 * What the resources rules share: the texts they quote (most read alike in every revision), where a finding about a
 * read goes, the reads the family makes (listed resources, expanded templates, UI resources, each capped), and how
 * a read's answer is judged before any rule words it.
 */
import type { Outcome } from '../../connect/rpc.js';
import { resourceLimits } from '../../config/resources.js';
import type { RuleContext } from '../../engine/rule.js';
import { unreachableEvidence } from '../../exercise/answers.js';
import { capped, listedResources, sharedRead, templateSamples, uiLinks, type ResourceRead } from '../../exercise/resources.js';
import type { Location } from '../../model/location.js';
import { ABSENT, type SpecText, type TargetSpecTexts } from '../../model/spec.js';
import { asRecord, type JsonRecord } from '../../util/json.js';
import { quote, truncate } from '../../util/text.js';

/** The same text in every revision mcpact knows, with the exceptions given (a later revision, an older section). */
export function everyRevision(text: SpecText, except: Partial<TargetSpecTexts> = {}): TargetSpecTexts {
  return { '2025-11-25': text, '2025-06-18': text, '2025-03-26': text, '2024-11-05': text, ...except };
}

export { ABSENT };

/** The first revision without initialize, sessions, resources/subscribe and logging/setLevel (the modern era). */
export const MODERN_REVISION = '2026-07-28';

export function isModern(protocolVersion: string | undefined): boolean {
  return protocolVersion !== undefined && protocolVersion >= MODERN_REVISION;
}

export function resourceLocation(uri: string, pointer?: string): Location {
  const location: Location = { kind: 'resource', name: truncate(uri, 200) };
  if (pointer !== undefined) location.pointer = pointer;
  return location;
}

export function quoteUri(uri: unknown): string {
  return quote(uri, 100);
}

/** One read the family makes, where its findings go, and what the listing says it is. */
export interface FamilyRead {
  uri: string;
  location: Location;
  /** How mcpact came to read it, for messages: "listed", "template docs://{x} with x from completion", ... */
  origin: string;
  /** The mimeType the listing (resource or template) declares, when it declares one. */
  listedMimeType?: string;
  read: ResourceRead;
}

export interface FamilyReads {
  reads: FamilyRead[];
  /** What was not read because of the cap, for the rule's note. */
  left: { listed: number; ui: number };
}

/**
 * The reads the content rules judge: the listed resources, one expansion of each template, and the UI resources
 * tools link, each up to `max_reads`. Every rule that judges contents asks for these; the reads are shared.
 */
export async function familyReads(context: RuleContext): Promise<FamilyReads> {
  const { maxReads } = resourceLimits(context.settings.resources);
  const listed = capped(listedResources(context.surface), maxReads);
  const samples = await templateSamples(context);
  const links = capped(
    uiLinks(context.surface).filter((link): link is typeof link & { uri: string } => typeof link.uri === 'string'),
    maxReads,
  );
  const reads: FamilyRead[] = [];
  const pending: Promise<void>[] = [];
  const add = (entry: Omit<FamilyRead, 'read'>) =>
    pending.push(
      sharedRead(context, entry.uri).then((read) => {
        reads.push({ ...entry, read });
      }),
    );
  for (const resource of listed.taken) {
    const mimeType = resource.record.mimeType;
    add({ uri: resource.uri, location: resourceLocation(resource.uri), origin: 'listed', ...(typeof mimeType === 'string' && { listedMimeType: mimeType }) });
  }
  for (const sample of samples) {
    if (sample.uri === undefined) continue;
    const mimeType = sample.template.record.mimeType;
    add({
      uri: sample.uri,
      location: { kind: 'resourceTemplate', name: truncate(sample.template.uriTemplate, 200) },
      origin: `expanded from template ${quoteUri(sample.template.uriTemplate)} (${describeSources(sample.sources)})`,
      ...(typeof mimeType === 'string' && { listedMimeType: mimeType }),
    });
  }
  for (const link of links.taken) {
    if (reads.some((entry) => entry.uri === link.uri) || listed.taken.some((resource) => resource.uri === link.uri)) continue;
    add({
      uri: link.uri,
      location: { kind: 'tool', name: truncate(link.tool, 200), pointer: '/_meta/ui/resourceUri' },
      origin: `linked by tool ${quote(link.tool, 60)}`,
    });
  }
  await Promise.all(pending);
  // Reads finish in any order; findings must not.
  const order = new Map<string, number>();
  [...listed.taken.map((resource) => resource.uri), ...samples.map((sample) => sample.uri ?? ''), ...links.taken.map((link) => link.uri)].forEach(
    (uri, index) => order.has(uri) || order.set(uri, index),
  );
  reads.sort((a, b) => (order.get(a.uri) ?? 0) - (order.get(b.uri) ?? 0));
  return { reads, left: { listed: listed.left, ui: links.left } };
}

function describeSources(sources: Record<string, string> | undefined): string {
  const entries = Object.entries(sources ?? {});
  return entries.length === 0 ? 'no variables' : entries.map(([name, source]) => `${name} from ${source}`).join(', ');
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
    return { kind: 'undecided', why: `resources/read of ${quoteUri(read.uri)} found the server's backend unreachable (${unreachable})` };
  return { kind: 'failed', outcome };
}

/** The not-found codes of the revisions: -32002 up to 2025-11-25, -32602 from 2026-07-28 (and in the SDKs). */
export const NOT_FOUND_CODES: readonly unknown[] = [-32002, -32602];
