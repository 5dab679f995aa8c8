/**
 * What became of one request: its answer (a result, an error, a malformed response), or none (no answer in time,
 * the connection closed). Its own module so that what judges outcomes (connect/throttling.ts) needs no peer.
 */
export type Outcome =
  | { kind: 'result'; result: unknown; ms: number }
  | { kind: 'error'; code: unknown; message: unknown; data?: unknown; ms: number }
  /**
   * No answer within the call deadline (`attempts: 2` when a retry went unanswered too). `rateLimited`: the server
   * still answered HTTP 429 when mcpact had to stop waiting (connect/rate-limit.ts), or, with `throttled` (its words),
   * still refused it in JSON-RPC as throttled (connect/throttling.ts); the request was never processed.
   * `serving`, on initialize of a fresh stdio child only (connect/raw-stdio.ts): whether a ping sent after the
   * deadline was answered, so the process was serving and gave initialize no answer, or was not serving yet.
   */
  | { kind: 'timeout'; ms: number; attempts?: number; rateLimited?: true; throttled?: string; serving?: boolean }
  /**
   * The connection ended before an answer came. `lost`: the server went away during the run (crashed, exited) with
   * this request in flight, or before it was sent; `unsent`: the latter, so the request never reached the server.
   */
  | { kind: 'closed'; ms: number; lost?: true; unsent?: true }
  /** An answer with our id that is neither a result nor an error. */
  | { kind: 'malformed'; response: unknown; ms: number };
