/**
 * What the prompt matrix keeps of a rendering once its case is judged. A server may answer every prompts/get with
 * megabytes (8 MB of small message objects is about 60 MB once parsed), and the matrix sends a dozen cases per
 * prompt: kept whole, the renderings of two such prompts passed 1 GB. The prompt rules need far less, taken here
 * from the whole rendering before it is dropped: digests to compare two renderings, the facts the text rules judge
 * (how the text carries each supplied value, how often each marker occurs), the first shape problem of each kind,
 * and the first roles for a finding to show. The messages and text themselves are kept only where the config
 * compares them (`prompts.<name>.expect`, on case complete: prompts/expectations).
 */
import { createHash } from 'node:crypto';
import { detached } from '../../util/text.js';
import { asRecord } from '../../util/json.js';
import { markerCounts, type Marker } from './markers.js';
import type { Rendered } from './render.js';
import { occurrences, valueAppears } from './value-forms.js';

/** Roles kept for findings to show; `rolesDigest` stands for all of them. */
export const KEPT_ROLES = 200;
/** Kinds of shape problem kept per rendering, the first of each (a server can make every message a new kind). */
export const KEPT_PROBLEM_KINDS = 100;
/** Characters kept of a role or a problem message: both quote the server. */
const KEPT_CHARS = 200;

/** How the rendered text carries one supplied value. */
export interface Carried {
  /** Verbatim, JSON-escaped, HTML-escaped or URL-encoded (value-forms.ts). */
  appears: boolean;
  /** How often verbatim. */
  occurrences: number;
}

export interface KeptRendering {
  /** The roles of the first KEPT_ROLES messages, each cut at KEPT_CHARS. */
  roles: string[];
  /** SHA-256 of every role in order (`rolesDigest`): equal digests, equal roles. */
  rolesDigest: string;
  /** SHA-256 of the canonical serialization of the messages: equal digests, equal renderings. */
  digest: string;
  /** Shape problems, the first of each kind (`problemKind`), at most KEPT_PROBLEM_KINDS. */
  problems: Rendered['problems'];
  /** Per supplied argument with a string value, by name. */
  carried: ReadonlyMap<string, Carried>;
  /** How often each marker occurs in the text. */
  markers: ReadonlyMap<Marker, number>;
  /** The messages and the text a model reads, only where the config compares them. */
  whole?: Pick<Rendered, 'messages' | 'text'>;
}

/** The kept form of `rendered`, the rendering of a prompts/get that sent `args`. */
export function keptRendering(rendered: Rendered, args: unknown, keepWhole: boolean): KeptRendering {
  const kept: KeptRendering = {
    roles: rendered.roles.slice(0, KEPT_ROLES).map((role) => detached(role.slice(0, KEPT_CHARS))),
    rolesDigest: rolesDigest(rendered.roles),
    digest: sha256(rendered.canonical),
    problems: firstOfEachKind(rendered.problems),
    carried: carriedValues(rendered.text, args),
    markers: markerCounts(rendered.text),
  };
  if (keepWhole) kept.whole = { messages: rendered.messages, text: rendered.text };
  return kept;
}

export function rolesDigest(roles: readonly string[]): string {
  return sha256(JSON.stringify(roles));
}

/** What makes two shape problems one kind: the same message at the same place in any message. */
export function problemKind(problem: Rendered['problems'][number]): string {
  return `${problem.pointer.replace(/\/messages\/\d+/, '/messages/*')}|${problem.message}`;
}

function firstOfEachKind(problems: Rendered['problems']): Rendered['problems'] {
  const kinds = new Set<string>();
  const kept: Rendered['problems'] = [];
  for (const problem of problems) {
    const kind = problemKind(problem);
    if (kinds.has(kind)) continue;
    kinds.add(kind);
    kept.push({ pointer: detached(problem.pointer.slice(0, KEPT_CHARS)), message: detached(problem.message.slice(0, KEPT_CHARS)) });
    if (kept.length === KEPT_PROBLEM_KINDS) break;
  }
  return kept;
}

function carriedValues(text: string, args: unknown): ReadonlyMap<string, Carried> {
  const carried = new Map<string, Carried>();
  for (const [name, value] of Object.entries(asRecord(args) ?? {})) {
    if (typeof value === 'string') carried.set(name, { appears: valueAppears(text, value), occurrences: occurrences(text, value) });
  }
  return carried;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
