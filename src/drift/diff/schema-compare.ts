/**
 * Compares two JSON Schemas keyword by keyword, at any depth, and says for each difference whether the set of
 * accepted values got smaller (`tighten`), larger (`loosen`), changed both ways (`both`), gained something no
 * caller or reader depends on (`neutral`), or could not be judged (`unknown`). Wording (`title`, `description`)
 * is reported apart. The caller applies variance: for a tool's input (read by the server) tightening breaks
 * callers; for its output (read by the client) loosening does.
 *
 * Local `$ref`s are followed (`#`, `#/$defs/...`, `#/definitions/...`); each pair of referenced locations is
 * compared once, so recursive schemas terminate. Whatever cannot be proven is `unknown`, never a crash. A change
 * of `$schema` is one only when the schema uses a keyword whose meaning differs between the two dialects.
 */
import { canonicalJson } from '../lockfile/canonical.js';
import { jsonEqual } from '../../util/json-equal.js';
import { asRecord, ownValue, type JsonRecord } from '../../util/json.js';
import { escapePointerSegment, pointer as pointerOf, pointerSegments } from '../../util/json-pointer.js';
import { truncate } from '../../util/text.js';
import { quote } from '../../util/text.js';
import { dialectChange } from './dialect-change.js';

export type Effect = 'tighten' | 'loosen' | 'both' | 'neutral' | 'unknown';

export interface SchemaDelta {
  /** JSON Pointer relative to the schema root (into the revision; into the base for what only the base has). */
  pointer: string;
  keyword: string;
  reason: string;
  /** Structural effect; absent for wording. */
  effect?: Effect;
  /** Set for `title` and `description` changes. */
  wording?: 'title' | 'description';
  before?: unknown;
  after?: unknown;
}

/** Deeper than any hand-written schema; past it the comparison says "unknown" instead of recursing. */
const MAX_DEPTH = 64;
/** `$ref` chains longer than this are treated as unresolvable. */
const MAX_REF_HOPS = 32;

const ANNOTATIONS = new Set(['examples', '$comment', 'deprecated', 'readOnly', 'writeOnly', '$id', '$anchor']);
const SKIPPED = new Set(['$defs', 'definitions', '$ref']);
const LOWER_BOUNDS = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains']);
const UPPER_BOUNDS = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains']);
const TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];

type Node = { kind: 'false' } | { kind: 'schema'; schema: JsonRecord } | { kind: 'invalid'; value: unknown };

export function compareSchemas(base: unknown, revision: unknown): SchemaDelta[] {
  const comparer = new Comparer(base, revision);
  comparer.compare(base, revision, '', '', 0);
  return comparer.deltas;
}

class Comparer {
  readonly deltas: SchemaDelta[] = [];
  /** Pairs of locations (after following $refs) already compared or being compared: the recursion guard. */
  private readonly visited = new Set<string>();

  constructor(
    private readonly baseRoot: unknown,
    private readonly revRoot: unknown,
  ) {}

  compare(baseValue: unknown, revValue: unknown, baseAt: string, revAt: string, depth: number): void {
    if (baseValue === revValue) return;
    const base = this.resolve(baseValue, this.baseRoot, baseAt);
    const rev = this.resolve(revValue, this.revRoot, revAt);
    // Every pair of locations is compared once: a definition shared by several $refs is reported once, and a
    // recursive schema ends where it comes back to a pair already being compared.
    const key = `${base.at}\u0000${rev.at}`;
    if (this.visited.has(key)) return;
    this.visited.add(key);
    if (depth > MAX_DEPTH) {
      if (!jsonEqual(base.value, rev.value)) this.add(rev.at, '', 'unknown', 'nested too deeply to compare');
      return;
    }
    const b = nodeOf(base.value);
    const r = nodeOf(rev.value);
    if (b.kind === 'invalid' || r.kind === 'invalid') {
      if (!jsonEqual(base.value, rev.value)) this.add(rev.at, '', 'unknown', 'not a JSON Schema object or boolean');
      return;
    }
    if (b.kind === 'false' || r.kind === 'false') {
      if (b.kind === r.kind) return;
      if (r.kind === 'false') this.add(rev.at, '', 'tighten', 'now `false`: no value is accepted');
      else this.add(rev.at, '', 'loosen', 'was `false` (nothing accepted), now accepts values');
      return;
    }
    this.compareKeywords(b.schema, r.schema, base.at, rev.at, depth);
  }

  private compareKeywords(b: JsonRecord, r: JsonRecord, baseAt: string, revAt: string, depth: number): void {
    const keys = new Set([...Object.keys(b), ...Object.keys(r)]);
    for (const key of [...keys].sort()) {
      // Keywords are the server's keys: one side may have a `constructor` the other only inherits.
      const before = ownValue(b, key);
      const after = ownValue(r, key);
      if (SKIPPED.has(key) && !(key === '$ref' && before !== after)) continue;
      if (before !== undefined && after !== undefined && typeof before !== 'object' && before === after) continue;
      const at = `${revAt}/${escapePointerSegment(key)}`;
      switch (key) {
        case 'title':
        case 'description':
          if (!jsonEqual(before, after)) this.wording(at, key, before, after);
          break;
        case 'type':
          this.type(at, before, after);
          break;
        case 'enum':
          this.enumeration(at, before, after);
          break;
        case 'const':
          this.constant(at, before, after);
          break;
        case 'required':
          this.required(at, before, after, b, r);
          break;
        case 'properties':
          this.properties(b, r, baseAt, revAt, depth);
          break;
        case 'additionalProperties':
          this.compare(before ?? true, after ?? true, `${baseAt}/${key}`, at, depth + 1);
          break;
        case 'items':
          this.items(before, after, `${baseAt}/${key}`, at, depth);
          break;
        case 'prefixItems':
          this.tuple(before, after, `${baseAt}/${key}`, at, depth);
          break;
        case 'anyOf':
        case 'oneOf':
        case 'allOf':
          this.combinator(key, before, after, `${baseAt}/${key}`, at, depth);
          break;
        case 'pattern':
        case 'format':
          this.addedRemovedOrUnknown(at, key, before, after);
          break;
        case 'multipleOf':
          this.multipleOf(at, before, after);
          break;
        case 'uniqueItems':
          if (Boolean(before) !== Boolean(after)) {
            this.add(
              at,
              key,
              after === true ? 'tighten' : 'loosen',
              after === true ? 'items must now be unique' : 'items no longer need to be unique',
              before,
              after,
            );
          }
          break;
        case '$schema': {
          // Another dialect changes nothing a caller sends or a reader gets unless the schema uses a keyword the two
          // dialects treat differently (dialect-change.ts): an SDK that moves every schema to 2020-12 is no change.
          const reason = dialectChange(b, r);
          if (reason !== undefined) this.add(at, key, 'unknown', reason, before, after);
          break;
        }
        case 'default':
          if (!jsonEqual(before, after)) {
            this.add(at, key, 'unknown', `default changed from ${show(before)} to ${show(after)}: what an omitted value means changed`, before, after);
          }
          break;
        default:
          if (LOWER_BOUNDS.has(key) || UPPER_BOUNDS.has(key)) this.bound(at, key, before, after);
          else if (!jsonEqual(before, after)) {
            // Any keyword a server invents lands here, so its name is bounded in the reason.
            const name = truncate(key, 40);
            if (ANNOTATIONS.has(key)) this.add(at, key, 'neutral', `${name} changed`, before, after);
            else this.add(at, key, 'unknown', `${name} ${before === undefined ? 'added' : after === undefined ? 'removed' : 'changed'}`, before, after);
          }
      }
    }
  }

  /** Follows local `$ref`s; siblings of a `$ref` are kept on top of its target. */
  private resolve(value: unknown, root: unknown, at: string): { value: unknown; at: string } {
    let current = value;
    let location = at;
    for (let hop = 0; hop < MAX_REF_HOPS; hop++) {
      const record = asRecord(current);
      const ref = record?.$ref;
      if (record === undefined || typeof ref !== 'string') break;
      const target = resolvePointer(root, ref);
      if (target === undefined) break;
      const { $ref: _ref, ...siblings } = record;
      const targetRecord = asRecord(target.value);
      current = Object.keys(siblings).length === 0 ? target.value : targetRecord ? { ...targetRecord, ...siblings } : target.value;
      location = target.at;
    }
    return { value: current, at: location };
  }

  private add(at: string, keyword: string, effect: Effect, reason: string, before?: unknown, after?: unknown): void {
    const delta: SchemaDelta = { pointer: at, keyword, reason, effect };
    if (before !== undefined) delta.before = before;
    if (after !== undefined) delta.after = after;
    this.deltas.push(delta);
  }

  private wording(at: string, keyword: 'title' | 'description', before: unknown, after: unknown): void {
    const delta: SchemaDelta = { pointer: at, keyword, reason: `${keyword} changed`, wording: keyword };
    if (before !== undefined) delta.before = before;
    if (after !== undefined) delta.after = after;
    this.deltas.push(delta);
  }

  private type(at: string, before: unknown, after: unknown): void {
    const b = typeSet(before);
    const r = typeSet(after);
    if (b === undefined || r === undefined) {
      if (!jsonEqual(before, after)) this.add(at, 'type', 'unknown', 'type is not a type name or list of names', before, after);
      return;
    }
    const lost = b.filter((type) => !covers(r, type));
    const gained = r.filter((type) => !covers(b, type));
    if (lost.length === 0 && gained.length === 0) return;
    const effect: Effect = lost.length > 0 && gained.length > 0 ? 'both' : lost.length > 0 ? 'tighten' : 'loosen';
    const verb = effect === 'tighten' ? 'narrowed' : effect === 'loosen' ? 'widened' : 'changed';
    this.add(at, 'type', effect, `type ${verb} from ${typeText(before)} to ${typeText(after)}`, before, after);
  }

  private enumeration(at: string, before: unknown, after: unknown): void {
    if (before === undefined || after === undefined) {
      this.add(
        at,
        'enum',
        after === undefined ? 'loosen' : 'tighten',
        after === undefined ? 'no longer limited to a list of values' : `now limited to ${listText(after)}`,
        before,
        after,
      );
      return;
    }
    if (!Array.isArray(before) || !Array.isArray(after)) {
      if (!jsonEqual(before, after)) this.add(at, 'enum', 'unknown', 'enum is not an array', before, after);
      return;
    }
    const b = new Map((before as unknown[]).map((value) => [canonicalJson(value), value]));
    const r = new Map((after as unknown[]).map((value) => [canonicalJson(value), value]));
    const removed = [...b].filter(([key]) => !r.has(key)).map(([, value]) => value);
    const added = [...r].filter(([key]) => !b.has(key)).map(([, value]) => value);
    if (removed.length === 0 && added.length === 0) return;
    const effect: Effect = removed.length > 0 && added.length > 0 ? 'both' : removed.length > 0 ? 'tighten' : 'loosen';
    const parts = [removed.length > 0 && `enum values removed: ${listText(removed)}`, added.length > 0 && `enum values added: ${listText(added)}`].filter(
      Boolean,
    );
    this.add(at, 'enum', effect, parts.join('; '), before, after);
  }

  private constant(at: string, before: unknown, after: unknown): void {
    if (jsonEqual(before, after)) return;
    if (before === undefined) this.add(at, 'const', 'tighten', `now must be ${show(after)}`, before, after);
    else if (after === undefined) this.add(at, 'const', 'loosen', `no longer must be ${show(before)}`, before, after);
    else this.add(at, 'const', 'both', `const changed from ${show(before)} to ${show(after)}`, before, after);
  }

  private required(at: string, before: unknown, after: unknown, baseSchema: JsonRecord, revSchema: JsonRecord): void {
    const b = stringList(before ?? []);
    const r = stringList(after ?? []);
    if (b === undefined || r === undefined) {
      if (!jsonEqual(before, after)) this.add(at, 'required', 'unknown', 'required is not a list of names', before, after);
      return;
    }
    // A removed property is reported once, by the properties comparison, not again as "no longer required". (An
    // added property stays here: "now required" is what makes a new input property breaking.)
    const declared = (schema: JsonRecord, name: string) => Object.hasOwn(asRecord(schema.properties) ?? {}, name);
    const removed = (name: string) => declared(baseSchema, name) && !declared(revSchema, name);
    for (const name of r.filter((item) => !b.includes(item)))
      this.add(at, 'required', 'tighten', `property ${quote(name, 40)} is now required`, undefined, name);
    for (const name of b.filter((item) => !r.includes(item) && !removed(item)))
      this.add(at, 'required', 'loosen', `property ${quote(name, 40)} is no longer required`, name, undefined);
  }

  private properties(b: JsonRecord, r: JsonRecord, baseAt: string, revAt: string, depth: number): void {
    const before = asRecord(b.properties) ?? {};
    const after = asRecord(r.properties) ?? {};
    if ((b.properties !== undefined && asRecord(b.properties) === undefined) || (r.properties !== undefined && asRecord(r.properties) === undefined)) {
      if (!jsonEqual(b.properties, r.properties)) this.add(`${revAt}/properties`, 'properties', 'unknown', 'properties is not an object');
      return;
    }
    const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    for (const name of names) {
      const at = `${revAt}/properties/${escapePointerSegment(name)}`;
      if (!Object.hasOwn(after, name)) {
        this.add(at, 'properties', 'both', `property ${quote(name, 40)} was removed`, before[name]);
      } else if (!Object.hasOwn(before, name)) {
        this.add(at, 'properties', 'neutral', `property ${quote(name, 40)} was added`, undefined, after[name]);
      } else {
        this.compare(before[name], after[name], `${baseAt}/properties/${escapePointerSegment(name)}`, at, depth + 1);
      }
    }
  }

  private items(before: unknown, after: unknown, baseAt: string, revAt: string, depth: number): void {
    if (Array.isArray(before) || Array.isArray(after)) {
      if (Array.isArray(before) && Array.isArray(after)) this.tuple(before, after, baseAt, revAt, depth);
      else if (!jsonEqual(before, after)) this.add(revAt, 'items', 'unknown', 'items changed between a tuple and a single schema', before, after);
      return;
    }
    this.compare(before ?? true, after ?? true, baseAt, revAt, depth + 1);
  }

  private tuple(before: unknown, after: unknown, baseAt: string, revAt: string, depth: number): void {
    const b = Array.isArray(before) ? before : before === undefined ? [] : undefined;
    const r = Array.isArray(after) ? after : after === undefined ? [] : undefined;
    if (b === undefined || r === undefined) {
      if (!jsonEqual(before, after)) this.add(revAt, 'prefixItems', 'unknown', 'not an array of schemas', before, after);
      return;
    }
    for (let index = 0; index < Math.max(b.length, r.length); index++) {
      this.compare(b[index] ?? true, r[index] ?? true, `${baseAt}/${index}`, `${revAt}/${index}`, depth + 1);
    }
  }

  private combinator(key: 'anyOf' | 'oneOf' | 'allOf', before: unknown, after: unknown, baseAt: string, revAt: string, depth: number): void {
    if (before === undefined || after === undefined) {
      // A new combinator constrains what was free; a dropped one frees it.
      this.add(revAt, key, after === undefined ? 'loosen' : 'tighten', `${key} ${after === undefined ? 'removed' : 'added'}`, before, after);
      return;
    }
    if (!Array.isArray(before) || !Array.isArray(after)) {
      if (!jsonEqual(before, after)) this.add(revAt, key, 'unknown', `${key} is not an array`, before, after);
      return;
    }
    if (before.length === after.length) {
      for (let index = 0; index < before.length; index++) this.compare(before[index], after[index], `${baseAt}/${index}`, `${revAt}/${index}`, depth + 1);
      return;
    }
    const b = new Set(before.map((branch) => canonicalJson(branch)));
    const r = new Set(after.map((branch) => canonicalJson(branch)));
    const removed = [...b].filter((branch) => !r.has(branch)).length;
    const added = [...r].filter((branch) => !b.has(branch)).length;
    let effect: Effect = 'unknown';
    if (removed > 0 && added === 0) effect = key === 'allOf' ? 'loosen' : 'tighten';
    // A new oneOf branch may overlap an old one, which makes values that matched once match twice (invalid).
    else if (added > 0 && removed === 0) effect = key === 'allOf' ? 'tighten' : key === 'anyOf' ? 'loosen' : 'unknown';
    const what = [removed > 0 && `${removed} branch${removed === 1 ? '' : 'es'} removed`, added > 0 && `${added} branch${added === 1 ? '' : 'es'} added`]
      .filter(Boolean)
      .join(', ');
    this.add(revAt, key, effect, `${key}: ${what || 'branches changed'}`, before, after);
  }

  private addedRemovedOrUnknown(at: string, key: string, before: unknown, after: unknown): void {
    if (jsonEqual(before, after)) return;
    if (before === undefined) this.add(at, key, 'tighten', `${key} ${show(after)} added`, before, after);
    else if (after === undefined) this.add(at, key, 'loosen', `${key} ${show(before)} removed`, before, after);
    else this.add(at, key, 'unknown', `${key} changed from ${show(before)} to ${show(after)}`, before, after);
  }

  private bound(at: string, key: string, before: unknown, after: unknown): void {
    if (jsonEqual(before, after)) return;
    const lower = LOWER_BOUNDS.has(key);
    if (before === undefined || after === undefined) {
      const added = before === undefined;
      this.add(at, key, added ? 'tighten' : 'loosen', `${key} ${show(added ? after : before)} ${added ? 'added' : 'removed'}`, before, after);
      return;
    }
    if (typeof before !== 'number' || typeof after !== 'number') {
      this.add(at, key, 'unknown', `${key} changed from ${show(before)} to ${show(after)}`, before, after);
      return;
    }
    const raised = after > before;
    const effect: Effect = raised === lower ? 'tighten' : 'loosen';
    this.add(at, key, effect, `${key} ${raised ? 'raised' : 'lowered'} from ${before} to ${after}`, before, after);
  }

  private multipleOf(at: string, before: unknown, after: unknown): void {
    if (jsonEqual(before, after)) return;
    if (typeof before === 'number' && typeof after === 'number' && before > 0 && after > 0) {
      const effect: Effect = Number.isInteger(after / before) ? 'tighten' : Number.isInteger(before / after) ? 'loosen' : 'both';
      this.add(at, 'multipleOf', effect, `multipleOf changed from ${before} to ${after}`, before, after);
      return;
    }
    this.addedRemovedOrUnknown(at, 'multipleOf', before, after);
  }
}

function nodeOf(value: unknown): Node {
  if (value === true || value === undefined) return { kind: 'schema', schema: {} };
  if (value === false) return { kind: 'false' };
  const record = asRecord(value);
  return record ? { kind: 'schema', schema: record } : { kind: 'invalid', value };
}

/** Resolves a local reference (`#`, `#/a/b`) in `root`; anything else (remote, anchors) is left unresolved. */
function resolvePointer(root: unknown, ref: string): { value: unknown; at: string } | undefined {
  if (!ref.startsWith('#')) return undefined;
  let fragment: string;
  try {
    fragment = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (fragment !== '' && !fragment.startsWith('/')) return undefined;
  let current: unknown = root;
  const segments = pointerSegments(fragment);
  for (const segment of segments) {
    if (Array.isArray(current) && /^(0|[1-9]\d*)$/.test(segment)) current = current[Number(segment)];
    else {
      const record = asRecord(current);
      current = record && Object.hasOwn(record, segment) ? record[segment] : undefined;
    }
    if (current === undefined) return undefined;
  }
  return { value: current, at: pointerOf(...segments) };
}

function typeSet(value: unknown): string[] | undefined {
  if (value === undefined) return TYPES;
  if (typeof value === 'string') return TYPES.includes(value) ? [value] : undefined;
  const list = stringList(value);
  return list && list.every((type) => TYPES.includes(type)) ? list : undefined;
}

/** `number` accepts every integer. */
function covers(types: readonly string[], type: string): boolean {
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((item): item is string => typeof item === 'string') ? value : undefined;
}

function typeText(value: unknown): string {
  if (value === undefined) return 'any';
  return typeof value === 'string' ? value : Array.isArray(value) ? `[${value.map(String).join(', ')}]` : show(value);
}

function listText(values: unknown): string {
  const list = Array.isArray(values) ? values : [values];
  const shown = list.slice(0, 5).map(show).join(', ');
  return list.length > 5 ? `${shown} and ${list.length - 5} more` : shown;
}

/** A short, bounded rendering of a JSON value for reasons. */
function show(value: unknown): string {
  return quote(value, 40);
}
