/**
 * One session with its contract captured: open the transport (the initialize handshake under the connect
 * deadline), then read every declared list once through a Probe. `run`, `diff`, `baseline` and `init` all start
 * here, so they see a server the same way.
 */
import { Probe } from '../connect/probe.js';
import { openSession, type Session, type SessionOptions, type SessionTarget } from '../connect/session.js';
import { captureSurface } from './capture.js';
import type { Surface } from './types.js';

/** Requests in flight at once against one server, unless configured otherwise. */
export const DEFAULT_CONCURRENCY = 4;

export interface CapturedSessionOptions {
  connectMs: number;
  callMs: number;
  clientVersion: string;
  /** The run deadline: pending requests end as timeouts, new ones are not sent. */
  signal?: AbortSignal;
  concurrency?: number;
  onStderrLine?: (line: string) => void;
  onTap?: SessionOptions['onTap'];
  tapBudget?: SessionOptions['tapBudget'];
  /** Ends the handshake early: mcpact was told to stop. */
  interrupt?: AbortSignal;
  onHandshake?: SessionOptions['onHandshake'];
  /** The era to speak (`protocol_era`, --protocol-era); default legacy. */
  era?: SessionOptions['era'];
  secrets?: SessionOptions['secrets'];
  /** HTTP: the server's rate limit, shared with the probe connections of the run. */
  rateLimit?: SessionOptions['rateLimit'];
}

export interface CapturedSession {
  session: Session;
  /** The one door to the server for everything after the capture. */
  probe: Probe;
  surface: Surface;
}

/** Opens the session and captures the Surface; a failed capture closes the session before it throws. */
export async function openCapturedSession(target: SessionTarget, options: CapturedSessionOptions): Promise<CapturedSession> {
  const session = await openSession(target, {
    connectMs: options.connectMs,
    clientVersion: options.clientVersion,
    onStderrLine: options.onStderrLine,
    onTap: options.onTap,
    tapBudget: options.tapBudget,
    interrupt: options.interrupt,
    onHandshake: options.onHandshake,
    era: options.era,
    secrets: options.secrets,
    rateLimit: options.rateLimit,
  });
  try {
    const probe = new Probe(session.peer, { callMs: options.callMs, concurrency: options.concurrency ?? DEFAULT_CONCURRENCY, signal: options.signal });
    const requester = (method: string, params: unknown) => probe.request(method, params);
    const surface =
      session.era === 'modern'
        ? await captureSurface({ protocolVersion: '' }, {}, requester, discoverResult(session))
        : await captureSurface(initializeExchange(session).request, initializeResult(session), requester);
    return { session, probe, surface };
  } catch (error) {
    await session.close();
    throw error;
  }
}

function initializeExchange(session: Session): NonNullable<Session['initialize']> {
  if (!session.initialize) throw new Error('a legacy session without an initialize exchange');
  return session.initialize;
}

/** openSession returns only once a result object arrived for initialize. */
function initializeResult(session: Session): Record<string, unknown> {
  const exchange = initializeExchange(session);
  if (exchange.outcome.kind !== 'result') throw new Error('openSession returned without an initialize result');
  return exchange.outcome.result as Record<string, unknown>;
}

/** A modern session is open only once server/discover answered with a result object. */
function discoverResult(session: Session): Record<string, unknown> {
  const outcome = session.discover?.outcome;
  if (outcome?.kind !== 'result') throw new Error('a modern session without a server/discover result');
  return outcome.result as Record<string, unknown>;
}
