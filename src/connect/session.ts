/**
 * One session per server for the whole run: open the transport, do the initialize handshake under the connect
 * deadline, keep the raw initialize exchange for the protocol rules, and shut down without leaving processes behind.
 */
import type { FetchLike, Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { describeError, McpactError } from '../errors.js';
import { KNOWN_REVISIONS, MODERN_REVISION, TARGET_REVISION, type Era, type EraChoice } from '../model/spec.js';
import { RpcPeer, type Outcome, type TapBudget, type TapEntry } from './rpc.js';
import { isModernError, type Envelope } from './envelope.js';
import { ModernHttpTransport, type HttpRefusal } from './modern-http.js';
import { boundedFetch } from './bounded-fetch.js';
import { resendOnDroppedConnection } from './stale-connection.js';
import { RateLimit } from './rate-limit.js';
import { endpoint, httpFailure, statusOf } from './http-failure.js';
import { LegacySseTransport, SSE_FALLBACK_STATUSES } from './legacy-sse.js';
import { StdioTransport } from './stdio.js';
import { childEnvironment } from './child-env.js';
import { takePrestarted } from './prestart.js';
import { NO_SECRETS, type Secrets } from '../util/secrets.js';
import type { RenewingToken } from './oauth/refresh.js';

export type SessionTarget =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  /**
   * `sseFallback`: a plain `--url`, which may name a server of the legacy HTTP+SSE transport: when Streamable HTTP
   * is refused the way such a server refuses it, mcpact falls back to HTTP+SSE (connect/legacy-sse.ts).
   */
  | { kind: 'http'; url: string; headers: Record<string, string>; sseFallback?: boolean; bearer?: RenewingToken }
  /** The legacy HTTP+SSE transport of 2024-11-05: `url` is its SSE endpoint (GET). */
  | { kind: 'sse'; url: string; headers: Record<string, string>; bearer?: RenewingToken }
  /** An already-linked transport, for in-process tests. */
  | { kind: 'memory'; transport: Transport };

export interface SessionOptions {
  connectMs: number;
  clientVersion: string;
  /** Called with each stderr line of a stdio server (for --verbose). */
  onStderrLine?: (line: string) => void;
  /** Protocol version offered in initialize (default: the revision mcpact targets). */
  protocolVersion?: string;
  /** Every message both ways, as it passes (for --trace; bounded, see rpc.ts TAP_LIMITS). */
  onTap?: (entry: TapEntry) => void;
  /** What counts toward the tap's bounds: shared by the session and the connection of bad input of one server. */
  tapBudget?: TapBudget;
  /** Ends the handshake early (mcpact was told to stop). */
  interrupt?: AbortSignal;
  /** Called once the handshake succeeded, before the session is returned (the runner starts probe children then). */
  onHandshake?: (session: Session) => void;
  /**
   * Which era to speak (default `legacy`, the initialize handshake): `modern` sends `server/discover` with the
   * 2026-07-28 envelope and requires it to succeed; `auto` probes with it and falls back to initialize as
   * 2026-07-28 basic/versioning#backward-compatibility-with-initialization-based-versions prescribes.
   */
  era?: EraChoice;
  /** Redacted from what the server says before it is cut: its error messages, stderr and stdout lines, traced excerpts. */
  secrets?: Secrets;
  /**
   * The server's rate limit (HTTP 429s, and on any transport refusals saying it throttles), shared with the probe
   * connections of the run (a fresh one when not given).
   */
  rateLimit?: RateLimit;
}

/** The modern opening: the `server/discover` request mcpact sent (its envelope) and what came back. */
export interface DiscoverExchange {
  envelope: Envelope;
  outcome: Outcome;
}

export interface InitializeExchange {
  request: { protocolVersion: string; capabilities: Record<string, unknown>; clientInfo: { name: string; version: string } };
  outcome: Outcome;
}

export interface Session {
  readonly target: SessionTarget['kind'];
  readonly peer: RpcPeer;
  /** The era the session speaks: every request of a modern session carries the `_meta` envelope. */
  readonly era: Era;
  /** The initialize exchange (legacy sessions only). */
  readonly initialize?: InitializeExchange;
  /** The server/discover exchange: the opening of a modern session, or the probe an `auto` session fell back from. */
  readonly discover?: DiscoverExchange;
  /** The stdio transport, when there is one (stderr, foreign lines, exit status). */
  readonly stdio?: StdioTransport;
  /** Caps mcpact hit on what the server sent (an HTTP body or SSE event too large), one line each. */
  readonly capsHit: readonly string[];
  close(): Promise<void>;
}

export async function openSession(target: SessionTarget, options: SessionOptions): Promise<Session> {
  const session = await openEither(target, options);
  options.onHandshake?.(session);
  return session;
}

/** The connect deadline, from now, ended early by an interrupt. */
function freshDeadline(options: SessionOptions): AbortSignal {
  return options.interrupt ? AbortSignal.any([AbortSignal.timeout(options.connectMs), options.interrupt]) : AbortSignal.timeout(options.connectMs);
}

async function openEither(target: SessionTarget, given: SessionOptions): Promise<Session> {
  // Every session waits out its server's throttling (HTTP 429, or a JSON-RPC refusal saying so), shared or its own.
  const options = given.rateLimit === undefined ? { ...given, rateLimit: new RateLimit() } : given;
  const deadline = freshDeadline(options);
  if (target.kind === 'sse') return openSse(target, options, deadline);
  if (target.kind !== 'http' || target.sseFallback !== true) return openStreamable(target, options, deadline);
  try {
    return await openStreamable(target, options, deadline);
  } catch (error) {
    if (!(error instanceof StreamableRefused)) throw error;
    return openSseFallback(target, options, deadline, error);
  }
}

async function openStreamable(target: SessionTarget, options: SessionOptions, deadline: AbortSignal): Promise<Session> {
  const choice = options.era ?? 'legacy';
  if (choice !== 'legacy' && target.kind === 'http') {
    const modern = await openModernHttp(target, options, deadline);
    if (modern.session) return modern.session;
    return openLegacy(target, options, deadline, modern.probe);
  }
  return openLegacy(target, options, deadline);
}

/**
 * A Streamable HTTP initialize refused with one of SSE_FALLBACK_STATUSES, on a target that may fall back to HTTP+SSE:
 * the error mcpact reports when the fallback finds no SSE stream either.
 */
class StreamableRefused extends McpactError {
  constructor(
    readonly status: number,
    failure: McpactError,
  ) {
    super(failure.kind, failure.message, failure.details);
  }
}

/** The GET of an HTTP+SSE session opened no SSE stream (a status, a content type, a refused connection). */
class NoSseStream extends McpactError {}

/**
 * HTTP+SSE speaks the initialize era only (2026-07-28 has no such transport, and no server/discover over it), so
 * `auto` goes straight to initialize and `modern` is refused.
 */
function openSse(target: Extract<SessionTarget, { kind: 'sse' }>, options: SessionOptions, deadline: AbortSignal): Promise<Session> {
  if (options.era === 'modern') {
    throw new McpactError(
      'config',
      'the HTTP+SSE transport (2024-11-05) carries the initialize era only: --protocol-era modern (protocol_era: modern) needs a Streamable HTTP server',
    );
  }
  return openLegacy(target, { ...options, era: 'legacy' }, deadline);
}

/**
 * 2025-11-25 basic/transports#backwards-compatibility (quoted at SSE_FALLBACK_STATUSES): Streamable HTTP was refused,
 * so GET the same URL and expect an SSE stream whose first event is `endpoint`. Without one the server is neither:
 * the Streamable HTTP refusal is what mcpact reports, with what the GET got under it.
 */
async function openSseFallback(
  target: Extract<SessionTarget, { kind: 'http' }>,
  options: SessionOptions,
  deadline: AbortSignal,
  refused: StreamableRefused,
): Promise<Session> {
  try {
    return await openLegacy(
      { kind: 'sse', url: target.url, headers: target.headers, ...(target.bearer && { bearer: target.bearer }) },
      { ...options, era: 'legacy' },
      deadline,
    );
  } catch (error) {
    if (!(error instanceof NoSseStream)) throw error;
    throw new McpactError('connection', refused.message, [
      ...refused.details,
      `no HTTP+SSE stream there either (the 2024-11-05 transport's fallback): ${error.message}`,
    ]);
  }
}

/** What mcpact sends in the modern era's envelope. */
function envelopeOf(options: SessionOptions): Envelope {
  return { protocolVersion: MODERN_REVISION, clientVersion: options.clientVersion };
}

/**
 * How long the era probe waits in silence for `server/discover` before taking the silence for a legacy server
 * (stdio #backward-compatibility: "does not respond within a reasonable timeout"): half the connect deadline.
 */
function probeMs(options: SessionOptions): number {
  return Math.max(1, Math.floor(options.connectMs / 2));
}

/**
 * The probe's silence window of a stdio server counts from its first byte (stdout or stderr), not from the
 * request: a server that takes seconds to start (a JVM, a first `uvx` or `go run`) has not been silent, it has not
 * been there. Until that first byte the probe waits up to the whole connect deadline.
 */
function silenceAfterFirstOutput(stdio: StdioTransport, ms: number): AbortSignal {
  const controller = new AbortController();
  void stdio.firstOutput.then(() => setTimeout(() => controller.abort(), ms).unref());
  return controller.signal;
}

/** What the `server/discover` probe says about the server (stdio: basic/transports/stdio#backward-compatibility). */
type Verdict = { era: 'modern' } | { era: 'legacy' } | { era: 'refused'; why: string };

function judgeProbe(outcome: Outcome, modernError: { code: unknown; message: unknown; data?: unknown } | undefined, secrets: Secrets): Verdict {
  if (outcome.kind === 'result') {
    const result = outcome.result;
    if (typeof result !== 'object' || result === null || Array.isArray(result)) return { era: 'legacy' };
    const supported = (result as Record<string, unknown>).supportedVersions;
    // A DiscoverResult that lists versions without mcpact's modern one: legacy if it lists one mcpact speaks.
    if (Array.isArray(supported) && !supported.includes(MODERN_REVISION)) {
      if (supported.some((version) => (KNOWN_REVISIONS as readonly unknown[]).includes(version))) return { era: 'legacy' };
      return {
        era: 'refused',
        why: `the server supports ${versionList(supported, secrets)}; mcpact speaks ${MODERN_REVISION} and ${KNOWN_REVISIONS.join(', ')}`,
      };
    }
    return { era: 'modern' };
  }
  // A recognized modern error: the server is modern and refused the request; falling back is not allowed.
  if (modernError && isModernError(modernError.code)) {
    const supported = (modernError.data as Record<string, unknown> | undefined)?.supported;
    const detail = Array.isArray(supported) ? ` (it supports ${versionList(supported, secrets)})` : '';
    return {
      era: 'refused',
      why: `server/discover failed with modern JSON-RPC error ${oneLine(String(modernError.code), secrets, 40)}: ${oneLine(String(modernError.message), secrets)}${detail}`,
    };
  }
  // Any other error, or no answer in time: a legacy server (the fallback is keyed to no particular code).
  return { era: 'legacy' };
}

function versionList(versions: unknown[], secrets: Secrets): string {
  return (
    versions
      .slice(0, 10)
      .map((version) => oneLine(String(version), secrets, 40))
      .join(', ') || '(none)'
  );
}

/** What kept refusing a request that was given up as rate limited: HTTP 429, or the server's words. */
function throttledWords(outcome: Outcome & { kind: 'timeout' }, secrets: Secrets): string {
  return outcome.throttled === undefined
    ? 'HTTP 429 Too Many Requests'
    : `a refusal saying it throttles (${JSON.stringify(oneLine(outcome.throttled, secrets, 120))})`;
}

function errorOf(outcome: Outcome): { code: unknown; message: unknown; data?: unknown } | undefined {
  return outcome.kind === 'error' ? outcome : undefined;
}

async function openLegacy(target: SessionTarget, options: SessionOptions, deadline: AbortSignal, httpProbe?: DiscoverExchange): Promise<Session> {
  const choice = options.era ?? 'legacy';
  const capsHit: string[] = [];
  const onCap = (message: string) => {
    if (!capsHit.includes(message)) capsHit.push(message);
  };
  const { transport, stdio, envNames } = await createTransport(target, options, onCap);
  const secrets = options.secrets ?? NO_SECRETS;
  const peer = new RpcPeer(transport, {
    onTap: options.onTap,
    tapBudget: options.tapBudget,
    secrets,
    rateLimit: options.rateLimit,
    loneAnonymousAnswers: true,
    ordered: stdio !== undefined,
  });
  const close = async () => {
    if (transport instanceof StdioTransport) return transport.close();
    if (target.kind === 'http') await terminateHttpSession(transport);
    await transport.close().catch(() => undefined);
  };
  let initializeDeadline = deadline;
  const url = target.kind === 'http' || target.kind === 'sse' ? target.url : undefined;
  try {
    if (transport instanceof LegacySseTransport) await startSse(transport, peer, deadline, options.connectMs, secrets);
    else await raceDeadline(peer.start(), deadline, options.connectMs);
    let discover = httpProbe;
    // The probe's answer when it came after its window closed (a slow start that logged early), with its envelope.
    let late: { envelope: Envelope; outcome?: Outcome } | undefined;
    // stdio and in-memory: the probe goes first on the same connection; a legacy server then gets initialize.
    if (choice !== 'legacy' && discover === undefined) {
      const envelope = envelopeOf(options);
      late = { envelope };
      const takeLate = (outcome: Outcome) => (late!.outcome = outcome);
      peer.useEnvelope(envelope);
      // Over stdio the probe may take the whole deadline (a slow start), so initialize then gets one of its own.
      const probe =
        choice === 'modern'
          ? { timeoutMs: options.connectMs, signal: deadline }
          : stdio
            ? {
                timeoutMs: options.connectMs,
                signal: AbortSignal.any([deadline, silenceAfterFirstOutput(stdio, probeMs(options))]),
                onLate: takeLate,
              }
            : { timeoutMs: probeMs(options), signal: deadline, onLate: takeLate };
      const outcome = await peer.request('server/discover', {}, probe);
      discover = { envelope, outcome };
      const verdict = judgeProbe(outcome, errorOf(outcome), secrets);
      if (verdict.era === 'modern' || choice === 'modern') {
        failUnlessDiscovered(outcome, verdict, options.connectMs, stdio, peer.lastError, capsHit, secrets);
        return { target: target.kind, peer, era: 'modern', discover, stdio, capsHit, close };
      }
      if (verdict.era === 'refused') throw new McpactError('connection', verdict.why, stdio ? stderrDetails(stdio) : []);
      if (outcome.kind === 'closed') {
        await stdio?.settle(EXIT_SETTLE_MS);
        throw new McpactError('connection', `server closed the connection before answering server/discover${exitSuffix(stdio)}`, [
          ...(stdio ? stderrDetails(stdio) : []),
          ...environmentNote(envNames),
          'server/discover is the era probe (--protocol-era auto); a server that exits on any first request but initialize needs --protocol-era legacy',
        ]);
      }
      peer.useEnvelope(undefined);
      if (stdio) initializeDeadline = freshDeadline(options);
    }
    const request = {
      protocolVersion: options.protocolVersion ?? TARGET_REVISION,
      capabilities: {},
      clientInfo: { name: 'mcpact', version: options.clientVersion },
    };
    const outcome = await peer.request('initialize', request, { timeoutMs: options.connectMs, signal: initializeDeadline });
    // Slow is not silent: a modern server that answered server/discover after the probe's window, and then refused
    // initialize (or has not answered it), is a modern server, as if it had answered in time.
    if (late !== undefined && outcome.kind !== 'result') {
      const answer =
        late.outcome ??
        (outcome.kind === 'error' && isModernError(outcome.code) ? await rediscover(peer, late.envelope, options, initializeDeadline) : undefined);
      if (answer !== undefined && judgeProbe(answer, errorOf(answer), secrets).era === 'modern') {
        peer.useEnvelope(late.envelope);
        return { target: target.kind, peer, era: 'modern', discover: { envelope: late.envelope, outcome: answer }, stdio, capsHit, close };
      }
    }
    if (outcome.kind === 'closed') await stdio?.settle(EXIT_SETTLE_MS);
    const failure = initializeFailure(outcome, options.connectMs, stdio, peer.lastError, capsHit, secrets, envNames, url);
    if (failure !== undefined) throw refusedOverStreamable(target, peer.lastError, failure);
    const result = (outcome as { result: Record<string, unknown> }).result;
    if (typeof result.protocolVersion === 'string' && 'setProtocolVersion' in transport) {
      (transport as { setProtocolVersion(version: string): void }).setProtocolVersion(result.protocolVersion);
    }
    await peer.notify('notifications/initialized');
    return { target: target.kind, peer, era: 'legacy', initialize: { request, outcome }, ...(discover && { discover }), stdio, capsHit, close };
  } catch (error) {
    await close();
    throw asConnectionError(error, secrets, stdio);
  }
}

/** server/discover once more, with its envelope: after initialize was refused with an error of the modern era. */
async function rediscover(peer: RpcPeer, envelope: Envelope, options: SessionOptions, deadline: AbortSignal): Promise<Outcome> {
  peer.useEnvelope(envelope);
  const outcome = await peer.request('server/discover', {}, { timeoutMs: options.connectMs, signal: deadline });
  peer.useEnvelope(undefined);
  return outcome;
}

/** Opens the SSE stream and waits for its `endpoint` event, under the connect deadline; each failure in one line. */
async function startSse(transport: LegacySseTransport, peer: RpcPeer, deadline: AbortSignal, connectMs: number, secrets: Secrets): Promise<void> {
  try {
    await raceDeadline(peer.start(), deadline, connectMs);
  } catch (error) {
    // The refusal quotes the server (the origin it named, its event's name): redacted like all server text.
    if (transport.refusal !== undefined) throw new McpactError('connection', secrets.text(transport.refusal));
    const where = endpoint(transport.url.href);
    if (!transport.streamed) {
      throw new NoSseStream('connection', transport.failure(secrets) ?? `cannot open an SSE stream at ${where}: ${oneLine(describeError(error), secrets)}`);
    }
    if (error instanceof McpactError) {
      throw new McpactError('connection', `GET ${where} opened an SSE stream, but no endpoint event came within ${connectMs} ms (timeouts.connect_ms)`);
    }
    throw new McpactError('connection', `the SSE stream at ${where} ended before its endpoint event: ${oneLine(describeError(error), secrets)}`);
  }
}

/**
 * A Streamable HTTP initialize refused with one of SSE_FALLBACK_STATUSES: on a plain --url the cue to fall back to
 * HTTP+SSE; on a target named http, the failure with a hint that the server may speak that transport.
 */
function refusedOverStreamable(target: SessionTarget, error: Error | undefined, failure: McpactError): McpactError {
  if (target.kind !== 'http' || error === undefined) return failure;
  const status = statusOf(error);
  if (status === undefined || !SSE_FALLBACK_STATUSES.includes(status)) return failure;
  if (target.sseFallback === true) return new StreamableRefused(status, failure);
  return new McpactError(failure.kind, failure.message, [
    ...failure.details,
    'a server of the legacy HTTP+SSE transport (2024-11-05) needs --transport sse (transport: sse in a config)',
  ]);
}

/**
 * Over HTTP the era probe is a modern POST of its own (basic/transports/streamable-http#backward-compatibility):
 * a DiscoverResult or a recognized modern error means a modern server; any other answer (a 4xx without a modern
 * error in its body, silence) a legacy one, which then gets a session of the SDK's transport.
 */
async function openModernHttp(
  target: Extract<SessionTarget, { kind: 'http' }>,
  options: SessionOptions,
  deadline: AbortSignal,
): Promise<{ session?: Session; probe?: DiscoverExchange }> {
  const capsHit: string[] = [];
  const onCap = (message: string) => {
    if (!capsHit.includes(message)) capsHit.push(message);
  };
  const choice = options.era ?? 'legacy';
  const transport = new ModernHttpTransport(parseUrl(target.url), target.headers, boundedFetch(onCap, undefined, serverFetch(target, options)) as typeof fetch);
  const envelope = envelopeOf(options);
  const secrets = options.secrets ?? NO_SECRETS;
  const peer = new RpcPeer(transport, {
    onTap: options.onTap,
    tapBudget: options.tapBudget,
    envelope,
    secrets,
    rateLimit: options.rateLimit,
    loneAnonymousAnswers: true,
  });
  const close = () => transport.close();
  try {
    await peer.start();
    // Over HTTP an answer, not silence, tells the eras apart (a 4xx without a modern error): the probe may take the
    // whole connect deadline, as an initialize would.
    const outcome = await peer.request('server/discover', {}, { timeoutMs: options.connectMs, signal: deadline });
    // An answer too large to read (a body or an SSE event past the cap) is a hostile server: no fallback either.
    if (capsHit.length > 0) throw new McpactError('connection', `could not read the answer to server/discover: ${capsHit.join('; ')}`);
    const refusal = transport.lastRefusal?.body as Record<string, unknown> | undefined;
    const refusedWith = errorOf(outcome) ?? (refusal && typeof refusal.error === 'object' && refusal.error !== null ? (refusal.error as never) : undefined);
    const verdict = judgeProbe(outcome, refusedWith, secrets);
    if (verdict.era === 'modern' || choice === 'modern') {
      failUnlessDiscovered(outcome, verdict, options.connectMs, undefined, peer.lastError, capsHit, secrets, transport.lastRefusal, target.url);
      return { session: { target: 'http', peer, era: 'modern', discover: { envelope, outcome }, capsHit, close } };
    }
    await close();
    if (verdict.era === 'refused') throw new McpactError('connection', verdict.why);
    return { probe: { envelope, outcome } };
  } catch (error) {
    await close();
    throw asConnectionError(error, secrets);
  }
}

function parseUrl(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw new McpactError('config', `invalid server URL: ${url}`);
  }
}

function failUnlessDiscovered(
  outcome: Outcome,
  verdict: Verdict,
  connectMs: number,
  stdio: StdioTransport | undefined,
  transportError: Error | undefined,
  capsHit: readonly string[],
  secrets: Secrets,
  refusal?: HttpRefusal,
  url?: string,
): void {
  const details = [...(stdio ? stderrDetails(stdio) : []), ...capsHit];
  if (verdict.era === 'refused') throw new McpactError('connection', verdict.why, details);
  // An HTTP error without a modern error in it: the server answered, and what it answered is the legacy era's.
  if (outcome.kind === 'closed' && refusal !== undefined) throw new McpactError('connection', refusedOverHttp(refusal, secrets), details);
  switch (outcome.kind) {
    case 'result':
      if (verdict.era === 'modern') return;
      throw new McpactError('connection', 'server/discover returned a result that is not an object (--protocol-era modern)', details);
    case 'error':
      throw new McpactError(
        'connection',
        `server/discover failed with JSON-RPC error ${oneLine(String(outcome.code), secrets, 40)}: ${oneLine(String(outcome.message), secrets)} (--protocol-era modern; a server of the initialize era needs auto or legacy)`,
        details,
      );
    case 'timeout':
      throw new McpactError('connection', `server did not answer server/discover within ${connectMs} ms (timeouts.connect_ms)`, details);
    case 'closed':
      throw new McpactError(
        'connection',
        httpReason(url, transportError, secrets) ??
          `server closed the connection before answering server/discover${exitSuffix(stdio)}${errorSuffix(stdio, transportError, secrets)}`,
        details,
      );
    case 'malformed':
      throw new McpactError('connection', 'server answered server/discover with neither a result nor an error', details);
  }
}

function refusedOverHttp(refusal: HttpRefusal, secrets: Secrets): string {
  const body = refusal.body as Record<string, unknown> | undefined;
  const error = typeof body?.error === 'object' && body.error !== null ? (body.error as Record<string, unknown>) : undefined;
  const rpc = error ? ` and JSON-RPC error ${oneLine(String(error.code), secrets, 40)}: ${oneLine(String(error.message), secrets)}` : '';
  return `server/discover was refused with HTTP ${refusal.status}${rpc}, not an error of ${MODERN_REVISION}: the server speaks the initialize era (--protocol-era modern; such a server needs auto or legacy)`;
}

async function createTransport(
  target: SessionTarget,
  options: SessionOptions,
  onCap: (message: string) => void,
): Promise<{ transport: Transport; stdio?: StdioTransport; envNames?: string[] }> {
  if (target.kind === 'memory') return { transport: target.transport };
  if (target.kind === 'sse') {
    const legacy = { headers: target.headers, rateLimit: options.rateLimit, onCap, ...(target.bearer && { bearer: target.bearer }) };
    return { transport: await LegacySseTransport.create(parseUrl(target.url), legacy) };
  }
  if (target.kind === 'stdio') {
    const env = childEnvironment(target.env);
    const launched = takePrestarted(target);
    const stdio = new StdioTransport({
      command: target.command,
      args: target.args,
      env,
      cwd: target.cwd,
      onStderrLine: options.onStderrLine,
      launched,
      secrets: options.secrets,
    });
    return { transport: stdio, stdio, envNames: Object.keys(env).sort() };
  }
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
  let url: URL;
  try {
    url = new URL(target.url);
  } catch {
    throw new McpactError('config', `invalid server URL: ${target.url}`);
  }
  // The SDK follows redirects only within the same origin, so headers (and tokens in them) never go elsewhere.
  // It reads bodies whole: the fetch it gets caps them (connect/bounded-fetch.ts).
  return {
    transport: new StreamableHTTPClientTransport(url, {
      requestInit: { headers: target.headers },
      fetch: boundedFetch(onCap, undefined, serverFetch(target, options)),
    }),
  };
}

/**
 * What an HTTP request to the server goes through under the cap: the run's token renewed when it expires, 429s
 * waited out, a request an idle connection dropped sent again (connect/stale-connection.ts).
 */
function serverFetch(target: { bearer?: RenewingToken }, options: SessionOptions): FetchLike {
  const resent = resendOnDroppedConnection();
  const limited = options.rateLimit?.fetch(resent) ?? resent;
  return target.bearer?.fetch(limited) ?? limited;
}

/** How long a server that closed the connection during initialize gets to report its exit code. */
const EXIT_SETTLE_MS = 500;

/** Why initialize did not open the session, or undefined when it did. */
function initializeFailure(
  outcome: Outcome,
  connectMs: number,
  stdio: StdioTransport | undefined,
  transportError: Error | undefined,
  capsHit: readonly string[],
  secrets: Secrets,
  envNames?: string[],
  url?: string,
): McpactError | undefined {
  const stderr = [...(stdio ? stderrDetails(stdio) : []), ...capsHit];
  switch (outcome.kind) {
    case 'result':
      if (typeof outcome.result === 'object' && outcome.result !== null && !Array.isArray(outcome.result)) return undefined;
      return new McpactError('connection', 'initialize returned a result that is not an object', stderr);
    case 'error':
      // Server text, on one line: a newline in it would start a line of the server's choosing.
      return new McpactError(
        'connection',
        `initialize failed with JSON-RPC error ${oneLine(String(outcome.code), secrets, 40)}: ${oneLine(String(outcome.message), secrets)}`,
        stderr,
      );
    case 'timeout':
      if (outcome.rateLimited === true)
        return new McpactError('connection', `the server kept answering initialize with ${throttledWords(outcome, secrets)} until mcpact had to stop waiting`, [
          'try again later, or give the run more time (timeouts.run_ms)',
        ]);
      return new McpactError('connection', `server did not answer initialize within ${connectMs} ms (timeouts.connect_ms)`, stderr);
    case 'closed':
      return new McpactError(
        'connection',
        httpReason(url, transportError, secrets) ??
          `server closed the connection before answering initialize${exitSuffix(stdio)}${errorSuffix(stdio, transportError, secrets)}`,
        [...stderr, ...environmentNote(envNames)],
      );
    case 'malformed':
      return new McpactError('connection', 'server answered initialize with neither a result nor an error', stderr);
  }
}

/** Over HTTP, the status the server answered with or the refused connect, instead of "closed the connection". */
function httpReason(url: string | undefined, error: Error | undefined, secrets: Secrets): string | undefined {
  return url === undefined ? undefined : httpFailure(error, url, secrets);
}

/** Over HTTP, what the transport said (a status and its body, a redirect not followed), cut short: it is server text. */
function errorSuffix(stdio: StdioTransport | undefined, error: Error | undefined, secrets: Secrets): string {
  if (stdio || !error) return '';
  return `: ${oneLine(describeError(error), secrets)}`;
}

/** Server text for an error message: one line, cut at 200 characters, its secrets redacted before the cut. */
function oneLine(text: string, secrets: Secrets, max = 200): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${secrets.head(flat, max)}…` : secrets.text(flat);
}

/**
 * A stdio server that exits during start-up often lacks a variable: say which ones it got (names only, never
 * values) and how to give it more, since nothing of mcpact's own environment is passed on.
 */
function environmentNote(names: string[] | undefined): string[] {
  if (names === undefined) return [];
  return [
    `the server got only these environment variables: ${names.length > 0 ? names.join(', ') : '(none)'}`,
    'pass more with -e KEY=VALUE or --env-file FILE (or env: in the config); mcpact does not pass on its own environment',
  ];
}

function exitSuffix(stdio?: StdioTransport): string {
  if (!stdio) return '';
  if (stdio.exitCode !== null) return ` (exit code ${stdio.exitCode})`;
  if (stdio.exitSignal !== null) return ` (killed by ${stdio.exitSignal})`;
  return '';
}

function stderrDetails(stdio: StdioTransport): string[] {
  const lines = stdio.stderrLines().slice(-10);
  return lines.length > 0 ? ['last lines of the server stderr:', ...lines.map((line) => `  ${line}`)] : [];
}

function asConnectionError(error: unknown, secrets: Secrets, stdio?: StdioTransport): McpactError {
  if (error instanceof McpactError) return error;
  // What failed may quote the server: fetch names the header value it refused (a protocolVersion it sent).
  return new McpactError('connection', `cannot connect: ${oneLine(describeError(error), secrets)}`, stdio ? stderrDetails(stdio) : [], { cause: error });
}

async function raceDeadline<T>(work: Promise<T>, signal: AbortSignal, ms: number): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      const fail = () => reject(new McpactError('connection', `could not connect within ${ms} ms (timeouts.connect_ms)`));
      if (signal.aborted) fail();
      else signal.addEventListener('abort', fail, { once: true });
    }),
  ]);
}

async function terminateHttpSession(transport: Transport): Promise<void> {
  if (!('terminateSession' in transport) || transport.sessionId === undefined) return;
  // A server that does not support DELETE (405) or is gone already is not our concern at shutdown.
  const terminate = (transport as { terminateSession(): Promise<void> }).terminateSession().catch(() => undefined);
  await Promise.race([terminate, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
}
