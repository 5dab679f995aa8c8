/**
 * Pinned resource contents (opt-in: `drift.resource_contents`). Baseline reads each listed resource and the UI
 * resource each tool links (up to `resources.max_reads` of each, through the one resource reader of
 * exercise/resources.ts) and pins a SHA-256 of the contents; diff and run read them again and put the live digests
 * into the live contract, so the declaration diff compares both sides (resource-content-changed,
 * tool-ui-resource-changed). A pinned item that can no longer be read is a change too; one too big to examine is
 * noted, never pinned.
 */
import { resourceLimits } from '../../config/resources.js';
import type { ServerSettings } from '../../config/schema.js';
import type { Probe } from '../../connect/probe.js';
import { capped, listedResources, readResource, uiLinks, type ResourceRead } from '../../exercise/resources.js';
import type { Surface } from '../../surface/types.js';
import { quote } from '../../util/text.js';
import { at, type Change } from '../diff/change.js';
import { replayFailure } from './failure.js';
import type { Contract } from '../lockfile/lockfile.js';

export function resourceContentsEnabled(settings: ServerSettings): boolean {
  return settings.drift?.resource_contents === true;
}

export interface PinnedContents {
  /** Digest by listed resource URI. */
  resources: Map<string, string>;
  /** Linked URI and its digest, by tool name. */
  ui: Map<string, { uri: string; sha256: string }>;
  /** Items whose read failed, and how. */
  unreadable: { kind: 'resource' | 'tool'; name: string; uri: string; failure: string }[];
  notes: string[];
}

/** Reads what the contract pins (nothing unless opted in). */
export async function readPinnedContents(surface: Surface, probe: Probe, settings: ServerSettings): Promise<PinnedContents> {
  const pinned: PinnedContents = { resources: new Map(), ui: new Map(), unreadable: [], notes: [] };
  if (!resourceContentsEnabled(settings)) return pinned;
  const limits = resourceLimits(settings.resources);
  const listed = capped(listedResources(surface), limits.maxReads);
  const links = capped(
    uiLinks(surface).filter((link): link is typeof link & { uri: string } => typeof link.uri === 'string'),
    limits.maxReads,
  );
  if (listed.left > 0) pinned.notes.push(`${listed.left} resources not pinned (resources.max_reads is ${limits.maxReads})`);
  if (links.left > 0) pinned.notes.push(`${links.left} UI resources not pinned (resources.max_reads is ${limits.maxReads})`);
  const reads = new Map<string, Promise<ResourceRead>>();
  const read = (uri: string) => {
    let pending = reads.get(uri);
    if (pending === undefined) reads.set(uri, (pending = readResource(probe, uri, limits, { era: surface.era })));
    return pending;
  };
  const judge = async (kind: 'resource' | 'tool', name: string, uri: string): Promise<string | undefined> => {
    const result = await read(uri);
    if (result.sha256 !== undefined) return result.sha256;
    if (result.oversized) pinned.notes.push(`${quote(uri, 80)} not pinned: bigger than resources.max_bytes (${limits.maxBytes})`);
    else pinned.unreadable.push({ kind, name, uri, failure: failureOf(result) });
    return undefined;
  };
  await Promise.all([
    ...listed.taken.map(async ({ uri }) => {
      const sha256 = await judge('resource', uri, uri);
      if (sha256 !== undefined) pinned.resources.set(uri, sha256);
    }),
    ...links.taken.map(async ({ tool, uri }) => {
      const sha256 = await judge('tool', tool, uri);
      if (sha256 !== undefined) pinned.ui.set(tool, { uri, sha256 });
    }),
  ]);
  return pinned;
}

/** Puts the digests into a contract (baseline's, or the live one that diff compares). */
export function applyPinnedContents(contract: Contract, pinned: PinnedContents): void {
  for (const resource of contract.resources) {
    const sha256 = pinned.resources.get(resource.uri);
    if (sha256 !== undefined) resource.contentSha256 = sha256;
  }
  for (const tool of contract.tools) {
    const ui = pinned.ui.get(tool.name);
    if (ui !== undefined) tool.uiResource = ui;
  }
}

/**
 * The live side of the comparison: digests into the live contract, and a change for each pinned item that can no
 * longer be read. Notes say when the lockfile and the option disagree.
 */
export async function replayPinnedContents(
  base: Contract,
  live: Contract,
  surface: Surface,
  probe: Probe,
  settings: ServerSettings,
): Promise<{ changes: Change[]; notes: string[] }> {
  const pinnedBefore = base.resources.some((resource) => resource.contentSha256 !== undefined) || base.tools.some((tool) => tool.uiResource !== undefined);
  if (!resourceContentsEnabled(settings)) {
    return { changes: [], notes: pinnedBefore ? ['the lockfile pins resource contents, but drift.resource_contents is off: not compared'] : [] };
  }
  const pinned = await readPinnedContents(surface, probe, settings);
  applyPinnedContents(live, pinned);
  const notes = [...pinned.notes];
  if (!pinnedBefore && (pinned.resources.size > 0 || pinned.ui.size > 0)) {
    notes.push('drift.resource_contents is on, but the lockfile pins no resource contents: refresh it with mcpact baseline');
  }
  const changes: Change[] = [];
  const apps = new Set(base.tools.flatMap((tool) => (tool.uiResource ? [tool.uiResource.uri] : [])));
  for (const failure of pinned.unreadable) {
    if (failure.kind === 'resource') {
      // An app's resource is the tool's change (tool-ui-resource-changed), reported once.
      if (apps.has(failure.uri)) continue;
      if (base.resources.find((resource) => resource.uri === failure.uri)?.contentSha256 === undefined) continue;
      changes.push({
        id: 'resource-content-changed',
        location: at('resource', failure.uri, '/contentSha256'),
        reason: `can no longer be read (${failure.failure})`,
        data: { outcome: failure.failure },
      });
    } else if (base.tools.find((tool) => tool.name === failure.name)?.uiResource !== undefined) {
      changes.push({
        id: 'tool-ui-resource-changed',
        location: at('tool', failure.name, '/uiResource'),
        reason: `${quote(failure.uri, 80)} can no longer be read (${failure.failure})`,
        data: { uri: failure.uri, outcome: failure.failure },
      });
    }
  }
  return { changes, notes };
}

function failureOf(read: ResourceRead): string {
  return replayFailure(read.outcome, 'a result without a contents array');
}
