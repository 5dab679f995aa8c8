/** Narrowing helpers for untrusted JSON. */
export type JsonRecord = Record<string, unknown>;

export function asRecord(value: unknown): JsonRecord | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRecord) : undefined;
}

export function isRecord(value: unknown): value is JsonRecord {
  return asRecord(value) !== undefined;
}

/** A short description of a JSON value's type, for messages: "string", "null", "array", ... */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/*
 * Names a server chooses (tools, prompts, arguments, properties, template variables, `_meta` keys) may be any key
 * of Object.prototype: `constructor`, `toString`, `__proto__`. A plain object finds an inherited function where
 * it holds nothing, and assigning `__proto__` to it replaces its prototype instead of storing a value. So a map
 * keyed by such names is a Map or a record without a prototype, and a lookup into the server's own JSON reads
 * own properties only.
 */

/** `record[key]` when the record holds it itself; never what it inherits. */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** A record without a prototype, for values keyed by server-chosen names; `entries` fill it in order. */
export function nameRecord<T>(entries: Iterable<readonly [string, T]> = []): Record<string, T> {
  // eslint-disable-next-line no-restricted-syntax -- the one empty record: its prototype goes on the next line
  const record: Record<string, T> = {};
  Object.setPrototypeOf(record, null);
  for (const [key, value] of entries) record[key] = value;
  return record;
}
