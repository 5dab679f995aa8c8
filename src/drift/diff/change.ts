/** What the diff yields: one change, as plain data, before any policy decides its level or severity. */
import type { Location } from '../../model/location.js';
import { quote, truncate } from '../../util/text.js';
import type { ChangeId, Level } from '../../model/changes.js';
import { formChange, formText, sameText } from './text-form.js';
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
function textChange(before: string | undefined, after: string | undefined): { reason: string; data: Record<string, unknown> } {
  const data: Record<string, unknown> = { ...(before !== undefined && { before }), ...(after !== undefined && { after }) };
  if (before === undefined || after === undefined) {
    const { excerpt } = wordDiff(before ?? '', after ?? '');
    return { reason: before === undefined ? `added: ${excerpt}` : `removed: ${excerpt}`, data };
  }
  const diff = wordDiff(before, after);
  data.diff = diff.marked;
  // The word diff compares the canonical forms (text-form.ts): a change of line endings it does not show is said here.
  const form = formChange(before, after);
  if (form !== undefined) data.encoding = form;
  return { reason: diff.excerpt, data };
}

export interface WordingOptions {
  /** What the text is, when the location's pointer does not say it plainly: `argument "city" description`. */
  label?: string;
  /** Data of the item the text belongs to (`argument`). */
  data?: Record<string, unknown>;
}

const KIND_WORDS: Record<Location['kind'], string> = {
  server: 'server',
  tool: 'tool',
  prompt: 'prompt',
  resource: 'resource',
  resourceTemplate: 'resource template',
  transport: 'transport',
};

/**
 * The change of one wording field (a description, a title, the instructions) under `id`, or none when the two
 * texts are equal. Two texts that say the same thing in another form (line endings, Unicode normalization:
 * text-form.ts) are `text-encoding-changed`, which says what differs: a word diff of them would mark nothing.
 */
export function wordingChange(
  id: ChangeId,
  location: Location,
  before: string | undefined,
  after: string | undefined,
  options: WordingOptions = {},
): Change | undefined {
  if (before === after) return undefined;
  if (before !== undefined && after !== undefined && sameText(before, after)) {
    const form = formChange(before, after);
    return {
      id: 'text-encoding-changed',
      location,
      reason: `${textLabel(location, options.label)}: same text, ${form === undefined ? 'written differently' : formText(form)}`,
      data: { ...options.data, before, after, ...(form !== undefined && { encoding: form }) },
    };
  }
  const change = textChange(before, after);
  return {
    id,
    location,
    reason: options.label === undefined ? change.reason : `${options.label} changed: ${change.reason}`,
    data: { ...options.data, ...change.data },
  };
}

/** `tool "add" description`, `server instructions`, `tool "add" description at /inputSchema/properties/a/description`. */
function textLabel(location: Location, label: string | undefined): string {
  const owner = location.kind === 'server' ? 'server' : `${KIND_WORDS[location.kind]} ${quote(location.name ?? '', 80)}`;
  if (label !== undefined) return `${owner} ${label}`;
  const pointer = location.pointer ?? '';
  const segments = pointer.split('/').slice(1);
  const field = segments.at(-1) ?? 'text';
  return segments.length <= 1 ? `${owner} ${field}` : `${owner} ${field} at ${pointer}`;
}
