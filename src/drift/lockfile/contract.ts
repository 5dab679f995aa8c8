/**
 * From a captured Surface to the Contract a lockfile pins: only the fields the contract consists of, each kept
 * only when it has the type the spec gives it (the schema rules report the rest), items sorted by identity. The
 * same function serves `baseline` and `diff`, so both sides of a diff are normalized alike.
 */
import { asRecord, type JsonRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import type { ListKind, Surface } from '../../surface/types.js';
import { canonicalJson, sortKeys } from './canonical.js';
import { parseSkillEntry } from '../../surface/skills.js';
import { createHash } from 'node:crypto';
import { eraOf } from '../../model/spec.js';
import {
  CACHED_LISTS,
  IDENTITY,
  sortByIdentity,
  type Contract,
  type LockedArgument,
  type LockedPrompt,
  type LockedResource,
  type LockedSkill,
  type LockedTemplate,
  type LockedTool,
} from './lockfile.js';

export interface NormalizedContract {
  contract: Contract;
  /** Items that could not be pinned (no identity, or a duplicate of one already pinned). */
  notes: string[];
}

export function contractFromSurface(surface: Surface): NormalizedContract {
  const notes: string[] = [];
  const server: Contract['server'] = { capabilities: record(sortKeys(surface.capabilities)) ?? {} };
  assign(server, 'name', text(surface.serverInfo?.name));
  assign(server, 'version', text(surface.serverInfo?.version));
  assign(server, 'protocolVersion', surface.protocolVersion);
  if (surface.protocolVersion !== undefined) server.era = eraOf(surface.protocolVersion);
  assign(server, 'instructions', surface.instructions);
  assign(server, 'caching', caching(surface));
  const contract: Contract = {
    server,
    tools: sortByIdentity(pick(surface, 'tools', notes, tool), 'name'),
    prompts: sortByIdentity(pick(surface, 'prompts', notes, prompt), 'name'),
    resources: sortByIdentity(pick(surface, 'resources', notes, resource), 'uri'),
    resourceTemplates: sortByIdentity(pick(surface, 'resourceTemplates', notes, template), 'uriTemplate'),
  };
  // Only a server that declares the Skills extension has the key: every other lockfile keeps its bytes.
  if (surface.skills !== undefined) contract.skills = sortByIdentity(skills(surface.skills.entries, notes), 'uri');
  return { contract, notes };
}

/**
 * Each list's caching hints as its first page gave them, when they have the spec's types: only a modern-era
 * capture has any, so a legacy lockfile has none and a diff across eras compares none.
 */
function caching(surface: Surface): Contract['server']['caching'] {
  const hints: NonNullable<Contract['server']['caching']> = {};
  for (const list of CACHED_LISTS) {
    const first = surface.lists[list].pageFields?.[0];
    const ttlMs = typeof first?.ttlMs === 'number' && Number.isFinite(first.ttlMs) ? first.ttlMs : undefined;
    const cacheScope = typeof first?.cacheScope === 'string' ? first.cacheScope : undefined;
    if (ttlMs !== undefined || cacheScope !== undefined)
      hints[list] = { ...(ttlMs !== undefined && { ttlMs }), ...(cacheScope !== undefined && { cacheScope }) };
  }
  return Object.keys(hints).length > 0 ? hints : undefined;
}

/** The items of one list that carry their identity, the first of each identity, in the server's order. */
function pick<T>(surface: Surface, kind: ListKind, notes: string[], build: (item: JsonRecord) => T | undefined): T[] {
  const key = IDENTITY[kind];
  const seen = new Set<string>();
  const picked: T[] = [];
  let anonymous = 0;
  for (const raw of surface.lists[kind].items) {
    const item = asRecord(raw);
    const identity = item?.[key];
    const built = item && typeof identity === 'string' ? build(item) : undefined;
    if (built === undefined || typeof identity !== 'string') {
      anonymous++;
      continue;
    }
    if (seen.has(identity)) {
      notes.push(`${kind}: duplicate ${key} ${quote(identity)}; pinned the first`);
      continue;
    }
    seen.add(identity);
    picked.push(built);
  }
  if (anonymous > 0) notes.push(`${kind}: ${anonymous} item${anonymous === 1 ? '' : 's'} without a string ${key} could not be pinned`);
  return picked;
}

function tool(item: JsonRecord): LockedTool | undefined {
  if (typeof item.name !== 'string') return undefined;
  const locked: LockedTool = { name: item.name };
  assign(locked, 'title', text(item.title));
  assign(locked, 'description', text(item.description));
  assign(locked, 'inputSchema', schema(item.inputSchema));
  assign(locked, 'outputSchema', schema(item.outputSchema));
  assign(locked, 'annotations', record(sortKeys(item.annotations)));
  return locked;
}

function prompt(item: JsonRecord): LockedPrompt | undefined {
  if (typeof item.name !== 'string') return undefined;
  const args = Array.isArray(item.arguments) ? item.arguments.flatMap((raw) => argument(asRecord(raw))) : [];
  // `mcpact baseline` fills in the invocations that worked (drift/replay.ts); the Surface alone cannot know them.
  const locked: LockedPrompt = { name: item.name, arguments: args, invocations: [] };
  assign(locked, 'title', text(item.title));
  assign(locked, 'description', text(item.description));
  return locked;
}

function argument(item: JsonRecord | undefined): LockedArgument[] {
  if (item === undefined || typeof item.name !== 'string') return [];
  const locked: LockedArgument = { name: item.name, required: item.required === true };
  assign(locked, 'title', text(item.title));
  assign(locked, 'description', text(item.description));
  return [locked];
}

function resource(item: JsonRecord): LockedResource | undefined {
  if (typeof item.uri !== 'string') return undefined;
  const locked: LockedResource = { uri: item.uri };
  for (const key of ['name', 'title', 'description', 'mimeType'] as const) assign(locked, key, text(item[key]));
  return locked;
}

function template(item: JsonRecord): LockedTemplate | undefined {
  if (typeof item.uriTemplate !== 'string') return undefined;
  const locked: LockedTemplate = { uriTemplate: item.uriTemplate };
  for (const key of ['name', 'title', 'description', 'mimeType'] as const) assign(locked, key, text(item[key]));
  return locked;
}

/** The entries with the types the extension gives them, the first of each SKILL.md URI; the rest are named in notes. */
function skills(entries: readonly unknown[], notes: string[]): LockedSkill[] {
  const seen = new Set<string>();
  const pinned: LockedSkill[] = [];
  let invalid = 0;
  for (const raw of entries) {
    const { skill, problems } = parseSkillEntry(raw);
    const frontmatterSha256 = skill === undefined ? undefined : digestOf(skill.frontmatter);
    if (skill === undefined || problems.length > 0 || frontmatterSha256 === undefined) {
      invalid++;
      continue;
    }
    if (seen.has(skill.uri)) {
      notes.push(`skills: duplicate uri ${quote(skill.uri)}; pinned the first`);
      continue;
    }
    seen.add(skill.uri);
    const resources = skill.resources === 'dynamic' ? 'dynamic' : sortByIdentity(skill.resources, 'uri');
    pinned.push({ uri: skill.uri, name: skill.name, description: skill.description, frontmatterSha256, resources });
  }
  if (invalid > 0) notes.push(`skills: ${invalid} entr${invalid === 1 ? 'y' : 'ies'} without the fields of a Skill could not be pinned`);
  return pinned;
}

/** SHA-256 of the canonical JSON of a frontmatter object; undefined when it is nested too deep to pin. */
function digestOf(frontmatter: JsonRecord): string | undefined {
  try {
    return createHash('sha256').update(canonicalJson(frontmatter)).digest('hex');
  } catch {
    return undefined;
  }
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function record(value: unknown): JsonRecord | undefined {
  return asRecord(value);
}

function schema(value: unknown): JsonRecord | boolean | undefined {
  return typeof value === 'boolean' ? value : record(sortKeys(value));
}

/** Sets an optional field only when there is a value, so absent fields stay absent (and out of the bytes). */
function assign<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}
