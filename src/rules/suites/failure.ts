/** One unmet expectation of a suite case, as the judges of every expect key return it. */
export interface Failure {
  /** The expect key that failed: `error_code`, `result`, `is_error`, `jsonpath: <path>`, `messages.match: <re>`, ... */
  anchor: string;
  message: string;
  data?: Record<string, unknown>;
}
