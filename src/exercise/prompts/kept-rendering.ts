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
import { injectedValues, isInjectedValue, withoutInjected } from '../injected.js';
import { bearsOnMarkers, markerCounts, type Marker } from './markers.js';
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
  /**
   * Shape problems, the first of each kind (`problemKind`), at most KEPT_PROBLEM_KINDS; without their values, but
   * marked `injected` where the value is one mcpact sent in this case (exercise/injected.ts).
   */
  problems: KeptProblem[];
  /** Per supplied argument with a string value, by name: in the text or a referenced URI. */
  carried: ReadonlyMap<string, Carried>;
  /** How often each marker occurs in the text, outside the spans that are values mcpact sent (exercise/injected.ts). */
  markers: ReadonlyMap<Marker, number>;
  /** The messages and the text a model reads, only where the config compares them. */
  whole?: Pick<Rendered, 'messages' | 'text'>;
}

/** A shape problem as kept: where, what, and whether its value is one mcpact sent (then it is not the server's). */
export interface KeptProblem {
  pointer: string;
  message: string;
  injected?: true;
}

/** The kept form of `rendered`, the rendering of a prompts/get that sent `args`. */
export function keptRendering(rendered: Rendered, args: unknown, keepWhole: boolean): KeptRendering {
  const sent = injectedValues(args);
  const kept: KeptRendering = {
    roles: rendered.roles.slice(0, KEPT_ROLES).map((role) => detached(role.slice(0, KEPT_CHARS))),
    rolesDigest: rolesDigest(rendered.roles),
    digest: sha256(rendered.canonical),
    problems: firstOfEachKind(rendered.problems, sent),
    // A URI argument shows as the URI of an embedded resource or a link, not in the text.
    carried: carriedValues([rendered.text, ...rendered.references].join('\n'), args),
    // A marker inside a value mcpact sent (`{{to}}` of case template-injection) was written by mcpact, not the server.
    markers: markerCounts(withoutInjected(rendered.text, sent, bearsOnMarkers)),
  };
  if (keepWhole) kept.whole = { messages: rendered.messages, text: rendered.text };
  return kept;
}

export function rolesDigest(roles: readonly string[]): string {
  return sha256(JSON.stringify(roles));
}

/** What makes two shape problems one kind: the same message at the same place in any message. */
export function problemKind(problem: Pick<KeptProblem, 'pointer' | 'message'>): string {
  return `${problem.pointer.replace(/\/messages\/\d+/, '/messages/*')}|${problem.message}`;
}

function firstOfEachKind(problems: Rendered['problems'], sent: readonly string[]): KeptProblem[] {
  const kinds = new Set<string>();
  const kept: KeptProblem[] = [];
  for (const problem of problems) {
    const injected = problem.value !== undefined && isInjectedValue(problem.value, sent);
    // A problem in a value mcpact sent does not hide one of the same kind the server made itself.
    const kind = `${problemKind(problem)}|${String(injected)}`;
    if (kinds.has(kind)) continue;
    kinds.add(kind);
    kept.push({
      pointer: detached(problem.pointer.slice(0, KEPT_CHARS)),
      message: detached(problem.message.slice(0, KEPT_CHARS)),
      ...(injected && { injected: true as const }),
    });
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
