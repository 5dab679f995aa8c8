/**
 * Why a replayed request gave nothing to compare, in words for a drift change's reason. The replays differ only in
 * what a result without the expected content is, which each passes in.
 */
import type { Outcome } from '../../connect/rpc.js';
import { quote } from '../../util/text.js';

export function replayFailure(outcome: Outcome, result: string): string {
  switch (outcome.kind) {
    case 'result':
      return result;
    case 'error':
      return `JSON-RPC error ${quote(outcome.code, 20)}`;
    case 'timeout':
      return 'no answer in time';
    case 'closed':
      return 'the connection closed';
    case 'malformed':
      return 'a malformed answer';
  }
}
