/**
 * Deep equality of JSON values (object key order does not matter), without building canonical strings. The
 * recursion follows both values only as far as they agree, so its depth is bounded by the shallower one (a deep
 * server value against a config value is safe), and past MAX_JSON_DEPTH it stops with an error instead of
 * overflowing the stack.
 */
import { McpactError } from '../errors.js';

/** Deeper than any real contract; a hostile server must not make mcpact overflow its stack. */
export const MAX_JSON_DEPTH = 512;

export function jsonEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (depth > MAX_JSON_DEPTH) throw new McpactError('usage', `a value is nested deeper than ${MAX_JSON_DEPTH} levels; mcpact cannot compare it`);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => jsonEqual(item, b[index], depth + 1));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key], depth + 1));
}
