/**
 * Input-required answers in 2026-07-28 (basic/patterns/mrtr), to the three requests that may get them: prompts/get,
 * resources/read and tools/call. The server asks for more input before it answers, and the client retries the same
 * request with a new id, the exact `requestState` echoed and an
 * `inputResponses` entry for each input request. mcpact is a client without a user: it declines every elicitation,
 * has no roots, and has no model to sample, so a sampling request is left unanswered (the retry then lacks
 * information the server asked for, the case the text's "missing information" sentence is about).
 */
import type { Outcome } from '../connect/rpc.js';
import type { Era } from '../model/spec.js';
import { asRecord, nameRecord, type JsonRecord } from '../util/json.js';

/** Retries of one request mcpact sends at most while the server keeps asking for input (servers MAY ask again). */
export const MAX_INPUT_ROUNDS = 3;
/** Input requests of one answer mcpact reads (answers, judges) at most: the map is the server's, of any size. */
export const MAX_INPUT_REQUESTS = 50;

/** The input-required result an outcome carries, if it is one. */
export function inputRequiredOf(outcome: Outcome): JsonRecord | undefined {
  if (outcome.kind !== 'result') return undefined;
  const result = asRecord(outcome.result);
  return result?.resultType === 'input_required' ? result : undefined;
}

/** A retry mcpact built for an input-required result. */
export interface Retry {
  /** The params sent: the original request's, `requestState` and `inputResponses` added. */
  params: JsonRecord;
  /** Input requests mcpact answered with a decline (elicitations). */
  declined: string[];
  /** Input requests mcpact could not answer and left out (sampling, or a method it does not know). */
  omitted: string[];
}

/** One input-required answer of a request, and the retry mcpact sent for it (none when it could build none). */
export interface InputRound {
  result: JsonRecord;
  retry?: Retry;
}

/** The entries of an `inputRequests` map, at most MAX_INPUT_REQUESTS of them; undefined when it is no map. */
export function inputRequestEntries(result: JsonRecord): [string, unknown][] | undefined {
  const requests = asRecord(result.inputRequests);
  if (requests === undefined) return undefined;
  const entries: [string, unknown][] = [];
  for (const key in requests) {
    if (entries.length === MAX_INPUT_REQUESTS) break;
    if (!Object.hasOwn(requests, key)) continue;
    entries.push([key, requests[key]]);
  }
  return entries;
}

/**
 * The answer mcpact gives one input request, as a client that declines would: an elicitation is declined
 * (ElicitResult `action: "decline"`), a roots listing is empty (mcpact exposes no roots), and nothing else has an
 * honest answer (a CreateMessageResult needs a model's message).
 */
export function declinedAnswer(request: unknown): JsonRecord | undefined {
  switch (asRecord(request)?.method) {
    case 'elicitation/create':
      return { action: 'decline' };
    case 'roots/list':
      return { roots: [] };
    default:
      return undefined;
  }
}

/**
 * The retry for an input-required result, or undefined when there is nothing to send back: neither a string
 * `requestState` nor an `inputRequests` map (a malformed result, which the client may not echo as it is).
 */
export function retryFor(params: JsonRecord, result: JsonRecord, extra: JsonRecord = {}): Retry | undefined {
  const state = result.requestState;
  const entries = inputRequestEntries(result);
  if (state !== undefined && typeof state !== 'string') return undefined;
  if (result.inputRequests !== undefined && entries === undefined) return undefined;
  if (state === undefined && (entries === undefined || entries.length === 0)) return undefined;
  const retry: Retry = { params: withoutRetryFields(params), declined: [], omitted: [] };
  if (state !== undefined) retry.params.requestState = state;
  // Keyed by the server's request keys, which may be `__proto__`.
  const responses = nameRecord<unknown>();
  for (const [key, request] of entries ?? []) {
    const answer = declinedAnswer(request);
    if (answer === undefined) retry.omitted.push(key);
    else {
      responses[key] = answer;
      if (asRecord(request)?.method === 'elicitation/create') retry.declined.push(key);
    }
  }
  const all = { ...responses, ...extra };
  if (Object.keys(all).length > 0) retry.params.inputResponses = all;
  return retry;
}

/** The original request's params: a retry's own fields are the latest round's, never an earlier one's. */
function withoutRetryFields(params: JsonRecord): JsonRecord {
  const { requestState: _state, inputResponses: _responses, ...rest } = params;
  return rest;
}

/**
 * Follows a request's input-required answers the way a client does: retry, at most MAX_INPUT_ROUNDS times,
 * while the server answers input_required and a retry can be built. The outcome is the last answer.
 */
export async function followInputRequired(
  params: JsonRecord,
  first: Outcome,
  send: (params: JsonRecord) => Promise<Outcome>,
): Promise<{ outcome: Outcome; rounds: InputRound[] }> {
  const rounds: InputRound[] = [];
  let outcome = first;
  for (let result = inputRequiredOf(outcome); result !== undefined; result = inputRequiredOf(outcome)) {
    const round: InputRound = { result };
    rounds.push(round);
    if (rounds.length > MAX_INPUT_ROUNDS) break;
    round.retry = retryFor(params, result);
    if (round.retry === undefined) break;
    outcome = await send(round.retry.params);
  }
  return { outcome, rounds };
}

/**
 * A request as a client sends it: in the modern era its input-required answers are followed, and the outcome is
 * what the last retry got (drift replays prompts this way, so a baseline records what the round trip rendered).
 */
export async function requestFollowing(params: JsonRecord, send: (params: JsonRecord) => Promise<Outcome>, era: Era): Promise<Outcome> {
  const first = await send(params);
  if (era !== 'modern' || inputRequiredOf(first) === undefined) return first;
  return (await followInputRequired(params, first, send)).outcome;
}
