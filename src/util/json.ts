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
