/**
 * What came back from a request that sent bad input, classified before it is judged (exercise/answers.ts): a rule
 * judges the class, not the raw code, so a server that validated but picked the wrong code is not reported like one
 * that never validated, and a backend mcpact cannot reach is never a contract error.
 */
export const ANSWER_CLASSES = ['rejected-correctly', 'validated-wrong-code', 'not-validated', 'backend-unreachable', 'no-answer'] as const;
export type AnswerClass = (typeof ANSWER_CLASSES)[number];

/** One line per class, for docs and for messages. */
export const ANSWER_CLASS_TEXT: Record<AnswerClass, string> = {
  'rejected-correctly': 'rejected with the code and layer the negotiated revision describes',
  'validated-wrong-code': 'rejected before doing any work (typically naming the bad argument), but with another code or layer',
  'not-validated':
    "the input reached the tool or prompt logic: it answered like a valid call, or failed deeper down, in any runtime's words (a TypeError, a KeyError, a nil pointer or a Go panic, a NullPointerException, a Rust panic, a NullReferenceException, a failed conversion, a failed command, a backend's HTTP error, a missing file or an unreachable host named after the value sent)",
  'backend-unreachable':
    "the server's own backend could not be reached (DNS, refused connection, TLS, fetch failure, a timeout inside the server, a missing command) or refused mcpact's missing credentials: no verdict, unless the same tool answered other calls without that backend",
  'no-answer': 'no answer, the connection closed, or a response with neither result nor error (judged by the rules that own those)',
};

/** The server's own answer as a finding shows it: its code, its words and what mcpact made of them. */
export interface Answer {
  class?: AnswerClass;
  /** The JSON-RPC error code; absent for results. */
  code?: number | string;
  /** The first line of the server's words, cut to a readable length (the whole text is in the finding's data). */
  said?: string;
  /** Why the answer got its class: "names the argument \"city\"", "a TypeError", ... */
  evidence?: string;
}
