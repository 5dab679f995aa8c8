/**
 * The skills of two contracts (MCP Skills extension), matched by the URI of their SKILL.md, which is a skill's
 * identity on a server (its last path segment is the skill's name). A skill whose content changed is one change,
 * whatever number of its files did: a host's approval binds to the whole set of `{uri, digest}` pairs, so the set
 * changing is the one event it sees.
 */
import { jsonEqual } from '../../util/json-equal.js';
import { quote } from '../../util/text.js';
import type { LockedSkill, LockedSkillFile } from '../lockfile/lockfile.js';
import { at, type Change } from './change.js';

/** File URIs a change's data names at most per kind: the count is always there. */
const URIS_KEPT = 20;

export function diffSkills(base: readonly LockedSkill[], rev: readonly LockedSkill[], out: Change[]): void {
  const after = new Map(rev.map((skill) => [skill.uri, skill]));
  const seen = new Set<string>();
  for (const before of base) {
    if (seen.has(before.uri)) continue;
    seen.add(before.uri);
    const now = after.get(before.uri);
    if (now === undefined) out.push({ id: 'skill-removed', location: at('resource', before.uri, ''), reason: 'removed', data: { name: before.name } });
    else if (!jsonEqual(before, now)) out.push(skillChange(before, now));
  }
  for (const skill of rev) {
    if (seen.has(skill.uri)) continue;
    seen.add(skill.uri);
    out.push({ id: 'skill-added', location: at('resource', skill.uri, ''), reason: 'added', data: { name: skill.name } });
  }
}

function skillChange(before: LockedSkill, after: LockedSkill): Change {
  const parts: string[] = [];
  const data: Record<string, unknown> = { name: after.name };
  if (before.frontmatterSha256 !== after.frontmatterSha256) {
    const fields = (['name', 'description'] as const).filter((field) => before[field] !== after[field]);
    parts.push(`frontmatter${fields.length > 0 ? ` (${fields.join(', ')})` : ''}`);
    data.frontmatter = { before: before.frontmatterSha256, after: after.frontmatterSha256 };
    if (before.description !== after.description) data.description = { before: before.description, after: after.description };
  }
  if (before.resources === 'dynamic' || after.resources === 'dynamic') {
    if (before.resources !== after.resources) {
      parts.push(`resources ${before.resources === 'dynamic' ? '"dynamic"' : 'listed'} -> ${after.resources === 'dynamic' ? '"dynamic"' : 'listed'}`);
      data.dynamic = { before: before.resources === 'dynamic', after: after.resources === 'dynamic' };
    }
  } else {
    const files = fileChanges(before.resources, after.resources);
    if (files.changed.length > 0)
      parts.push(
        `${files.changed.length} file${files.changed.length === 1 ? '' : 's'} rewritten (${quote(files.changed[0], 80)}${files.changed.length > 1 ? ', …' : ''})`,
      );
    if (files.added.length > 0) parts.push(`${files.added.length} file${files.added.length === 1 ? '' : 's'} added`);
    if (files.removed.length > 0) parts.push(`${files.removed.length} file${files.removed.length === 1 ? '' : 's'} removed`);
    for (const kind of ['changed', 'added', 'removed'] as const) if (files[kind].length > 0) data[kind] = files[kind].slice(0, URIS_KEPT);
  }
  return { id: 'skill-changed', location: at('resource', after.uri, ''), reason: parts.join('; ') || 'its entry changed', data };
}

function fileChanges(before: readonly LockedSkillFile[], after: readonly LockedSkillFile[]): Record<'changed' | 'added' | 'removed', string[]> {
  const now = new Map(after.map((file) => [file.uri, file]));
  const was = new Map(before.map((file) => [file.uri, file]));
  const changed: string[] = [];
  const removed: string[] = [];
  for (const [uri, file] of was) {
    const next = now.get(uri);
    if (next === undefined) removed.push(uri);
    else if (next.digest !== file.digest || next.size !== file.size) changed.push(uri);
  }
  const added = [...now.keys()].filter((uri) => !was.has(uri));
  return { changed, added, removed };
}
