/**
 * An answer as the prompt matrix keeps it once its case is judged (exercise/prompts/exercise.ts): what the rules
 * read of it afterwards, and no more, since a server may answer every request with megabytes. Of a result: its
 * first LINKS_READ blocks (`content`, or each message's content), each with its type, its text up to WORDS_MAX
 * characters (the words a finding quotes: answers.ts reads no more) and a resource link's uri (resources/resource-link
 * reads the links of the first LINKS_READ); and its `isError` and `resultType`. Of an error: its code, message
 * and data, a text cut at KEPT_TEXT characters and any other value as a small excerpt. Every kept string is a copy,
 * so none keeps the answer alive.
 */
import type { Outcome } from '../connect/rpc.js';
import { excerpt } from '../util/bound.js';
import { asRecord, type JsonRecord } from '../util/json.js';
import { detached } from '../util/text.js';
import { WORDS_MAX } from './answers.js';

/** Content blocks whose resource links resources/resource-link reads, of one answer. */
export const LINKS_READ = 200;
/** Characters kept of an error's message or data; a signature compares a whole message (engine/signatures.ts). */
const KEPT_TEXT = 10_000;
/** A link longer than this is no link a client would follow (and is not kept). */
const KEPT_URI = 8_192;
/** Bytes kept of a value that is no text (an error code or data that is an object). */
const KEPT_VALUE_BYTES = 1_024;

export function keptOutcome(outcome: Outcome): Outcome {
  switch (outcome.kind) {
    case 'result':
      return { kind: 'result', result: keptResult(outcome.result), ms: outcome.ms };
    case 'error': {
      const error: Outcome = { kind: 'error', code: keptValue(outcome.code), message: keptValue(outcome.message), ms: outcome.ms };
      return outcome.data === undefined ? error : { ...error, data: keptValue(outcome.data) };
    }
    case 'malformed':
      return { kind: 'malformed', response: keptExcerpt(outcome.response), ms: outcome.ms };
    default:
      return outcome;
  }
}

function keptResult(result: unknown): unknown {
  const record = asRecord(result);
  if (record === undefined) return keptExcerpt(result);
  const { content, messages, isError, resultType } = record;
  return {
    ...(Array.isArray(content) && { content: content.slice(0, LINKS_READ).map(keptBlock) }),
    ...(Array.isArray(messages) && {
      messages: messages.slice(0, LINKS_READ).map((message) => {
        const inner = asRecord(message)?.content;
        return inner === undefined ? null : { content: keptBlock(inner) };
      }),
    }),
    ...(typeof isError === 'boolean' && { isError }),
    ...(typeof resultType === 'string' && { resultType: detached(resultType.slice(0, 100)) }),
  };
}

function keptBlock(block: unknown): JsonRecord | null {
  const record = asRecord(block);
  if (record === undefined) return null;
  const { type, text, uri } = record;
  return {
    ...(typeof type === 'string' && { type: detached(type.slice(0, 100)) }),
    ...(typeof text === 'string' && { text: detached(text.slice(0, WORDS_MAX)) }),
    ...(typeof uri === 'string' && uri.length <= KEPT_URI && { uri: detached(uri) }),
  };
}

function keptValue(value: unknown): unknown {
  if (typeof value === 'string') return detached(value.slice(0, KEPT_TEXT));
  return typeof value === 'object' && value !== null ? keptExcerpt(value) : value;
}

/** A small excerpt, parsed anew: the excerpt's strings are slices of the answer's, the parsed ones are not. */
function keptExcerpt(value: unknown): unknown {
  const text = JSON.stringify(excerpt(value, KEPT_VALUE_BYTES));
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}
