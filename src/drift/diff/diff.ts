/**
 * The diff: a pinned Contract (base) against another (revision), as a list of changes. It only says what
 * changed; classify.ts decides levels and severities through the one table. Items are matched by identity
 * (tool and prompt name, resource uri, template uriTemplate; a template whose uriTemplate changed is matched by
 * name), and equal items are skipped by comparing their canonical JSON first, which keeps big contracts fast.
 */
import { escapePointerSegment } from '../../util/json-pointer.js';
import { asRecord, type JsonRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { jsonEqual } from '../../util/json-equal.js';
import { at, wordingChange, type Change } from './change.js';
import type { ChangeId } from '../../model/changes.js';
import { diffPrompt } from './diff-prompts.js';
import { diffTool } from './diff-tools.js';
import { diffSkills } from './diff-skills.js';
import {
  CACHED_LISTS,
  type CachedList,
  type CachingHints,
  type Contract,
  type LockedResource,
  type LockedTemplate,
  type LockedTool,
} from '../lockfile/lockfile.js';
import { eraOf, type Era } from '../../model/spec.js';

export function diffContracts(base: Contract, rev: Contract): Change[] {
  const out: Change[] = [];
  // A listed resource that a tool links as its app: its change is the tool's (tool-ui-resource-changed), once.
  const apps = new Set([...base.tools, ...rev.tools].flatMap((tool) => (tool.uiResource ? [tool.uiResource.uri] : [])));
  // A listed resource that is a skill's SKILL.md: its change is the skill's (skill-added, -removed, -changed), once.
  const skills = new Set([...(base.skills ?? []), ...(rev.skills ?? [])].map((skill) => skill.uri));
  diffServer(base.server, rev.server, out);
  matchByIdentity(base.tools, rev.tools, (tool) => tool.name, {
    removed: (tool) => out.push({ id: 'tool-removed', location: at('tool', tool.name, ''), reason: 'removed' }),
    added: (tool) => out.push({ id: 'tool-added', location: at('tool', tool.name, ''), reason: 'added' }),
    both: (before, after) => {
      diffTool(before, after, out);
      diffUiResource(before, after, out);
    },
  });
  matchByIdentity(base.prompts, rev.prompts, (prompt) => prompt.name, {
    removed: (prompt) => out.push({ id: 'prompt-removed', location: at('prompt', prompt.name, ''), reason: 'removed' }),
    added: (prompt) => out.push({ id: 'prompt-added', location: at('prompt', prompt.name, ''), reason: 'added' }),
    both: (before, after) => diffPrompt(before, after, out),
  });
  const resources = (list: readonly LockedResource[]) => list.filter((resource) => !skills.has(resource.uri));
  matchByIdentity(resources(base.resources), resources(rev.resources), (resource) => resource.uri, {
    removed: (resource) => out.push({ id: 'resource-removed', location: at('resource', resource.uri, ''), reason: 'removed' }),
    added: (resource) => out.push({ id: 'resource-added', location: at('resource', resource.uri, ''), reason: 'added' }),
    both: (before, after) => {
      diffResource('resource', before.uri, before, after, out);
      if (!apps.has(before.uri)) diffContents(before, after, out);
    },
  });
  diffTemplates(base.resourceTemplates, rev.resourceTemplates, out);
  // A contract without skills (the extension not declared, or a lockfile from before it) has none to lose or gain.
  diffSkills(base.skills ?? [], rev.skills ?? [], out);
  return out;
}

interface Handlers<T> {
  removed(item: T): void;
  added(item: T): void;
  both(before: T, after: T): void;
}

function matchByIdentity<T>(base: readonly T[], rev: readonly T[], identity: (item: T) => string, handlers: Handlers<T>): void {
  const revByIdentity = new Map<string, T>();
  for (const item of rev) if (!revByIdentity.has(identity(item))) revByIdentity.set(identity(item), item);
  const seen = new Set<string>();
  for (const before of base) {
    const key = identity(before);
    if (seen.has(key)) continue;
    seen.add(key);
    const after = revByIdentity.get(key);
    if (after === undefined) handlers.removed(before);
    else if (!jsonEqual(before, after)) handlers.both(before, after);
  }
  for (const [key, after] of revByIdentity) if (!seen.has(key)) handlers.added(after);
}

function diffServer(base: Contract['server'], rev: Contract['server'], out: Change[]): void {
  const name = rev.name ?? base.name;
  const instructions = wordingChange('server-instructions-changed', at('server', name, '/instructions'), base.instructions, rev.instructions);
  if (instructions) out.push(instructions);
  // One change for the revision and the era together: an era never changes without the revision.
  if (base.protocolVersion !== rev.protocolVersion || contractEra(base) !== contractEra(rev)) {
    // The era is named only when it is what changed.
    const eras = contractEra(base) !== contractEra(rev);
    const spoken = (server: Contract['server']) => `${quote(server.protocolVersion ?? null, 40)}${eras ? ` (${contractEra(server) ?? 'no era'})` : ''}`;
    out.push({
      id: 'protocol-revision-changed',
      location: at('server', name, '/protocolVersion'),
      reason: `${spoken(base)} -> ${spoken(rev)}`,
      data: {
        before: base.protocolVersion ?? null,
        after: rev.protocolVersion ?? null,
        eraBefore: contractEra(base) ?? null,
        eraAfter: contractEra(rev) ?? null,
      },
    });
  }
  diffCaching(base, rev, name, out);
  const before = capabilityPointers(base.capabilities);
  const after = capabilityPointers(rev.capabilities);
  for (const pointer of before) {
    if (!after.has(pointer))
      out.push({ id: 'capability-removed', location: at('server', name, pointer), reason: capabilityName(pointer), data: { capability: pointer } });
  }
  for (const pointer of after) {
    if (!before.has(pointer))
      out.push({ id: 'capability-added', location: at('server', name, pointer), reason: capabilityName(pointer), data: { capability: pointer } });
  }
}

/** The era a contract was captured in: recorded since #15, else read off its revision (2026-07-28 and later: modern). */
function contractEra(server: Contract['server']): Era | undefined {
  return server.era ?? (server.protocolVersion === undefined ? undefined : eraOf(server.protocolVersion));
}

const CACHING_IDS: Record<CachedList, ChangeId> = {
  tools: 'tool-caching-changed',
  prompts: 'prompt-caching-changed',
  resources: 'resource-caching-changed',
  resourceTemplates: 'resource-template-caching-changed',
};

/**
 * The caching hints of each list, compared only when both sides recorded them: a lockfile of the legacy era has
 * none, and a server that moved eras has its one change already (protocol-revision-changed), not one per list.
 */
function diffCaching(base: Contract['server'], rev: Contract['server'], name: string | undefined, out: Change[]): void {
  for (const list of CACHED_LISTS) {
    const before = base.caching?.[list];
    const after = rev.caching?.[list];
    if (before === undefined || after === undefined || jsonEqual(before, after)) continue;
    const shown = (hints: CachingHints) => `ttlMs ${quote(hints.ttlMs ?? null, 20)}, cacheScope ${quote(hints.cacheScope ?? null, 20)}`;
    out.push({
      id: CACHING_IDS[list],
      location: at('server', name, `/caching/${list}`),
      reason: `${shown(before)} -> ${shown(after)}`,
      level: before.cacheScope === 'private' && after.cacheScope === 'public' ? 'risky' : 'compatible',
      data: { before, after },
    });
  }
}

/** Every declared capability and flag as a pointer (`/capabilities/resources/subscribe`); false and null declare nothing. */
function capabilityPointers(capabilities: JsonRecord, prefix = '/capabilities', depth = 0, into = new Set<string>()): Set<string> {
  for (const [key, value] of Object.entries(capabilities)) {
    if (value === false || value === null) continue;
    const pointer = `${prefix}/${escapePointerSegment(key)}`;
    into.add(pointer);
    const nested = asRecord(value);
    if (nested && depth < 8) capabilityPointers(nested, pointer, depth + 1, into);
  }
  return into;
}

function capabilityName(pointer: string): string {
  return quote(pointer.slice('/capabilities/'.length).replace(/\//g, '.'), 80);
}

type Described = LockedResource | LockedTemplate;

function diffResource(kind: 'resource' | 'resourceTemplate', name: string, base: Described, rev: Described, out: Change[]): void {
  const changed: ChangeId = kind === 'resource' ? 'resource-changed' : 'resource-template-changed';
  for (const field of ['mimeType', 'name', 'title'] as const) {
    if (base[field] === rev[field]) continue;
    const encoding = field === 'title' ? wordingChange(changed, at(kind, name, '/title'), base.title, rev.title) : undefined;
    if (encoding?.id === 'text-encoding-changed') {
      out.push(encoding);
      continue;
    }
    const change: Change = {
      id: changed,
      location: at(kind, name, `/${field}`),
      reason: `${field} ${quote(base[field] ?? null, 60)} -> ${quote(rev[field] ?? null, 60)}`,
      level: field === 'mimeType' ? 'risky' : 'compatible',
      data: { field, before: base[field] ?? null, after: rev[field] ?? null },
    };
    if (field === 'title') change.wording = true;
    out.push(change);
  }
  const description = wordingChange('resource-description-changed', at(kind, name, '/description'), base.description, rev.description);
  if (description) out.push(description);
}

/** Pinned contents (drift.resource_contents) compared only when both sides pinned them: an unpinned side says nothing. */
function diffContents(base: LockedResource, rev: LockedResource, out: Change[]): void {
  if (base.contentSha256 === undefined || rev.contentSha256 === undefined || base.contentSha256 === rev.contentSha256) return;
  out.push({
    id: 'resource-content-changed',
    location: at('resource', base.uri, '/contentSha256'),
    reason: `SHA-256 ${base.contentSha256.slice(0, 12)} -> ${rev.contentSha256.slice(0, 12)}`,
    data: { before: base.contentSha256, after: rev.contentSha256 },
  });
}

function diffUiResource(base: LockedTool, rev: LockedTool, out: Change[]): void {
  const [before, after] = [base.uiResource, rev.uiResource];
  if (before === undefined || after === undefined || (before.uri === after.uri && before.sha256 === after.sha256)) return;
  out.push({
    id: 'tool-ui-resource-changed',
    location: at('tool', base.name, '/uiResource'),
    reason:
      before.uri === after.uri
        ? `contents of ${quote(after.uri, 80)}: SHA-256 ${before.sha256.slice(0, 12)} -> ${after.sha256.slice(0, 12)}`
        : `${quote(before.uri, 80)} -> ${quote(after.uri, 80)}`,
    data: { before, after },
  });
}

/** Templates by uriTemplate; the ones left over on both sides are paired by name, which makes a uriTemplate change. */
function diffTemplates(base: readonly LockedTemplate[], rev: readonly LockedTemplate[], out: Change[]): void {
  const removed: LockedTemplate[] = [];
  const added: LockedTemplate[] = [];
  matchByIdentity(base, rev, (template) => template.uriTemplate, {
    removed: (template) => removed.push(template),
    added: (template) => added.push(template),
    both: (before, after) => diffResource('resourceTemplate', after.uriTemplate, before, after, out),
  });
  const taken = new Set<LockedTemplate>();
  for (const before of removed) {
    const after = before.name === undefined ? undefined : added.find((candidate) => !taken.has(candidate) && candidate.name === before.name);
    if (after === undefined) {
      out.push({ id: 'resource-template-removed', location: at('resourceTemplate', before.uriTemplate, ''), reason: 'removed' });
      continue;
    }
    taken.add(after);
    out.push({
      id: 'resource-template-changed',
      location: at('resourceTemplate', after.uriTemplate, '/uriTemplate'),
      reason: `uriTemplate ${quote(before.uriTemplate, 60)} -> ${quote(after.uriTemplate, 60)}`,
      level: 'breaking',
      data: { field: 'uriTemplate', before: before.uriTemplate, after: after.uriTemplate },
    });
    diffResource('resourceTemplate', after.uriTemplate, { ...before, uriTemplate: after.uriTemplate }, after, out);
  }
  for (const after of added) {
    if (!taken.has(after)) out.push({ id: 'resource-template-added', location: at('resourceTemplate', after.uriTemplate, ''), reason: 'added' });
  }
}
