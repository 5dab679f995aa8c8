/**
 * What a round trip of 2026-07-28 rests on (basic/patterns/mrtr), whichever request it retries: prompts/request-state
 * and tools/request-state judge retries by the same sentences.
 */
import { since, type RuleSpec } from '../model/spec.js';

/** Words of an answer that refuse the state itself (the SDK's "Invalid or expired requestState"). */
export const STATE_WORDS = /request[ _-]?state|\bstate\b/i;

/** The requirements a round trip rests on besides the rule's own (the retry that lacks what was asked for). */
export const REQUEST_STATE_SPECS = {
  echo: {
    texts: since('2026-07-28', {
      keyword: 'none',
      binds: 'server',
      section: 'basic/patterns/mrtr#basic-workflow',
      quote: 'The server encodes any needed context into the `requestState` field, which the client echoes back on retry.',
      note:
        'No sentence says in so many words that a server accepts its own state. mcpact echoes it unchanged, at once, from the same client, for ' +
        'the same request, so none of the grounds the server requirements give for rejecting state (failed verification, a lapsed expiry, ' +
        'another principal or request) applies.',
    }),
  },
  ignore: {
    texts: since('2026-07-28', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'basic/patterns/mrtr#error-handling',
      quote:
        'If additional, unexpected parameters are provided in the `InputResponses` object, the server SHOULD ignore any information it does not recognize or need.',
    }),
  },
} as const satisfies Record<string, RuleSpec>;

/** A retry that lacks what was asked for gets a new input-required result, not an error. */
export const MISSING_INPUT_SPEC: RuleSpec = {
  texts: since('2026-07-28', {
    keyword: 'SHOULD',
    binds: 'server',
    section: 'basic/patterns/mrtr#error-handling',
    quote:
      'If the client fails to send all the information requested … and the missing information is necessary for the server to process the request, the server SHOULD respond with a new `InputRequiredResult` requesting the missing information again, rather than returning an error.',
  }),
};
