/**
 * What 2026-07-28 adds to every result, beside what the request asked for:
 *
 * - `resultType`: only `"complete"` is the answer itself (`"input_required"` asks the client for more first), and
 *   a result without it, as every earlier revision sends, is complete: "the client MUST treat the absent field as
 *   `"complete"`" (schema.ts, Result).
 * - `_meta["io.modelcontextprotocol/serverInfo"]`, the server's name and version, which "Servers SHOULD include
 *   ... on every response" (schema.ts, ResultMetaObject), "intended for display, logging, and debugging".
 */
import { asRecord, type JsonRecord } from '../util/json.js';

const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

export function isComplete(result: unknown): boolean {
  const type = asRecord(result)?.resultType;
  return type === undefined || type === 'complete';
}

/**
 * A complete result as the legacy era sends it: without `resultType: "complete"` (its absence means the same) and
 * without the serverInfo of `_meta` (which changes with every release of the server, not with the answer).
 * Anything else, and any other resultType, is kept.
 */
export function asLegacyResult(result: unknown): unknown {
  const record = asRecord(result);
  if (record === undefined) return result;
  const copy: JsonRecord = { ...record };
  if (copy.resultType === 'complete') delete copy.resultType;
  const meta = asRecord(copy._meta);
  if (meta && Object.hasOwn(meta, SERVER_INFO)) {
    const { [SERVER_INFO]: _serverInfo, ...rest } = meta;
    if (Object.keys(rest).length > 0) copy._meta = rest;
    else delete copy._meta;
  }
  return copy;
}
