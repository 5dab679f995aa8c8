/**
 * Tool changes: title, description, annotations, and the input and output schemas compared with variance. A
 * tool's input is read by the server, so tightening it breaks callers; its output is read by the client, so
 * loosening it (or dropping a property) breaks readers.
 */
import { pointer } from '../../util/json-pointer.js';
import { jsonEqual } from '../../util/json-equal.js';
import { ownValue } from '../../util/json.js';
import { at, wordingChange, type Change } from './change.js';
import type { ChangeId } from '../../model/changes.js';
import type { LockedTool } from '../lockfile/lockfile.js';
import { compareSchemas, type Effect, type SchemaDelta } from './schema-compare.js';
import { quote } from '../../util/text.js';

/** Spec defaults of the hints (2025-11-25 ToolAnnotations), and the direction in which each one weakens trust. */
const HINTS: Record<string, { default: boolean; risky?: [boolean, boolean] }> = {
  readOnlyHint: { default: false, risky: [true, false] },
  destructiveHint: { default: true, risky: [false, true] },
  idempotentHint: { default: false },
  openWorldHint: { default: true, risky: [false, true] },
};

const INPUT: Record<Effect, ChangeId> = {
  tighten: 'tool-input-breaking',
  both: 'tool-input-breaking',
  loosen: 'tool-input-compatible',
  neutral: 'tool-input-compatible',
  unknown: 'tool-input-changed',
};

/** A tool's output is read by the client: loosening breaks it. Shared with the observed output shapes. */
export const OUTPUT: Record<Effect, ChangeId> = {
  loosen: 'tool-output-breaking',
  both: 'tool-output-breaking',
  tighten: 'tool-output-compatible',
  neutral: 'tool-output-compatible',
  unknown: 'tool-output-changed',
};

export function diffTool(base: LockedTool, rev: LockedTool, out: Change[]): void {
  const name = rev.name;
  const title = wordingChange('tool-title-changed', at('tool', name, '/title'), base.title, rev.title);
  if (title) out.push(title);
  const description = wordingChange('tool-description-changed', at('tool', name, '/description'), base.description, rev.description);
  if (description) out.push(description);
  diffAnnotations(name, base.annotations ?? {}, rev.annotations ?? {}, out);
  if (!jsonEqual(base.inputSchema, rev.inputSchema)) {
    schemaChanges(name, '/inputSchema', compareSchemas(base.inputSchema ?? {}, rev.inputSchema ?? {}), INPUT, out);
  }
  if (!jsonEqual(base.outputSchema, rev.outputSchema)) {
    if (base.outputSchema === undefined) {
      out.push({
        id: 'tool-output-compatible',
        location: at('tool', name, '/outputSchema'),
        reason: 'now declares an output schema',
        data: { after: rev.outputSchema },
      });
    } else if (rev.outputSchema === undefined) {
      out.push({
        id: 'tool-output-breaking',
        location: at('tool', name, '/outputSchema'),
        reason: 'no longer declares an output schema: structured content is not promised any more',
        data: { before: base.outputSchema },
      });
    } else {
      schemaChanges(name, '/outputSchema', compareSchemas(base.outputSchema, rev.outputSchema), OUTPUT, out);
    }
  }
}

function schemaChanges(name: string, root: string, deltas: SchemaDelta[], ids: Record<Effect, ChangeId>, out: Change[]): void {
  for (const delta of deltas) {
    const location = at('tool', name, root + delta.pointer);
    if (delta.wording !== undefined) {
      const before = typeof delta.before === 'string' ? delta.before : undefined;
      const after = typeof delta.after === 'string' ? delta.after : undefined;
      const change = wordingChange(delta.wording === 'title' ? 'tool-title-changed' : 'tool-description-changed', location, before, after);
      if (change) out.push(change);
      continue;
    }
    const data: Record<string, unknown> = { keyword: delta.keyword };
    if (delta.before !== undefined) data.before = delta.before;
    if (delta.after !== undefined) data.after = delta.after;
    out.push({ id: ids[delta.effect ?? 'unknown'], location, reason: delta.reason, data });
  }
}

function diffAnnotations(name: string, base: Record<string, unknown>, rev: Record<string, unknown>, out: Change[]): void {
  const keys = [...new Set([...Object.keys(base), ...Object.keys(rev)])].sort();
  for (const key of keys) {
    const hint = ownValue(HINTS, key);
    const effective = (value: unknown) => (hint && typeof value !== 'boolean' ? hint.default : value);
    // Annotation names are the server's: one side may have a `constructor` the other only inherits.
    const [was, now] = [ownValue(base, key), ownValue(rev, key)];
    const before = effective(was);
    const after = effective(now);
    if (jsonEqual(before, after)) continue;
    if (key === 'title' && typeof before === 'string' && typeof after === 'string') {
      const encoding = wordingChange('tool-annotation-changed', at('tool', name, pointer('annotations', key)), before, after);
      if (encoding?.id === 'text-encoding-changed') {
        out.push(encoding);
        continue;
      }
    }
    const risky = hint?.risky !== undefined && before === hint.risky[0] && after === hint.risky[1];
    const change: Change = {
      id: 'tool-annotation-changed',
      location: at('tool', name, pointer('annotations', key)),
      reason: `${quote(key, 40)} ${shown(before)} -> ${shown(after)}${hint && (was === undefined || now === undefined) ? ' (absent means the default)' : ''}`,
      level: risky ? 'risky' : 'compatible',
      data: { annotation: key, before: was ?? null, after: now ?? null },
    };
    if (key === 'title') change.wording = true;
    out.push(change);
  }
}

function shown(value: unknown): string {
  return value === undefined ? 'absent' : quote(value, 40);
}
