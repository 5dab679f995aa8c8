/**
 * Deep equality of JSON values (object key order does not matter). The recursion follows both values only as far
 * as they agree, so its depth is bounded by the shallower one: a deep server value against a config value is safe.
 */
import { asRecord } from './json.js';

export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  }
  const left = asRecord(a);
  const right = asRecord(b);
  if (!left || !right) return false;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key]));
}
