/**
 * The connection of its own that mcpact's bad input goes on (issue #30, class 1). Bad input can change a server's
 * state: a circuit breaker it trips, a backend connection it breaks, a process it crashes. On the run's session that
 * state would then answer every valid call, read and render asked after it. On a second connection (a second child
 * process over stdio, a second session over HTTP) it stays where it was caused, and the valid work of the run is
 * judged on what the server answers to valid work.
 *
 * The line opens lazily, when the first bad request is sent (a run that sends none starts no second server). Before
 * it carries any bad input, it must answer the control request (connect/health.ts) as the run's session did at
 * capture: a second server that serves something else (a lock the first process holds, a port only one can bind) is
 * not the same server, and bad input then goes on the run's session as it would without this line. Why it did is
 * kept (`fallback`) for the report.
 */
import { answersLikeCapture, type Control } from './health.js';
import type { Outcome, RpcPeer } from './rpc.js';
import { openSession, type Session, type SessionOptions, type SessionTarget } from './session.js';

/** Opens the second connection: the run's target, its era and its handshake, with its own traffic marked. */
export type LineOpener = () => Promise<Session>;

/**
 * The opener of the line for a run's session, or undefined where the transport allows no second connection that
 * would keep anything apart: an in-process transport has one, and the stateless 2026-07-28 era over HTTP keeps no
 * state per connection. `options` are the run session's own; the line speaks its era and offers its version.
 */
export function lineOpener(target: SessionTarget, session: Session, options: SessionOptions): LineOpener | undefined {
  if (target.kind === 'memory' || (session.era === 'modern' && target.kind !== 'stdio')) return undefined;
  const onTap = options.onTap;
  return () =>
    openSession(target, {
      ...options,
      era: session.era,
      ...(session.initialize && { protocolVersion: session.initialize.request.protocolVersion }),
      onHandshake: undefined,
      ...(onTap && { onTap: (entry) => onTap({ ...entry, connection: 'bad-input' }) }),
    });
}

export class BadInputLine {
  /** Why bad input went on the run's session instead, once that was decided. */
  fallback: string | undefined;
  /** The second session, once it opened and answered the control as the capture did. */
  session: Session | undefined;
  private opening: Promise<RpcPeer | undefined> | undefined;
  private closed = false;

  /**
   * `open` opens the second connection; `control` is the run's control request, when the capture gave one (read
   * when the line opens, so that it may be set after the line was made); `call` bounds the control's answer.
   */
  constructor(
    private readonly open: LineOpener,
    private readonly control: () => Control | undefined,
    private readonly call: { timeoutMs: number; signal?: AbortSignal },
  ) {}

  /** The peer bad input goes to; undefined when it goes on the run's session (see `fallback`). */
  peer(): Promise<RpcPeer | undefined> {
    this.opening ??= this.start();
    return this.opening;
  }

  /** Closes the second connection, if it opened; a line closed before it opened never opens. */
  async close(): Promise<void> {
    this.closed = true;
    const peer = await this.opening?.catch(() => undefined);
    if (peer !== undefined) await this.session?.close();
  }

  private async start(): Promise<RpcPeer | undefined> {
    let session: Session;
    try {
      session = await this.open();
    } catch (error) {
      this.fallback = `a second connection could not be opened (${firstLine(error)})`;
      return undefined;
    }
    if (this.closed) {
      await session.close();
      return undefined;
    }
    const control = this.control();
    if (control !== undefined) {
      const answer: Outcome = await session.peer.request(control.method, control.params, { ...this.call, retry: true });
      if (!answersLikeCapture(control, answer)) {
        this.fallback = `a second connection did not answer ${control.method} as the run's session did at capture`;
        await session.close();
        return undefined;
      }
    }
    this.session = session;
    return session.peer;
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
