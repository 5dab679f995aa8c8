/** Shared wording for what came back from a request, so every rule describes outcomes the same way. */
import type { Outcome } from '../connect/rpc.js';

export function describeOutcome(outcome: Outcome): string {
  switch (outcome.kind) {
    case 'result':
      return 'a result';
    case 'error':
      // A hostile server may send any JSON as the code.
      return `JSON-RPC error ${String(outcome.code).slice(0, 20)}`;
    case 'timeout':
      if (outcome.rateLimited === true)
        return outcome.throttled === undefined
          ? 'HTTP 429 Too Many Requests until mcpact stopped waiting'
          : 'refusals saying the server throttles until mcpact stopped waiting';
      return outcome.attempts === 2 ? `no answer to two tries (the second waited ${outcome.ms} ms)` : `no answer within ${outcome.ms} ms`;
    case 'closed':
      return 'the connection closed';
    case 'malformed':
      return 'a response with neither result nor error';
  }
}

export function errorCode(outcome: Outcome): unknown {
  return outcome.kind === 'error' ? outcome.code : undefined;
}
