/**
 * Output shapes for tools that declare no outputSchema: the structure of what a tool returned in a few successful
 * calls, as a small JSON Schema (type, properties, required, items). Field names, JSON types (integer apart from
 * number), nesting, the merged shape of array elements, and which fields every sample had; never a value (no enum,
 * no const, no examples), so the lockfile pins the shape without the data. Pure and order-independent: the same
 * samples in any order give the same shape.
 */
import { compareText } from '../../util/compare.js';
import { asRecord, type JsonRecord } from '../../util/json.js';
import { parseJsonBounded } from '../../util/nesting.js';
import type { ObservedOutput, OutputShape, ShapeType } from './lockfile.js';

/** Deeper than a real result; below it only the type is recorded, so a hostile result cannot grow the lockfile. */
export const MAX_SHAPE_DEPTH = 16;
/** An object with more fields than this, or with a longer field name, is a map (keyed by data), not a record. */
export const MAX_FIELDS = 100;
export const MAX_FIELD_NAME = 200;
const MAX_CONTENT_TYPES = 16;
const MAX_CONTENT_TYPE_LENGTH = 40;

/** The shape of the values seen at one place (the samples); `{}` when there are none. */
export function inferShape(samples: readonly unknown[], depth = 0): OutputShape {
  if (samples.length === 0) return {};
  const types = new Set(samples.map(typeOf));
  // A place that held 2 and 2.5 holds numbers; "integer" alone would claim more than was seen.
  if (types.has('number')) types.delete('integer');
  const list = [...types].sort(compareText);
  const shape: OutputShape = { type: list.length === 1 ? list[0]! : list };
  if (depth >= MAX_SHAPE_DEPTH) return shape;

  const objects = samples.flatMap((sample): JsonRecord[] => {
    const record = asRecord(sample);
    return record ? [record] : [];
  });
  const names = [...new Set(objects.flatMap((object) => Object.keys(object)))].sort(compareText);
  if (names.length > 0 && names.length <= MAX_FIELDS && names.every((name) => name.length <= MAX_FIELD_NAME)) {
    // Object.fromEntries keeps a "__proto__" field as data.
    shape.properties = Object.fromEntries(names.map((name) => [name, inferShape(valuesOf(objects, name), depth + 1)]));
    const required = names.filter((name) => objects.every((object) => Object.hasOwn(object, name)));
    if (required.length > 0) shape.required = required;
  }

  const elements = samples.flatMap((sample) => (Array.isArray(sample) ? (sample as unknown[]) : []));
  if (elements.length > 0) shape.items = inferShape(elements, depth + 1);
  return shape;
}

/**
 * What `calls` calls returned, from the results that succeeded (objects without `isError: true`): the shape of
 * their structuredContent when every one has it, else of the JSON objects and arrays in their text blocks when
 * every one has some, else only the content block types. undefined when nothing succeeded.
 */
export function observeOutput(results: readonly JsonRecord[], calls: number): ObservedOutput | undefined {
  if (results.length === 0) return undefined;
  const content = contentTypes(results);
  const structured = results.map((result) => asRecord(result.structuredContent));
  if (structured.every((value) => value !== undefined)) return { calls, source: 'structuredContent', content, shape: inferShape(structured) };
  const texts = results.map((result) => jsonTexts(result.content));
  if (texts.every((list) => list.length > 0)) return { calls, source: 'text', content, shape: inferShape(texts.flat()) };
  return { calls, source: 'content', content };
}

function typeOf(value: unknown): ShapeType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    default:
      return 'object';
  }
}

function valuesOf(objects: readonly JsonRecord[], name: string): unknown[] {
  return objects.flatMap((object) => (Object.hasOwn(object, name) ? [object[name]] : []));
}

/** The distinct block types, sorted and bounded (a server may invent any). */
function contentTypes(results: readonly JsonRecord[]): string[] {
  const types = new Set<string>();
  for (const result of results) {
    if (!Array.isArray(result.content)) continue;
    for (const block of result.content) {
      const type = asRecord(block)?.type;
      if (typeof type === 'string') types.add(type.slice(0, MAX_CONTENT_TYPE_LENGTH));
    }
  }
  return [...types].sort(compareText).slice(0, MAX_CONTENT_TYPES);
}

/** The JSON objects and arrays in text blocks; text that is not JSON, or a bare JSON scalar ("42"), is prose. */
function jsonTexts(content: unknown): unknown[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((block) => {
    const record = asRecord(block);
    if (record?.type !== 'text' || typeof record.text !== 'string') return [];
    const text = record.text.trim();
    if (!text.startsWith('{') && !text.startsWith('[')) return [];
    try {
      const value = parseJsonBounded(text);
      return typeof value === 'object' && value !== null ? [value] : [];
    } catch {
      return [];
    }
  });
}
