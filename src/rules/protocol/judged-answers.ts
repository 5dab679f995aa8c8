/**
 * Answers that matched none of mcpact's requests and that a rule has already judged as its own finding: the
 * response protocol/notification-not-answered saw to a notification, the stray id protocol/request-id-echo saw to
 * its ping. protocol/error-response-id, which reads every unmatched answer of the run, leaves these out: one cause,
 * one finding.
 */
import { cacheKey, type RunCache } from '../../util/run-cache.js';

const JUDGED = cacheKey<Set<unknown>>('protocol: unmatched answers already judged');

export function judgedAnswers(cache: RunCache): Set<unknown> {
  return cache.once(JUDGED, () => new Set<unknown>());
}
