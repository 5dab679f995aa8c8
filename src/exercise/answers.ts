/**
 * Reading the answer before judging it. A probe that sends bad input gets back one of five kinds of answer
 * (model/answer.ts): rejected as the revision describes, rejected with another code or layer after validating,
 * not validated at all, failed because the server's own backend is unreachable, or nothing to judge. The class
 * rests on the code, the layer and the server's words; where the words give no sign either way, mcpact gives the
 * server the benefit of the doubt (validated, wrong code): a wrong code is certain, a missing validation is not.
 *
 * The words are untrusted and bounded before any pattern runs; every pattern is a plain alternation without
 * nested quantifiers, so matching is linear in the (bounded) text.
 */
import type { Outcome } from '../connect/rpc.js';
import type { Answer, AnswerClass } from '../model/answer.js';
import { asRecord } from '../util/json.js';

/** How much of the server's words a finding keeps (in data) and the classifier reads. */
export const WORDS_MAX = 2000;
/** How much of them a finding shows on one line. */
export const SAID_MAX = 160;

type Signature = readonly [pattern: RegExp, evidence: string];

const DNS_FAILURE = 'a DNS failure';
const CONNECTION_FAILURE = 'a connection failure';
const FAILED_FETCH = 'a failed fetch';
/**
 * The unreachable-backend answers that show the server sent a request out over the network, not that it checked
 * its own setup first (credentials, a command to run, a configuration), which it may lawfully do before validating.
 */
export const NETWORK_FAILURES: ReadonlySet<string> = new Set([DNS_FAILURE, CONNECTION_FAILURE, FAILED_FETCH]);

/** The server could not reach what it fronts, or its backend refused mcpact's (absent) credentials. */
const UNREACHABLE: readonly Signature[] = [
  // Node's words, then Go's (net: "dial tcp: lookup HOST ...: no such host"), Python's (socket.gaierror), Java's
  // (UnknownHostException), Rust's (hyper/reqwest "dns error") and .NET's.
  [
    /\b(?:ENOTFOUND|EAI_AGAIN|getaddrinfo)\b|\bdial tcp: lookup \S|\bno such host\b|Name or service not known|Temporary failure in name resolution|nodename nor servname provided|\bUnknownHostException\b|\bdns error\b|No such host is known/i,
    DNS_FAILURE,
  ],
  [
    /\b(?:ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ECONNABORTED)\b|connection refused|socket hang up|unable to connect|could not connect|failed to connect|network is unreachable|Failed to establish a new connection|\b(?:java\.net\.)?(?:ConnectException|NoRouteToHostException)\b|\btcp connect error\b|error sending request for url/i,
    CONNECTION_FAILURE,
  ],
  [/fetch failed|network ?error|network request failed/i, FAILED_FETCH],
  [/certificate|self[- ]signed|SSL routines|TLS handshake|skipTLSVerify|TLS verification/i, 'a TLS failure'],
  // A client library with nothing to connect to here (no kubeconfig, no current context, no cluster).
  [
    /\bno (?:current )?(?:context|cluster) (?:is )?(?:set|configured|found)\b|\bkubeconfig\b|\bbackend is not configured\b/i,
    'the backend is not configured here',
  ],
  [/\bETIMEDOUT\b|timed out|timeout of \d+ ?ms|request timeout|\bi\/o timeout\b|\bSocketTimeoutException\b|\bConnectTimeout\b/i, 'a timeout inside the server'],
  [/\bspawn(?:Sync)? \S+ ENOENT|command not found/i, 'a command the server runs is not installed'],
  // A credential the test environment lacks, or holds only as a dummy (`GITHUB_TOKEN=x`): the backend is not set up.
  // Each pattern names credentials or an auth failure; a bare 401 counts only after status, code or HTTP.
  [
    /\b(?:status|code|HTTP)\b\D{0,10}\b(?:401|403|407)\b|\b(?:401 Unauthorized|403 Forbidden)\b|\bunauthori[sz]ed\b|\bunauthenticated\b|\bnot authenticated\b|authentication (?:failed|required|error)|\b(?:missing|invalid|no|bad|expired|malformed) (?:api[ _-]?key|(?:access|auth|bearer|api) token|credentials?|jwt)\b|\b(?:invalid|expired|malformed) token\b|\b(?:access |auth |bearer )?token (?:is )?(?:invalid|expired|malformed|not valid)\b|\bapi[ _-]?key (?:is )?(?:required|missing|not set|invalid)\b|\bnot (?:in )?(?:a )?valid JWT\b|\bjwt (?:malformed|expired|must be provided)\b|\binvalid_(?:token|grant|client|api_key)\b|\bbad credentials\b/i,
    "the backend is not set up (credentials): it refused mcpact's missing or dummy credentials",
  ],
];

const COMMAND_FAILED = 'a command the tool ran failed on it';
const BACKEND_HTTP_ERROR = "a backend's HTTP error: the input was passed on";
/**
 * The deep failures that show the input went on (to a command, to a backend), not that code broke on its type: a
 * valid value can fail there too, so they show no missing check for a value a coercing validator would pass.
 */
const PASSED_ON: ReadonlySet<string> = new Set([COMMAND_FAILED, BACKEND_HTTP_ERROR]);

/**
 * The input got past any validation into code that then failed on it: failures that only a runtime or the code
 * behind the tool words so, in each language MCP servers are written in. A deliberate rejection reads otherwise
 * ("id must be a string"), so these are evidence even beside validation words.
 */
const DEEP: readonly Signature[] = [
  [
    /\b(?:TypeError|ReferenceError|RangeError)\b|is not a function|cannot read propert|cannot destructure|\bof (?:undefined|null)\b|is not iterable|undefined is not/i,
    'a JavaScript runtime error: the input reached code that did not check it',
  ],
  [/\bCommand failed\b|exited with code [1-9]|exit code [1-9]/i, COMMAND_FAILED],
  [
    /\b(?:with|for)\s+(?:\w+\s+)?(?:undefined|NaN)\b|=(?:undefined|NaN)\b|\[object Object\]/,
    'an unset or unconverted value (undefined, NaN, [object Object]) in its answer: the input reached code that did not check it',
  ],
  [
    /\b(?:status(?: code)?|HTTP(?:\/\d(?:\.\d)?)?)\D{0,3}[45]\d\d\b|\b(?:400 Bad Request|404 Not Found|422 Unprocessable|500 Internal Server Error)\b/i,
    BACKEND_HTTP_ERROR,
  ],
  // Python raises these from the interpreter or the standard library, never as a validation message of its own. An
  // SDK that sends str(exception) drops the class name: IndexError is then only "list index out of range".
  [
    /\b(?:KeyError|AttributeError|IndexError|UnboundLocalError|ZeroDivisionError): |'NoneType' object|object is not subscriptable|unsupported operand type|invalid literal for int\(\) with base|could not convert string to float|\b(?:list|tuple|string) index out of range\b/,
    'a Python runtime error: the input reached code that did not check it',
  ],
  [
    /\bpanic: |\bruntime error: |nil pointer dereference|\binterface conversion: |\bstrconv\.Parse\w*: parsing|\bgoroutine \d+ \[/,
    'a Go runtime error (a panic, a failed type assertion or conversion): the input reached code that did not check it',
  ],
  // The JVM's own messages too, which an SDK that sends getMessage() sends without the class name: a helpful
  // NullPointerException ('Cannot invoke "List.get(int)" because "tags" is null') and a failed cast.
  [
    /\b(?:Kotlin)?(?:NullPointer|ClassCast|NumberFormat|(?:Array|String)?IndexOutOfBounds|Arithmetic)Exception\b|\bbecause (?:the return value of )?"[^"\n]{1,200}" is null\b|\bclass [\w.$]{1,200} cannot be cast to class [\w.$]{1,200}/,
    'a Java runtime exception: the input reached code that did not check it',
  ],
  [/\bpanicked at\b|called `(?:Option|Result)::unwrap\(\)` on an? `(?:None|Err)` value/, 'a Rust panic: the input reached code that did not check it'],
  [
    /\bSystem\.(?:NullReference|InvalidCast|Format|IndexOutOfRange|Collections\.Generic\.KeyNotFound)Exception\b|Object reference not set to an instance of an object|Input string was not in a correct format/,
    'a .NET runtime exception: the input reached code that did not check it',
  ],
];

/**
 * A file that does not exist, in each runtime's words. Evidence only where the value mcpact sent is named in it (the
 * input reached the file system); otherwise the missing file may be the server's own (a config, a cache).
 */
const FILE_SYSTEM =
  /no such file or directory|\bENOENT\b|\bFileNotFound(?:Error|Exception)\b|\bNoSuchFileException\b|could not find (?:file|a part of the path)|cannot find the (?:file|path) specified/i;

/**
 * The words of a schema validator (pydantic, JSON Schema validators, zod, Effect Schema, Bean Validation, the
 * SDK's own input check): the input was checked, whatever else the answer carries (a stack trace, a traceback).
 */
const SCHEMA_VALIDATION =
  /\b\d+ validation errors? for\b|\bInput should be\b|\b(?:Validation|Schema)(?:Error|Exception)\b|\bZodError\b|\bInput validation error\b|\bConstraintViolation|\bField validation for '|\bis not of type '|\bis a required property\b|\bmust have required property\b|\binvalid_(?:type|enum_value|union|literal)\b|\bunrecognized_keys\b/;

/**
 * An exception that escaped with its frames. It shows that something threw, not where: a validator throws too. So
 * it is evidence only when the error's own lines (the unindented ones: frames are indented in every runtime) read
 * as no validation. Frames are indented with spaces or tabs, never new lines: `\s+` would make a run of new lines
 * quadratic.
 */
const STACK: readonly Signature[] = [
  [/\n[ \t]+at \S[^\n]*:\d+:\d+/, 'a stack trace'],
  [/Traceback \(most recent call last\)/, 'a Python traceback'],
  [/\n[ \t]+at [\w$.<>]+\((?:[\w$]+\.(?:java|kt|scala|groovy):\d+|Unknown Source|Native Method)\)/, 'a Java stack trace'],
  [/\.cs:line \d+\b/, 'a .NET stack trace'],
];

/** Words of a validation error. */
const VALIDATION =
  /\b(?:invalid|required|missing|expected|must|validat\w*|not allowed|unrecognized|unknown (?:key|property|argument|field|parameter)s?|additional propert\w*|should be|is not (?:a|an|of|one of|valid|allowed)|wrong type|too (?:long|short|big|small|many|few)|at (?:least|most)|greater than|less than|exceed\w*|one of|provide\w*)\b/i;

/**
 * Words that say a request was not served: what was asked for is not found, not supported or malformed. With the
 * words of a validation error and of an unreachable backend, what a refusal reads like when a server sends it as
 * an ordinary answer (a resource read answered with a sentence instead of the resource).
 */
const NOT_SERVED =
  /\b(?:not found|no such|does not exist|doesn't exist|unknown|unsupported|not supported|malformed|unrecogni[sz]ed|not recogni[sz]ed|cannot be (?:found|read|resolved)|could not (?:find|resolve|be found)|unable to (?:find|resolve)|not available)\b/i;

/** The longest text that can read as a refusal in words: a refusal is a sentence or two. */
export const REFUSAL_MAX = 500;

/**
 * Why a short text sent as an answer reads as a refusal in words (not found, unsupported, malformed, invalid, a
 * backend unreachable), or undefined. Text that parses as JSON is structured data, whatever its keys say.
 */
export function refusalInWords(text: string): string | undefined {
  if (text.length > REFUSAL_MAX) return undefined;
  if (/^\s*[[{]/.test(text)) {
    try {
      JSON.parse(text);
      return undefined;
    } catch {
      // Not JSON: words.
    }
  }
  const unreachable = firstMatch(UNREACHABLE, text);
  if (unreachable !== undefined) return unreachable;
  const word = NOT_SERVED.exec(text)?.[0] ?? VALIDATION.exec(text)?.[0];
  return word === undefined ? undefined : `it reads as a refusal (${JSON.stringify(word.toLowerCase())})`;
}

/** A value mcpact sent counts as named in an answer only from this length on: "0" or "abc" appear anywhere. */
const DISTINCT_VALUE_CHARS = 5;

export interface Classified {
  class: AnswerClass;
  evidence: string;
  /** The code or the words show that the input was checked (not only a wrong code with nothing to go by). */
  showsValidation?: boolean;
  /**
   * Not validated only because the input went on as valid input would (a success, the backend or the file system
   * reached with it), not because code broke on it: a value a validator may lawfully convert goes on so too.
   */
  wentOn?: true;
}

export interface ClassifyOptions {
  /** Whether the answer has the code and layer the rule's revision asks for. */
  correct: boolean;
  /** The names of the bad arguments: an answer that names one shows it validated. */
  names?: readonly (string | undefined)[];
  /** The bad values sent: an unreachable backend or a missing file named after one got the input itself. */
  values?: readonly unknown[];
}

/** The class of an answer to a request that sent bad input. */
export function classifyAnswer(outcome: Outcome, { correct, names = [], values = [] }: ClassifyOptions): Classified {
  if (outcome.kind !== 'result' && outcome.kind !== 'error') return { class: 'no-answer', evidence: outcome.kind };
  // A protocol error with the asked-for code is a deliberate answer, whatever words come with it.
  if (outcome.kind === 'error' && correct)
    return { class: 'rejected-correctly', evidence: `JSON-RPC ${String(outcome.code).slice(0, 20)}`, showsValidation: true };
  const words = wordsOf(outcome) ?? '';
  const sent = sentValueIn(words, values);
  const unreachable = firstMatch(UNREACHABLE, words);
  if (unreachable) {
    // The backend's failure names what mcpact sent (a host, a URL path): the input itself was passed on.
    if (sent !== undefined)
      return {
        class: 'not-validated',
        evidence: `${unreachable} that names the value mcpact sent (${sent}): the input was passed on to the backend`,
        wentOn: true,
      };
    return { class: 'backend-unreachable', evidence: unreachable };
  }
  const deep = firstMatch(DEEP, words);
  if (deep) return { class: 'not-validated', evidence: deep, ...(PASSED_ON.has(deep) && { wentOn: true as const }) };
  if (sent !== undefined && FILE_SYSTEM.test(words))
    return { class: 'not-validated', evidence: `a missing file named after the value mcpact sent (${sent}): the input reached the file system`, wentOn: true };
  if (outcome.kind === 'result' && !isErrorResult(outcome.result))
    return { class: 'not-validated', evidence: 'it was answered like a valid call (a success)', wentOn: true };
  if (SCHEMA_VALIDATION.test(words))
    return correct
      ? { class: 'rejected-correctly', evidence: 'a schema validation error', showsValidation: true }
      : { class: 'validated-wrong-code', evidence: 'the answer is a schema validation error', showsValidation: true };
  const shown = validationShown(words, names);
  const stack = firstMatch(STACK, words);
  if (stack !== undefined && validationShown(ownLines(words), names) === undefined)
    return { class: 'not-validated', evidence: `${stack}: an exception escaped from code the input reached` };
  if (correct) return { class: 'rejected-correctly', evidence: 'a result with isError: true', ...(shown !== undefined && { showsValidation: true }) };
  if (shown !== undefined) return { class: 'validated-wrong-code', evidence: shown, showsValidation: true };
  return { class: 'validated-wrong-code', evidence: "no sign that the input reached the tool's logic; the code is wrong either way" };
}

/** Why the words read as a validation: the bad argument named, or words of a validation error. */
function validationShown(words: string, names: readonly (string | undefined)[]): string | undefined {
  const named = names.find((name): name is string => name !== undefined && name.length >= 2 && words.includes(name));
  if (named !== undefined) return `the answer names the argument ${JSON.stringify(named.slice(0, 60))}`;
  const word = VALIDATION.exec(words)?.[0];
  return word === undefined ? undefined : `the answer reads as a validation error (${JSON.stringify(word.toLowerCase())})`;
}

/** The error's own lines: what a stack trace or traceback says besides its (indented) frames. */
function ownLines(words: string): string {
  return words
    .split('\n')
    .filter((line) => !/^\s/.test(line))
    .join('\n');
}

/** The first bad value sent that the words repeat, as text; only values long enough not to appear by chance. */
function sentValueIn(words: string, values: readonly unknown[]): string | undefined {
  for (const value of values) {
    const text = typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;
    if (text !== undefined && text.length >= DISTINCT_VALUE_CHARS && text.length <= WORDS_MAX && words.includes(text)) return JSON.stringify(text.slice(0, 40));
  }
  return undefined;
}

/** The server's answer as a finding shows it: code, class and its words on one readable line. */
export function answerOf(outcome: Outcome, classified?: Classified): Answer {
  const answer: Answer = {};
  if (classified) {
    answer.class = classified.class;
    answer.evidence = classified.evidence;
  }
  if (outcome.kind === 'error') answer.code = typeof outcome.code === 'number' ? outcome.code : String(outcome.code).slice(0, 20);
  const said = wordsOf(outcome);
  if (said !== undefined) answer.said = oneLine(said);
  return answer;
}

/** The server's words: an error's message (and a string `data`), or the text of a result (tool content, prompt messages); bounded. */
export function wordsOf(outcome: Outcome): string | undefined {
  if (outcome.kind === 'error') {
    // An empty `data` (the Python SDK sends `data: ""`) adds no words.
    const parts = [outcome.message, outcome.data].filter((part): part is string => typeof part === 'string' && part !== '');
    return parts.length > 0 ? parts.join('\n').slice(0, WORDS_MAX) : undefined;
  }
  if (outcome.kind !== 'result') return undefined;
  const result = asRecord(outcome.result);
  // A tool result's content blocks, or a rendered prompt's messages (each with one content block).
  const blocks = Array.isArray(result?.content)
    ? result.content
    : Array.isArray(result?.messages)
      ? result.messages.map((message) => asRecord(message)?.content)
      : undefined;
  if (blocks === undefined) return undefined;
  const texts: string[] = [];
  let length = 0;
  for (const block of blocks.slice(0, 20)) {
    const text = asRecord(block)?.type === 'text' ? asRecord(block)?.text : undefined;
    if (typeof text !== 'string') continue;
    texts.push(text.slice(0, WORDS_MAX - length));
    length += text.length + 1;
    if (length >= WORDS_MAX) break;
  }
  return texts.length > 0 ? texts.join('\n').slice(0, WORDS_MAX) : undefined;
}

/** An answer whose class is `backend-unreachable`, with what was probed (a tool or prompt name, already quoted). */
export interface Unreachable {
  place: string;
  outcome: Outcome;
  evidence: string;
}

/**
 * A rule's inconclusive reason for the probes that found the server's backend unreachable: how many, where, and
 * the server's own words; undefined when there were none. The tools rules and the prompt matrix say it alike.
 */
export function unreachableNote(unreachable: readonly Unreachable[], what: string): string | undefined {
  const first = unreachable[0];
  if (first === undefined) return undefined;
  const places = [...new Set(unreachable.map((entry) => entry.place))];
  const said = [...new Set(unreachable.map((entry) => answerOf(entry.outcome).said ?? entry.evidence))];
  return (
    `no verdict for ${unreachable.length} ${what} to ${places.slice(0, 5).join(', ')}${places.length > 5 ? ` and ${places.length - 5} more` : ''}: ` +
    `the server's backend was unreachable (${first.evidence}; it said ${JSON.stringify(said[0]!.slice(0, 100))}${said.length > 1 ? ` and ${said.length - 1} other answers` : ''})`
  );
}

/** What shows the server's backend was unreachable in an answer (a result or an error), if anything does. */
export function unreachableEvidence(outcome: Outcome): string | undefined {
  const words = wordsOf(outcome);
  return words === undefined ? undefined : firstMatch(UNREACHABLE, words);
}

export function isErrorResult(result: unknown): boolean {
  return asRecord(result)?.isError === true;
}

function firstMatch(signatures: readonly Signature[], words: string): string | undefined {
  return signatures.find(([pattern]) => pattern.test(words))?.[1];
}

/** Whitespace collapsed and cut: validation dumps are pretty-printed JSON whose first line is "[". */
function oneLine(text: string): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= SAID_MAX ? chars.join('') : `${chars.slice(0, SAID_MAX - 1).join('')}…`;
}
