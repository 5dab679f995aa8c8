/**
 * The reads the resources family makes, planned once per server: the listed resources, one expansion of each
 * template, and the UI resources tools link, each up to `resources.max_reads`, with where a finding about each goes.
 * Every rule that judges contents asks for these (the reads are shared, exercise/resources.ts `sharedRead`), and the
 * runner asks for them first, before any bad input (engine/warm-up.ts): a read must not meet a server that bad input
 * already broke.
 */
import { resourceLimits } from '../config/resources.js';
import type { Location } from '../model/location.js';
import { quote, truncate } from '../util/text.js';
import type { ExerciseContext } from './context.js';
import { capped, listedResources, sharedRead, templateSamples, uiLinks, type ResourceRead } from './resources.js';

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
  /**
   * A template expansion with a value mcpact chose (from completion or the description, not the config's
   * `resources.template_examples`): a refusal it gets back as content is about mcpact's value, not the resource.
   */
  chosen?: true;
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
export async function familyReads(context: ExerciseContext): Promise<FamilyReads> {
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
      ...(Object.values(sample.sources ?? {}).some((source) => source !== 'config') && { chosen: true as const }),
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
