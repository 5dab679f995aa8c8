/** Finds keys shared by several entries of a list, for the uniqueness rules. */
export interface Duplicate<T> {
  key: string;
  first: T;
  /** The second entry with the key: where the duplicate is reported. */
  second: T;
  /** How many entries share the key. */
  count: number;
}

/**
 * One Duplicate per key that more than one entry has, in the order of their second occurrences. Entries whose key
 * is undefined are ignored.
 */
export function duplicates<T>(entries: Iterable<T>, keyOf: (entry: T) => string | undefined): Duplicate<T>[] {
  const seen = new Map<string, { first: T; duplicate?: Duplicate<T> }>();
  const found: Duplicate<T>[] = [];
  for (const entry of entries) {
    const key = keyOf(entry);
    if (key === undefined) continue;
    const slot = seen.get(key);
    if (!slot) {
      seen.set(key, { first: entry });
    } else if (slot.duplicate) {
      slot.duplicate.count++;
    } else {
      slot.duplicate = { key, first: slot.first, second: entry, count: 2 };
      found.push(slot.duplicate);
    }
  }
  return found;
}
