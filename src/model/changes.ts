/**
 * The one classification table: every drift change id, what it is about, its default level and the message it
 * is reported with. Config may re-level any id (`drift.levels`); nothing else decides a level, except the few ids
 * marked `conditional`, whose level depends on the change itself (the `when` text says how).
 */
import type { LocationKind } from './location.js';

/** breaking: existing callers fail. risky: behaviour or trust changes silently. compatible: nothing breaks. */
export const LEVELS = ['breaking', 'risky', 'compatible'] as const;
export type Level = (typeof LEVELS)[number];

export interface ChangeMeta {
  subject: LocationKind;
  level: Level;
  /** One line for docs and `mcpact diff --list-changes`. */
  description: string;
  /** Message template; `{name}` is the item, `{reason}` what changed (both bounded and quoted by the formatter). */
  message: string;
  /** Wording, not structure: dropped when `drift.descriptions: ignore`. */
  wording?: true;
  /** For ids whose level depends on the change: when it is lower than `level`. */
  when?: string;
}

export const CHANGES = {
  'server-instructions-changed': {
    subject: 'server',
    level: 'risky',
    description: "The server's instructions text changed (the model reads it as guidance).",
    message: 'server instructions changed: {reason}',
    wording: true,
  },
  'protocol-revision-changed': {
    subject: 'server',
    level: 'risky',
    description:
      'The negotiated protocol revision changed, or the era it is spoken in (legacy: initialize, up to 2025-11-25; modern: server/discover, from 2026-07-28).',
    message: 'protocol revision changed: {reason}',
  },
  'capability-removed': {
    subject: 'server',
    level: 'breaking',
    description: 'A capability (or a capability flag such as resources.subscribe) is no longer declared.',
    message: 'capability removed: {reason}',
  },
  'capability-added': {
    subject: 'server',
    level: 'compatible',
    description: 'A capability (or capability flag) is newly declared.',
    message: 'capability added: {reason}',
  },
  'tool-removed': {
    subject: 'tool',
    level: 'breaking',
    description: 'A tool is no longer listed.',
    message: 'tool {name} was removed',
  },
  'tool-added': {
    subject: 'tool',
    level: 'compatible',
    description: 'A new tool is listed.',
    message: 'tool {name} was added',
  },
  'tool-description-changed': {
    subject: 'tool',
    level: 'risky',
    description: "The tool's description, or a description anywhere in its input or output schema, changed.",
    message: 'tool {name} description changed: {reason}',
    wording: true,
  },
  'tool-title-changed': {
    subject: 'tool',
    level: 'compatible',
    description: "The tool's title, or a title anywhere in its schemas, changed.",
    message: 'tool {name} title changed: {reason}',
    wording: true,
  },
  'tool-annotation-changed': {
    subject: 'tool',
    level: 'risky',
    description: 'A tool annotation changed (readOnlyHint, destructiveHint, idempotentHint, openWorldHint, title, ...).',
    message: 'tool {name} annotation changed: {reason}',
    when: 'risky when readOnlyHint goes true -> false, destructiveHint false -> true or openWorldHint false -> true (absent hints take their spec defaults); compatible otherwise',
  },
  'tool-ui-resource-changed': {
    subject: 'tool',
    level: 'risky',
    description:
      'The MCP Apps UI resource a tool links (_meta.ui.resourceUri) now points elsewhere, reads differently or can no longer be read (drift.resource_contents): the app the host runs changed.',
    message: 'tool {name} UI resource changed: {reason}',
  },
  'tool-input-breaking': {
    subject: 'tool',
    level: 'breaking',
    description: 'The input schema got tighter: some arguments that were valid are now rejected (or silently ignored).',
    message: 'tool {name} input: {reason}',
  },
  'tool-input-compatible': {
    subject: 'tool',
    level: 'compatible',
    description: 'The input schema got looser or gained an optional property: every valid call stays valid.',
    message: 'tool {name} input: {reason}',
  },
  'tool-input-changed': {
    subject: 'tool',
    level: 'risky',
    description: 'The input schema changed in a way mcpact cannot prove compatible or breaking.',
    message: 'tool {name} input changed, compatibility unknown: {reason}',
  },
  'tool-output-breaking': {
    subject: 'tool',
    level: 'breaking',
    description:
      'The output schema got looser or lost a property, or (drift.output_shapes) the results observed lost a field, changed its type or no longer always have it: a client reading the old shape may fail.',
    message: 'tool {name} output: {reason}',
  },
  'tool-output-compatible': {
    subject: 'tool',
    level: 'compatible',
    description:
      'The output schema got tighter or gained a property, or (drift.output_shapes) the results observed gained a field: everything it returns still fits the old shape.',
    message: 'tool {name} output: {reason}',
  },
  'tool-output-changed': {
    subject: 'tool',
    level: 'risky',
    description: 'The output schema changed in a way mcpact cannot prove compatible or breaking.',
    message: 'tool {name} output changed, compatibility unknown: {reason}',
  },
  'prompt-removed': {
    subject: 'prompt',
    level: 'breaking',
    description: 'A prompt is no longer listed.',
    message: 'prompt {name} was removed',
  },
  'prompt-added': {
    subject: 'prompt',
    level: 'compatible',
    description: 'A new prompt is listed.',
    message: 'prompt {name} was added',
  },
  'prompt-description-changed': {
    subject: 'prompt',
    level: 'risky',
    description: "The prompt's description changed.",
    message: 'prompt {name} description changed: {reason}',
    wording: true,
  },
  'prompt-title-changed': {
    subject: 'prompt',
    level: 'compatible',
    description: "The prompt's title, or an argument's title, changed.",
    message: 'prompt {name} title changed: {reason}',
    wording: true,
  },
  'prompt-argument-added-required': {
    subject: 'prompt',
    level: 'breaking',
    description: 'A new required argument: existing calls do not pass it.',
    message: 'prompt {name}: {reason}',
  },
  'prompt-argument-added-optional': {
    subject: 'prompt',
    level: 'compatible',
    description: 'A new optional argument.',
    message: 'prompt {name}: {reason}',
  },
  'prompt-argument-removed': {
    subject: 'prompt',
    level: 'breaking',
    description: 'An argument is gone: calls that pass it may be rejected, or lose what it did.',
    message: 'prompt {name}: {reason}',
  },
  'prompt-argument-renamed': {
    subject: 'prompt',
    level: 'breaking',
    description: 'An argument removed and another added that look like a rename (same description, or a similar name).',
    message: 'prompt {name}: {reason}',
  },
  'prompt-argument-now-required': {
    subject: 'prompt',
    level: 'breaking',
    description: 'An optional argument became required.',
    message: 'prompt {name}: {reason}',
  },
  'prompt-argument-now-optional': {
    subject: 'prompt',
    level: 'compatible',
    description: 'A required argument became optional.',
    message: 'prompt {name}: {reason}',
  },
  'prompt-argument-description-changed': {
    subject: 'prompt',
    level: 'risky',
    description: "An argument's description changed.",
    message: 'prompt {name}: {reason}',
    wording: true,
  },
  'prompt-arguments-reordered': {
    subject: 'prompt',
    level: 'compatible',
    description: 'The declared order of the arguments changed (forms that follow it show them differently).',
    message: 'prompt {name}: {reason}',
  },
  'prompt-invocation-broken': {
    subject: 'prompt',
    level: 'breaking',
    description: 'An invocation that succeeded at baseline (its minimum or complete argument map) now fails.',
    message: 'prompt {name}: {reason}',
    when: 'found by the compatibility replay: the recorded invocations are sent again',
  },
  'resource-removed': {
    subject: 'resource',
    level: 'breaking',
    description: 'A resource (by URI) is no longer listed.',
    message: 'resource {name} was removed',
  },
  'resource-added': {
    subject: 'resource',
    level: 'compatible',
    description: 'A new resource is listed.',
    message: 'resource {name} was added',
  },
  'resource-changed': {
    subject: 'resource',
    level: 'risky',
    description: "A resource's mimeType, name or title changed.",
    message: 'resource {name} changed: {reason}',
    when: 'risky for a mimeType change (readers may parse the content differently); compatible for name and title',
  },
  'resource-description-changed': {
    subject: 'resource',
    level: 'risky',
    description: "A resource's or resource template's description changed.",
    message: 'resource {name} description changed: {reason}',
    wording: true,
  },
  'resource-content-changed': {
    subject: 'resource',
    level: 'risky',
    description:
      'The contents of a listed resource changed, or it can no longer be read (drift.resource_contents: baseline pins a SHA-256 of each): text the model reads was rewritten without a change to its listing.',
    message: 'resource {name} contents changed: {reason}',
  },
  'resource-template-removed': {
    subject: 'resourceTemplate',
    level: 'breaking',
    description: 'A resource template is no longer listed.',
    message: 'resource template {name} was removed',
  },
  'resource-template-added': {
    subject: 'resourceTemplate',
    level: 'compatible',
    description: 'A new resource template is listed.',
    message: 'resource template {name} was added',
  },
  'resource-template-changed': {
    subject: 'resourceTemplate',
    level: 'breaking',
    description: "A resource template's uriTemplate (matched by name), mimeType, name or title changed.",
    message: 'resource template {name} changed: {reason}',
    when: 'breaking when the uriTemplate changes; risky for a mimeType change; compatible for name and title',
  },
  'text-encoding-changed': {
    subject: 'server',
    level: 'compatible',
    description:
      'A description, title or the instructions (of the server, a tool, prompt, argument, resource or template) is the same text written differently: only its line endings (CRLF, LF, CR) or its Unicode normalization (NFC, NFD) changed.',
    message: '{reason}',
    wording: true,
  },
  'tool-caching-changed': {
    subject: 'server',
    level: 'risky',
    description: 'The caching hints of tools/list (ttlMs, cacheScope; 2026-07-28 and later) changed.',
    message: 'tools/list caching changed: {reason}',
    when: 'risky when cacheScope goes from private to public (results meant for one caller become shareable); compatible otherwise',
  },
  'prompt-caching-changed': {
    subject: 'server',
    level: 'risky',
    description: 'The caching hints of prompts/list (ttlMs, cacheScope; 2026-07-28 and later) changed.',
    message: 'prompts/list caching changed: {reason}',
    when: 'risky when cacheScope goes from private to public (results meant for one caller become shareable); compatible otherwise',
  },
  'resource-caching-changed': {
    subject: 'server',
    level: 'risky',
    description: 'The caching hints of resources/list (ttlMs, cacheScope; 2026-07-28 and later) changed.',
    message: 'resources/list caching changed: {reason}',
    when: 'risky when cacheScope goes from private to public (results meant for one caller become shareable); compatible otherwise',
  },
  'resource-template-caching-changed': {
    subject: 'server',
    level: 'risky',
    description: 'The caching hints of resources/templates/list (ttlMs, cacheScope; 2026-07-28 and later) changed.',
    message: 'resources/templates/list caching changed: {reason}',
    when: 'risky when cacheScope goes from private to public (results meant for one caller become shareable); compatible otherwise',
  },
  'skill-removed': {
    subject: 'resource',
    level: 'breaking',
    description:
      'A skill (MCP Skills extension, by the URI of its SKILL.md) is no longer listed by skills/list: instructions and other skills that point to it find nothing.',
    message: 'skill {name} was removed',
  },
  'skill-added': {
    subject: 'resource',
    level: 'compatible',
    description: 'A new skill is listed by skills/list.',
    message: 'skill {name} was added',
  },
  'skill-changed': {
    subject: 'resource',
    level: 'risky',
    description:
      "A skill's content changed under the same SKILL.md URI (and so the same name): a file's digest or size, a file added or removed, the frontmatter, or its resources turning \"dynamic\" or back. A host's approval of the skill is bound to that content.",
    message: 'skill {name} changed: {reason}',
  },
} as const satisfies Record<string, ChangeMeta>;

export type ChangeId = keyof typeof CHANGES;
export const CHANGE_IDS = Object.keys(CHANGES) as ChangeId[];

/**
 * Ids that were renamed, with the id they now are. Config (`drift.levels`, `drift.fail_on`, `rules:` as
 * `drift/<id>`) and `--fail-on` still accept the old one and mean the new one; reports carry only the new one.
 */
export const RENAMED_CHANGE_IDS: Readonly<Record<string, ChangeId>> = {
  // 0.1.0's name; #15 names the change of revision or era protocol-revision-changed.
  'protocol-version-changed': 'protocol-revision-changed',
};

/** The old names mapped so far in this process, so the command line can say once which to replace. */
export const renamedIdsSeen = new Set<string>();

/** A change id as reports carry it: the renamed ones mapped to their new name, every other string as it is. */
export function currentChangeId(id: string): string {
  const current = RENAMED_CHANGE_IDS[id];
  if (current === undefined) return id;
  renamedIdsSeen.add(id);
  return current;
}

/** A rule id as the registry has it: `drift/<old id>` becomes `drift/<new id>`, every other id stays. */
export function currentRuleId(id: string): string {
  return id.startsWith('drift/') ? `drift/${currentChangeId(id.slice('drift/'.length))}` : id;
}

/** The ids of a list's caching hints: only two captures of the modern era have any to compare. */
export const CACHING_CHANGE_IDS: readonly ChangeId[] = [
  'tool-caching-changed',
  'prompt-caching-changed',
  'resource-caching-changed',
  'resource-template-caching-changed',
];

/** The ids of skills (MCP Skills extension): only a lockfile or a capture of a server that declares it has any. */
export const SKILL_CHANGE_IDS: readonly ChangeId[] = ['skill-removed', 'skill-added', 'skill-changed'];

/** The rule id drift findings carry: `drift/<change-id>`. */
export function driftRuleId(id: ChangeId): `drift/${ChangeId}` {
  return `drift/${id}`;
}

/** The levels whose changes fail the build unless `drift.fail_on` says otherwise. */
export const DEFAULT_FAIL_ON: readonly Level[] = ['breaking', 'risky'];
