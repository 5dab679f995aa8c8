/**
 * The canonical form of JSON in a lockfile: object keys sorted by code unit, arrays in their order. Two equal
 * contracts always serialize to the same bytes, and comparing canonical strings is the fast path of the diff.
 */
import { McpactError } from '../../errors.js';
import { compareText } from '../../util/compare.js';
import { MAX_JSON_DEPTH } from '../../util/json-equal.js';

/** A copy of `value` with every object's keys sorted (Object.fromEntries keeps a `__proto__` key as data). */
export function sortKeys(value: unknown, depth = 0): unknown {
  if (depth > MAX_JSON_DEPTH) throw new McpactError('usage', `the contract is nested deeper than ${MAX_JSON_DEPTH} levels; mcpact cannot pin it`);
  if (Array.isArray(value)) return value.map((item) => sortKeys(item, depth + 1));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => compareText(a, b))
        .map(([key, item]) => [key, sortKeys(item, depth + 1)]),
    );
  }
  return value;
}

/** Compact canonical JSON (undefined for undefined), for equality tests and identity ties. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(sortKeys(value));
}

/** Throws when `value` is nested deeper than MAX_JSON_DEPTH, without copying it. */
export function checkDepth(value: unknown, depth = 0): void {
  if (typeof value !== 'object' || value === null) return;
  if (depth > MAX_JSON_DEPTH) throw new McpactError('usage', `the contract is nested deeper than ${MAX_JSON_DEPTH} levels; mcpact cannot pin it`);
  if (Array.isArray(value)) {
    for (const item of value) checkDepth(item, depth + 1);
    return;
  }
  // for...in rather than Object.values: no array per object, which matters on a 10,000-tool lockfile.
  const record = value as Record<string, unknown>;
  for (const key in record) checkDepth(record[key], depth + 1);
}
