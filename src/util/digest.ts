/**
 * A stand-in for a value that may be sensitive (a server's output, a user's example): enough to tell two values
 * apart and to see their shape, without the value itself. Reports show values only with --show-values.
 */
import { createHash } from 'node:crypto';
import { asRecord } from './json.js';

export interface Digest {
  /** Top-level keys, when the value is an object. */
  keys?: string[];
  /** First 12 hex digits of the SHA-256 of its JSON text. */
  sha256: string;
}

export function digest(value: unknown): Digest {
  const sha256 = createHash('sha256')
    .update(JSON.stringify(value) ?? 'undefined')
    .digest('hex')
    .slice(0, 12);
  const record = asRecord(value);
  return record ? { keys: Object.keys(record).slice(0, 50), sha256 } : { sha256 };
}

/** The value itself when the user opted in to see values, else its digest. */
export function shown(value: unknown, showValues: boolean): unknown {
  return showValues ? value : digest(value);
}
