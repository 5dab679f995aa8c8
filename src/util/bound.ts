/**
 * Bounded copies of untrusted JSON, for everything that serializes or walks it later (reporters, redaction, the
 * trace). JSON.parse accepts any nesting, but JSON.stringify and every recursive walk overflow the stack near a
 * few thousand levels, and a server can send a 10,000-level schema or a 20 MB string. The copy cuts nesting at a
 * depth and strings at a length; its own recursion is bounded by that depth.
 */
import { NO_SECRETS, type Secrets } from './secrets.js';

export interface Bounds {
  /** Containers nested deeper than this are replaced by a marker string. */
  maxDepth: number;
  /** Longer strings (and object keys) are cut, with a note saying how much. */
  maxString: number;
}

/** For finding data and server info in reports: enough for any honest value, small enough to print. */
export const REPORT_BOUNDS: Bounds = { maxDepth: 32, maxString: 10_000 };

/** For the --trace file: whole messages, nesting cut well before JSON.stringify would overflow. */
export const TRACE_BOUNDS: Bounds = { maxDepth: 200, maxString: Number.POSITIVE_INFINITY };

export function bounded(value: unknown, bounds: Bounds = REPORT_BOUNDS): unknown {
  return copy(value, bounds, 0);
}

/** The bounded copy of an object (finding data, server info): still an object, its values bounded. */
export function boundedRecord(record: Record<string, unknown>, bounds: Bounds = REPORT_BOUNDS): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [cut(key, bounds.maxString), copy(item, bounds, 1)]));
}

/** Text cut at the bound's length (messages, names, pointers). */
export function boundedText(text: string, max: number = REPORT_BOUNDS.maxString): string {
  return cut(text, max);
}

function copy(value: unknown, bounds: Bounds, depth: number): unknown {
  if (typeof value === 'string') return cut(value, bounds.maxString);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= bounds.maxDepth) return `[nested deeper than ${bounds.maxDepth} levels]`;
  if (Array.isArray(value)) return value.map((item) => copy(item, bounds, depth + 1));
  // Object.fromEntries stores every key as data: a server's `__proto__` key is kept, not taken for the prototype.
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [cut(key, bounds.maxString), copy(item, bounds, depth + 1)]));
}

function cut(text: string, max: number, secrets: Secrets = NO_SECRETS): string {
  if (text.length <= max) return text;
  let end = max;
  // Never end on the first half of a surrogate pair: the rest of the report must stay valid UTF-16.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${secrets.head(text, end)}… (${text.length - end} more characters)`;
}

/**
 * About how many bytes `value` takes as JSON, counted only up to `limit` (the walk stops there, so a huge value
 * costs no more than a small one): at most `limit + 1` when it is larger. Iterative, so depth cannot overflow.
 */
export function jsonBytesUpTo(value: unknown, limit: number): number {
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && bytes <= limit) {
    const item = stack.pop();
    if (typeof item === 'string') bytes += item.length + 2;
    else if (typeof item !== 'object' || item === null) bytes += 8;
    else if (Array.isArray(item)) {
      bytes += 2 + item.length;
      for (let index = 0; index < item.length && bytes <= limit; index++) stack.push(item[index]);
    } else {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        bytes += key.length + 4;
        if (bytes > limit) break;
        stack.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return Math.min(bytes, limit + 1);
}

/**
 * A bounded excerpt of a large value: the same shape from the top, spending about `maxBytes` in all; what does
 * not fit becomes a marker ("… 1,000 more items", a string cut with a note). Nesting stops at 200 levels. A string
 * that is cut has `secrets` redacted before the cut (a secret it cuts through would leave most of itself behind).
 */
export function excerpt(value: unknown, maxBytes: number, secrets: Secrets = NO_SECRETS): unknown {
  let left = maxBytes;
  const walk = (item: unknown, depth: number): unknown => {
    if (typeof item === 'string') {
      const kept = cut(item, Math.max(16, Math.min(item.length, left)), secrets);
      left -= Math.min(item.length, left) + 2;
      return kept;
    }
    if (typeof item !== 'object' || item === null) {
      left -= 8;
      return item;
    }
    if (depth >= TRACE_BOUNDS.maxDepth) return `[nested deeper than ${TRACE_BOUNDS.maxDepth} levels]`;
    if (Array.isArray(item)) {
      const out: unknown[] = [];
      for (const entry of item) {
        if (left <= 0) {
          out.push(`[… ${item.length - out.length} more items]`);
          break;
        }
        out.push(walk(entry, depth + 1));
      }
      return out;
    }
    const out: [string, unknown][] = [];
    for (const key in item) {
      if (!Object.hasOwn(item, key)) continue;
      if (left <= 0) {
        out.push(['…', `more properties not shown`]);
        break;
      }
      left -= Math.min(key.length, 200) + 4;
      out.push([cut(key, 200, secrets), walk((item as Record<string, unknown>)[key], depth + 1)]);
    }
    return Object.fromEntries(out);
  };
  return walk(value, 0);
}
