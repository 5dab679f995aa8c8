/**
 * One session per server for the whole run: open the transport, do the initialize handshake under the connect
 * deadline, keep the raw initialize exchange for the protocol rules, and shut down without leaving processes behind.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { describeError, McpactError } from '../errors.js';
import { TARGET_REVISION } from '../model/spec.js';
import { RpcPeer, type Outcome, type TapEntry } from './rpc.js';
import { boundedFetch } from './bounded-fetch.js';
import { StdioTransport } from './stdio.js';
import { childEnvironment } from './child-env.js';

export type SessionTarget =
  | { kind: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { kind: 'http'; url: string; headers: Record<string, string> }
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
  /** Ends the handshake early (mcpact was told to stop). */
  interrupt?: AbortSignal;
  /** Called once the handshake succeeded, before the session is returned (the runner starts probe children then). */
  onHandshake?: () => void;
}

export interface InitializeExchange {
  request: { protocolVersion: string; capabilities: Record<string, unknown>; clientInfo: { name: string; version: string } };
  outcome: Outcome;
}

export interface Session {
  readonly target: SessionTarget['kind'];
  readonly peer: RpcPeer;
  readonly initialize: InitializeExchange;
  /** The stdio transport, when there is one (stderr, foreign lines, exit status). */
  readonly stdio?: StdioTransport;
  /** Caps mcpact hit on what the server sent (an HTTP body or SSE event too large), one line each. */
  readonly capsHit: readonly string[];
  close(): Promise<void>;
}

export async function openSession(target: SessionTarget, options: SessionOptions): Promise<Session> {
  const capsHit: string[] = [];
  const onCap = (message: string) => {
    if (!capsHit.includes(message)) capsHit.push(message);
  };
  const { transport, stdio, envNames } = await createTransport(target, options, onCap);
  const peer = new RpcPeer(transport, { onTap: options.onTap });
  const close = async () => {
    if (transport instanceof StdioTransport) return transport.close();
    if (target.kind === 'http') await terminateHttpSession(transport);
    await transport.close().catch(() => undefined);
  };
  const deadline = options.interrupt ? AbortSignal.any([AbortSignal.timeout(options.connectMs), options.interrupt]) : AbortSignal.timeout(options.connectMs);
  try {
    await raceDeadline(peer.start(), deadline, options.connectMs);
    const request = {
      protocolVersion: options.protocolVersion ?? TARGET_REVISION,
      capabilities: {},
      clientInfo: { name: 'mcpact', version: options.clientVersion },
    };
    const outcome = await peer.request('initialize', request, { timeoutMs: options.connectMs, signal: deadline });
    if (outcome.kind === 'closed') await stdio?.settle(EXIT_SETTLE_MS);
    failUnlessInitialized(outcome, options.connectMs, stdio, peer.lastError, capsHit, envNames);
    const result = (outcome as { result: Record<string, unknown> }).result;
    if (typeof result.protocolVersion === 'string' && 'setProtocolVersion' in transport) {
      (transport as { setProtocolVersion(version: string): void }).setProtocolVersion(result.protocolVersion);
    }
    await peer.notify('notifications/initialized');
    options.onHandshake?.();
    return { target: target.kind, peer, initialize: { request, outcome }, stdio, capsHit, close };
  } catch (error) {
    await close();
    throw asConnectionError(error, stdio);
  }
}

async function createTransport(
  target: SessionTarget,
  options: SessionOptions,
  onCap: (message: string) => void,
): Promise<{ transport: Transport; stdio?: StdioTransport; envNames?: string[] }> {
  if (target.kind === 'memory') return { transport: target.transport };
  if (target.kind === 'stdio') {
    const env = await childEnvironment(target.env);
    const stdio = new StdioTransport({ command: target.command, args: target.args, env, cwd: target.cwd, onStderrLine: options.onStderrLine });
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
  return { transport: new StreamableHTTPClientTransport(url, { requestInit: { headers: target.headers }, fetch: boundedFetch(onCap) }) };
}

/** How long a server that closed the connection during initialize gets to report its exit code. */
const EXIT_SETTLE_MS = 500;

function failUnlessInitialized(
  outcome: Outcome,
  connectMs: number,
  stdio: StdioTransport | undefined,
  transportError: Error | undefined,
  capsHit: readonly string[],
  envNames?: string[],
): void {
  const stderr = [...(stdio ? stderrDetails(stdio) : []), ...capsHit];
  switch (outcome.kind) {
    case 'result':
      if (typeof outcome.result === 'object' && outcome.result !== null && !Array.isArray(outcome.result)) return;
      throw new McpactError('connection', 'initialize returned a result that is not an object', stderr);
    case 'error':
      // Server text, on one line: a newline in it would start a line of the server's choosing.
      throw new McpactError(
        'connection',
        `initialize failed with JSON-RPC error ${String(outcome.code).slice(0, 40)}: ${oneLine(String(outcome.message))}`,
        stderr,
      );
    case 'timeout':
      throw new McpactError('connection', `server did not answer initialize within ${connectMs} ms (timeouts.connect_ms)`, stderr);
    case 'closed':
      throw new McpactError('connection', `server closed the connection before answering initialize${exitSuffix(stdio)}${errorSuffix(stdio, transportError)}`, [
        ...stderr,
        ...environmentNote(envNames),
      ]);
    case 'malformed':
      throw new McpactError('connection', 'server answered initialize with neither a result nor an error', stderr);
  }
}

/** Over HTTP, what the transport said (a status and its body, a redirect not followed), cut short: it is server text. */
function errorSuffix(stdio: StdioTransport | undefined, error: Error | undefined): string {
  if (stdio || !error) return '';
  return `: ${oneLine(describeError(error))}`;
}

/** Server text for an error message: one line, cut at 200 characters. */
function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
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

function asConnectionError(error: unknown, stdio?: StdioTransport): McpactError {
  if (error instanceof McpactError) return error;
  return new McpactError('connection', `cannot connect: ${describeError(error)}`, stdio ? stderrDetails(stdio) : [], { cause: error });
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
