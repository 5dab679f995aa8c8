/** What the diff yields: one change, as plain data, before any policy decides its level or severity. */
import type { Location } from '../../model/location.js';
import { truncate } from '../../util/text.js';
import type { ChangeId, Level } from '../../model/changes.js';
import { wordDiff } from './word-diff.js';

export interface Change {
  id: ChangeId;
  location: Location;
  /** What changed, bounded (server text is quoted and cut short); the full values are in `data`. */
  reason: string;
  /** Only for ids whose level depends on the change (`when` in the table). */
  level?: Level;
  /** A wording part of a structural id (a resource's title): dropped with `descriptions: ignore`. */
  wording?: true;
  data?: Record<string, unknown>;
}

/** Location names are bounded like the surface's item labels; the full identity stays in the lockfile. */
const NAME_LIMIT = 200;

export function at(kind: Location['kind'], name: string | undefined, pointer: string): Location {
  const location: Location = { kind };
  if (name !== undefined) location.name = truncate(name, NAME_LIMIT);
  if (pointer !== '') location.pointer = pointer;
  return location;
}

/** A change of a text field: a word diff when both sides have text, else what appeared or disappeared. */
export function textChange(before: string | undefined, after: string | undefined): { reason: string; data: Record<string, unknown> } {
  const data: Record<string, unknown> = { ...(before !== undefined && { before }), ...(after !== undefined && { after }) };
  if (before === undefined || after === undefined) {
    const { excerpt } = wordDiff(before ?? '', after ?? '');
    return { reason: before === undefined ? `added: ${excerpt}` : `removed: ${excerpt}`, data };
  }
  const diff = wordDiff(before, after);
  data.diff = diff.marked;
  return { reason: diff.excerpt, data };
}
