/**
 * The bad input two rules judge each: a line that is not JSON (stdio/parse-error judges its answer), each invalid
 * JSON-RPC request (stdio/invalid-request), and whether a valid ping is still answered after it
 * (stdio/survives-bad-line). Each exchange is made once per server, through the run cache, on the shared child.
 *
 * No exchange guesses from the order of answers (a server may answer in any order): an answer carries the id of
 * the request it answers, or `id: null` when the server could not read one. Silence is silence once a ping sent
 * after the bad input has been answered and the grace of graceAfter() is over: GRACE_PINGS more pings, each sent
 * once the one before it was answered, and at least GRACE_ROUND_TRIPS round trips of the first (at least
 * GRACE_MIN_MS, at most call_ms). A server that answers the ping has read the bad input before or beside it; one
 * that then answers pings one after another has been through its read loop that many more times, which is what an
 * answer queued behind the ping's needs, however slow the machine (a fixed wait is not: a loaded machine stretches
 * a server's turns, not the clock). Waiting call_ms for every silent server would make each run tens of seconds
 * slower. A server that answers neither is waited for until call_ms.
 *
 * All three go in one step first, behind one ping, so that their graces are one wait instead of three. That batch
 * stands only when every answer is its own beyond doubt: answers with a request's id always are, and an `id: null`
 * answer is when only one input lacks an answer with its id. Otherwise (two inputs without an answer of their own
 * and an `id: null` answer between them, or a ping after the batch that got no answer, which hides the input that
 * broke the server) each input gets a step of its own on a fresh child, exactly as if there had been no batch.
 */
import type { Outcome } from '../../connect/rpc.js';
import type { StdioConnection, StdioProbe } from '../../connect/transport-probe.js';
import { cacheKey, type RunCache } from '../../util/run-cache.js';
import { isRecord } from '../../util/json.js';
import { anonymousError, initialized } from './shared.js';

/** A request cut off mid-object: not JSON at all. */
export const MALFORMED_LINE = '{"jsonrpc": "2.0", "id": "mcpact-parse-error", "method": "ping"';

/** Requests a JSON-RPC 2.0 server must refuse: the wrong version, and params that are not a structured value. */
export const INVALID_REQUESTS = [
  { what: 'a request with "jsonrpc": "1.0"', message: { jsonrpc: '1.0', id: 900_001, method: 'ping' }, accepted: [-32600] },
  // -32602 (invalid params) is an honest answer too: the request is well-formed apart from its params.
  {
    what: 'a request whose params are a string',
    message: { jsonrpc: '2.0', id: 900_002, method: 'ping', params: 'not an object' },
    accepted: [-32600, -32602],
  },
] as const;

/** The wait for an answer to bad input after the following ping was answered, in round trips of that ping. */
export const GRACE_ROUND_TRIPS = 10;
export const GRACE_MIN_MS = 50;
/** The pings sent one after another, once the ping behind the bad input was answered, before silence is silence. */
export const GRACE_PINGS = 3;

export interface Answer {
  outcome: Outcome;
  /** The response as it came. */
  response?: Record<string, unknown>;
}

export interface BadInputExchange {
  /** What was sent, in words: "a line that is not valid JSON". */
  what: string;
  sent: unknown;
  /** The answer to it (with its id, or an error with `id: null`); undefined when none came within call_ms. */
  answer?: Answer;
  /**
   * A valid ping sent right after it (tried twice, like every request that decides a verdict), or `unjudged` when
   * a ping sent before it got no answer either: then silence afterwards says nothing about the bad input.
   */
  after: Outcome | 'unjudged';
}

/** Either the exchange, or why it could not be made (the fresh child did not initialize). */
export type Exchange = BadInputExchange | { skipped: string };

const BATCH_KEY = cacheKey<Promise<Exchange[] | undefined>>('stdio: every bad input in one step');
const MALFORMED_KEY = cacheKey<Promise<Exchange>>('stdio: a line that is not JSON');
const INVALID_KEYS = INVALID_REQUESTS.map((probe) => cacheKey<Promise<Exchange>>(`stdio: ${probe.what}`));

/** The malformed line and what followed it. */
export function malformedLine(transport: StdioProbe, cache: RunCache): Promise<Exchange> {
  // batch() is asked for before the first await, so its step joins the turn of the other probes' steps.
  const batched = batch(transport, cache);
  return cache.once(MALFORMED_KEY, async () => (await batched)?.[0] ?? singleMalformedLine(transport));
}

/** Each invalid request and what followed it, in the order of INVALID_REQUESTS. */
export function invalidRequests(transport: StdioProbe, cache: RunCache): Promise<Exchange>[] {
  const batched = batch(transport, cache);
  return INVALID_REQUESTS.map((_, index) =>
    cache.once(INVALID_KEYS[index]!, async () => (await batched)?.[index + 1] ?? singleInvalidRequest(transport, index)),
  );
}

function batch(transport: StdioProbe, cache: RunCache): Promise<Exchange[] | undefined> {
  return cache.once(BATCH_KEY, () => transport.shared('initialized', batchExchange));
}

/**
 * Every bad input at once, behind one ping: the exchanges in the order malformed line, then INVALID_REQUESTS; or
 * undefined when an answer cannot be told to be one input's, or silence after the batch cannot be pinned on one.
 */
async function batchExchange(connection: StdioConnection): Promise<Exchange[] | undefined> {
  const failed = await initialized(connection);
  if (failed) return [failed, ...INVALID_REQUESTS.map(() => failed)].map((skipped) => ({ skipped }));
  const before = await connection.ping();
  const stop = new AbortController();
  const anonymous: Record<string, unknown>[] = [];
  const own: (Answer | undefined)[] = INVALID_REQUESTS.map(() => undefined);
  let pending: number = INVALID_REQUESTS.length;
  // Every input accounted for (each request its own answer, the malformed line an `id: null` one): no grace needed.
  const check = () => {
    if (pending === 0 && own.every((answer) => answer !== undefined) && anonymous.length >= 1) stop.abort();
  };
  const collected = (async () => {
    for (;;) {
      const message = await connection.nextUnmatched(anonymousError, stop.signal);
      if (message === undefined) return;
      anonymous.push(message);
      check();
    }
  })();
  await connection.sendLine(MALFORMED_LINE);
  const answers = INVALID_REQUESTS.map(async (probe, index) => {
    try {
      const answer = await connection.sendRaw(probe.message);
      if (answered(answer.outcome)) own[index] = answer;
    } finally {
      // A failed write is no answer; it must not leave the batch waiting, nor reject where nobody listens.
      pending--;
      check();
    }
  });
  // Handled at once: a rejection while the batch waits would otherwise count as unhandled.
  void Promise.allSettled(answers);
  const after = connection.ping();
  void after.then((outcome) => {
    // No answer to the ping: nothing tells silence from a server that stopped reading, so the batch waits no longer.
    if (!answered(outcome)) return stop.abort();
    void graceAfter(connection, before, outcome, stop.signal).then(() => stop.abort());
  });
  // Direct answers that come after the grace are not in time (as with one input alone); their waits end on their own.
  if (!stop.signal.aborted) await new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve(), { once: true }));
  await collected;
  const afterOutcome = await after;
  const judged = answered(before);
  // The ping after the batch went unanswered: which input stopped the server, only inputs one at a time can tell.
  if (judged && !answered(afterOutcome)) return undefined;
  const withoutOwn = 1 + own.filter((answer) => answer === undefined).length;
  if (anonymous.length > 1 || (anonymous.length === 1 && withoutOwn > 1)) return undefined;
  const ping: Outcome | 'unjudged' = judged ? afterOutcome : 'unjudged';
  const malformed = anonymous[0] && { outcome: anonymousOutcome(anonymous[0]), response: anonymous[0] };
  return [
    { what: 'a line that is not valid JSON', sent: MALFORMED_LINE, answer: malformed, after: ping },
    ...INVALID_REQUESTS.map((probe, index): BadInputExchange => ({ what: probe.what, sent: probe.message, answer: own[index], after: ping })),
  ];
}

/** The malformed line alone, on a child of its own turn: after a batch that could not stand. */
function singleMalformedLine(transport: StdioProbe): Promise<Exchange> {
  return transport.shared('initialized', (connection) =>
    exchange(connection, 'a line that is not valid JSON', MALFORMED_LINE, async (stop) => {
      const anonymous = connection.nextUnmatched(anonymousError, stop);
      await connection.sendLine(MALFORMED_LINE);
      const response = await anonymous;
      return response === undefined ? undefined : { outcome: anonymousOutcome(response), response };
    }),
  );
}

/** One invalid request alone, on a child of its own turn: after a batch that could not stand. */
function singleInvalidRequest(transport: StdioProbe, index: number): Promise<Exchange> {
  const probe = INVALID_REQUESTS[index]!;
  return transport.shared('initialized', (connection) =>
    exchange(connection, probe.what, probe.message, async (stop) => {
      // Once this request has its answer, the wait for an anonymous one must not take an answer meant for another.
      let answered = false;
      const anonymous = connection.nextUnmatched((message) => !answered && anonymousError(message), stop);
      const direct = connection.sendRaw(probe.message);
      const answer = await firstAnswer(direct, anonymous, stop);
      answered = true;
      return answer;
    }),
  );
}

/** Initializes, checks that a ping is answered, sends the bad input, and pings again right after it. */
async function exchange(connection: StdioConnection, what: string, sent: unknown, send: (stop: AbortSignal) => Promise<Answer | undefined>): Promise<Exchange> {
  const failed = await initialized(connection);
  if (failed) return { skipped: failed };
  const before = await connection.ping();
  const stop = new AbortController();
  const answer = send(stop.signal);
  const after = connection.ping();
  void after.then((outcome) => {
    if (answered(outcome)) void graceAfter(connection, before, outcome, stop.signal).then(() => stop.abort());
  });
  const got = await answer;
  stop.abort();
  return { what, sent, answer: got, after: answered(before) ? await after : 'unjudged' };
}

/** The answer with the request's id, or an error with `id: null`, whichever comes first; undefined when neither came. */
function firstAnswer(direct: Promise<Answer>, anonymous: Promise<Record<string, unknown> | undefined>, stop: AbortSignal): Promise<Answer | undefined> {
  return new Promise((resolve) => {
    // The grace is over: the direct answer may still come (matched by its id, never another's), but not in time.
    stop.addEventListener('abort', () => resolve(undefined), { once: true });
    let ended = 0;
    const none = () => {
      if (++ended === 2) resolve(undefined);
    };
    void direct.then((answer) => (answered(answer.outcome) ? resolve(answer) : none()));
    void anonymous.then((response) => (response === undefined ? none() : resolve({ outcome: anonymousOutcome(response), response })));
  });
}

/**
 * The grace after the ping behind the bad input was answered (`after`): resolves once GRACE_PINGS more pings, each
 * sent when the one before it was answered, are answered and GRACE_ROUND_TRIPS round trips (GRACE_MIN_MS to
 * call_ms) have passed; at call_ms at the latest, and at once when `stop` is aborted (the answer came).
 */
function graceAfter(connection: StdioConnection, before: Outcome, after: Outcome, stop: AbortSignal): Promise<void> {
  // Every answer came before the ping's: nothing to wait for (and an aborted signal would never fire `ended`).
  if (stop.aborted) return Promise.resolve();
  const roundTrip = Math.max(after.ms, answered(before) ? before.ms : 0);
  const floorMs = Math.min(connection.callMs, Math.max(GRACE_MIN_MS, GRACE_ROUND_TRIPS * roundTrip));
  const timers: ReturnType<typeof setTimeout>[] = [];
  const wait = (ms: number) => new Promise<void>((resolve) => timers.push(setTimeout(resolve, ms)));
  const pings = (async () => {
    for (let sent = 0; sent < GRACE_PINGS && !stop.aborted; sent++) {
      // A server that stops answering pings is waited for no longer than call_ms (the cap below).
      if (!answered(await connection.ping())) return;
    }
  })();
  const ended = new Promise<void>((resolve) => stop.addEventListener('abort', () => resolve(), { once: true }));
  const grace = Promise.race([Promise.all([wait(floorMs), pings]).then(() => undefined), wait(connection.callMs), ended]);
  return grace.finally(() => timers.forEach(clearTimeout));
}

/** The server answered (with a result, an error or neither): it did not time out or go away. */
export function answered(outcome: Outcome): boolean {
  return outcome.kind !== 'timeout' && outcome.kind !== 'closed';
}

/**
 * Why silence to bad input is no verdict of its own: the server stopped serving right after it (it exited, or
 * answered no later ping), which is stdio/survives-bad-line's finding. A missing answer is then that one cause
 * seen twice, not a second defect. Undefined when the input was answered or the server served on.
 */
export function stoppedRightAfter(exchange: BadInputExchange): string | undefined {
  if (exchange.answer !== undefined || exchange.after === 'unjudged' || answered(exchange.after)) return undefined;
  const how = exchange.after.kind === 'closed' ? 'the server closed the connection' : 'the server answered no later ping';
  return `${exchange.what} got no answer, and right after it ${how}: one cause, which stdio/survives-bad-line reports`;
}

function anonymousOutcome(response: Record<string, unknown>): Outcome {
  const error = isRecord(response.error) ? response.error : {};
  return { kind: 'error', code: error.code, message: error.message, data: error.data, ms: 0 };
}
