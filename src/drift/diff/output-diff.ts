/**
 * Observed output shapes compared: the one recorded at baseline against the one observed now, with the output
 * variance of declared schemas (a client reads the output, so loosening breaks it): a field removed, a type
 * changed or widened, a field no longer in every result is `tool-output-breaking`; a field added is
 * `tool-output-compatible`. Every change carries `data.observed: true`, so readers know it came from results
 * rather than from a declared outputSchema.
 *
 * An observation only shows what was there. An array seen empty on one side says nothing about its elements, and
 * a place whose type changed has its fields reported by the type change alone; both are aligned away before the
 * comparison, so neither side's lack of evidence reads as a change.
 */
import { escapePointerSegment, pointerSegments } from '../../util/json-pointer.js';
import { quote } from '../../util/text.js';
import { at, type Change } from './change.js';
import type { ChangeId } from '../../model/changes.js';
import type { ObservedOutput, OutputShape, OutputSource, ShapeType } from '../lockfile/lockfile.js';
import { OUTPUT } from './diff-tools.js';
import { compareSchemas, type SchemaDelta } from './schema-compare.js';

/** Richer sources first: a result that drops to a poorer one loses what its readers parsed. */
const RANK: Record<OutputSource, number> = { structuredContent: 2, text: 1, content: 0 };
const SOURCE_TEXT: Record<OutputSource, string> = {
  structuredContent: 'structuredContent',
  text: 'JSON in text content',
  content: 'content without JSON',
};

const ROOT = '/observedOutput';

export function diffObservedOutput(name: string, before: ObservedOutput, after: ObservedOutput): Change[] {
  const out: Change[] = [];
  const observed = (id: ChangeId, pointer: string, reason: string, data: Record<string, unknown>) =>
    out.push({ id, location: at('tool', name, ROOT + pointer), reason, data: { observed: true, ...data } });

  if (before.source !== after.source) {
    const worse = RANK[after.source] < RANK[before.source];
    observed(
      worse ? 'tool-output-breaking' : 'tool-output-compatible',
      '/source',
      `results now carry ${SOURCE_TEXT[after.source]}, not ${SOURCE_TEXT[before.source]}`,
      {
        before: before.source,
        after: after.source,
      },
    );
  } else if (before.shape !== undefined && after.shape !== undefined) {
    const [base, revision] = align(before.shape, after.shape);
    const deltas = compareSchemas(base, revision);
    for (const delta of deltas) {
      if (redundant(delta, deltas)) continue;
      const data: Record<string, unknown> = { keyword: delta.keyword };
      if (delta.before !== undefined) data.before = delta.before;
      if (delta.after !== undefined) data.after = delta.after;
      observed(OUTPUT[delta.effect ?? 'unknown'], `/shape${delta.pointer}`, reasonOf(delta), data);
    }
  }

  for (const type of before.content.filter((entry) => !after.content.includes(entry))) {
    observed('tool-output-breaking', '/content', `no content block of type ${quote(type, 40)} any more`, { before: type });
  }
  for (const type of after.content.filter((entry) => !before.content.includes(entry))) {
    observed('tool-output-compatible', '/content', `now also content blocks of type ${quote(type, 40)}`, { after: type });
  }
  return out;
}

/**
 * Both shapes with the parts only one side has evidence for removed: fields where either side saw no object,
 * elements where either side saw no array element.
 */
function align(base: OutputShape, revision: OutputShape): [OutputShape, OutputShape] {
  const { properties: baseProperties, required: baseRequired, items: baseItems, ...baseRest } = base;
  const { properties: revProperties, required: revRequired, items: revItems, ...revRest } = revision;
  const b: OutputShape = baseRest;
  const r: OutputShape = revRest;
  if (holds(base, 'object') && holds(revision, 'object')) {
    const baseFields = baseProperties ?? {};
    const revFields = revProperties ?? {};
    const pairs = Object.keys(baseFields).flatMap((field) =>
      Object.hasOwn(revFields, field) ? [[field, align(baseFields[field]!, revFields[field]!)] as const] : [],
    );
    const common = new Map(pairs);
    if (baseProperties !== undefined)
      b.properties = Object.fromEntries(Object.entries(baseProperties).map(([field, shape]) => [field, common.get(field)?.[0] ?? shape]));
    if (revProperties !== undefined)
      r.properties = Object.fromEntries(Object.entries(revProperties).map(([field, shape]) => [field, common.get(field)?.[1] ?? shape]));
    if (baseRequired !== undefined) b.required = baseRequired;
    if (revRequired !== undefined) r.required = revRequired;
  }
  if (baseItems !== undefined && revItems !== undefined) [b.items, r.items] = align(baseItems, revItems);
  return [b, r];
}

function holds(shape: OutputShape, type: ShapeType): boolean {
  return shape.type === type || (Array.isArray(shape.type) && shape.type.includes(type));
}

/**
 * A field added or removed also enters or leaves `required`; that second delta says nothing new. Only a field
 * present on both sides that became optional (or always present) is reported through `required`.
 */
function redundant(delta: SchemaDelta, deltas: readonly SchemaDelta[]): boolean {
  if (delta.keyword !== 'required' || !delta.pointer.endsWith('/required')) return false;
  const field = typeof delta.after === 'string' ? delta.after : typeof delta.before === 'string' ? delta.before : undefined;
  if (field === undefined) return false;
  const pointer = `${delta.pointer.slice(0, -'/required'.length)}/properties/${escapePointerSegment(field)}`;
  return deltas.some((other) => other.keyword === 'properties' && other.pointer === pointer);
}

/** The reason in terms of result fields (`forecast[].high`), which is what a reader of the output knows. */
function reasonOf(delta: SchemaDelta): string {
  const path = fieldPath(delta.pointer);
  if (delta.keyword === 'properties') return `${label(path)} ${delta.after === undefined ? 'was removed' : 'was added'}`;
  if (delta.keyword === 'required') {
    const field = String(delta.after ?? delta.before);
    const full = label(path === '' ? field : `${path}.${field}`);
    return delta.effect === 'loosen' ? `${full} is no longer in every result` : `${full} is now in every result`;
  }
  return `${label(path)}: ${delta.reason}`;
}

/** `/properties/days/items/properties/high/type` -> `days[].high`: the field a pointer is about. */
function fieldPath(pointer: string): string {
  const segments = pointerSegments(pointer);
  let path = '';
  for (let index = 0; index < segments.length; index++) {
    if (segments[index] === 'properties' && index + 1 < segments.length) {
      path += `${path === '' ? '' : '.'}${segments[++index]!}`;
    } else if (segments[index] === 'items') {
      path += '[]';
    } else break;
  }
  return path;
}

function label(path: string): string {
  return path === '' ? 'the result' : `field ${quote(path, 60)}`;
}
