/**
 * Where a generated input sits in a part of the input schema that says nothing about it: `{}`, `z.unknown()`, a
 * property with only a description ("GeoJSON Feature or FeatureCollection"). Any value is schema-valid there, so
 * mcpact's value is a guess; what the tool makes of it (an output its own schema refuses, say) says more about the
 * guess than about the tool (issue #30 class 4: never blame the server for a value mcpact chose).
 */
import { asRecord } from '../util/json.js';

/** Keywords that constrain a value: a schema without any of them accepts anything. */
const CONSTRAINING = [
  'type',
  'enum',
  'const',
  'properties',
  'patternProperties',
  'additionalProperties',
  'items',
  'prefixItems',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  '$ref',
  '$dynamicRef',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'required',
] as const;

/** Paths walked at most: a generated value is small, this bounds a hostile schema's width. */
const MAX_VISITS = 2_000;

/**
 * The JSON Pointers of `value` (the arguments mcpact generated) that fall where `schema` (the tool's inputSchema)
 * constrains nothing; empty when every value sits under some constraint. A `$ref` or a combinator counts as a
 * constraint (not followed): the answer errs toward judging.
 */
export function openValuePaths(schema: unknown, value: unknown): string[] {
  const found: string[] = [];
  let visits = 0;
  const walk = (node: unknown, at: unknown, pointer: string) => {
    if (++visits > MAX_VISITS || at === undefined) return;
    if (node === true || isOpen(node)) {
      found.push(pointer);
      return;
    }
    const record = asRecord(node);
    if (record === undefined) return;
    if (Array.isArray(at)) {
      const items = record.items;
      if (items !== undefined && !Array.isArray(items)) at.forEach((entry, index) => walk(items, entry, `${pointer}/${index}`));
      return;
    }
    const given = asRecord(at);
    if (given === undefined) return;
    const properties = asRecord(record.properties) ?? {};
    for (const [key, entry] of Object.entries(given)) {
      const child = Object.hasOwn(properties, key) ? properties[key] : record.additionalProperties;
      walk(child, entry, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  };
  walk(schema, value, '');
  return found;
}

/** A schema object with no constraining keyword (only annotations: description, title, default, examples). */
function isOpen(node: unknown): boolean {
  const record = asRecord(node);
  return record !== undefined && !CONSTRAINING.some((keyword) => Object.hasOwn(record, keyword));
}
