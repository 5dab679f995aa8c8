/**
 * A probe connection over the legacy HTTP+SSE transport: a stream and a server session of its own (never the shared
 * one), for the one probe that applies there, initialize with a chosen version (protocol/version-negotiation).
 * Closing it ends the stream, which ends the server's session.
 */
import type { Outcome } from './rpc.js';
import { RpcPeer } from './rpc.js';
import { LegacySseTransport } from './legacy-sse.js';
import type { RateLimit } from './rate-limit.js';
import type { RenewingToken } from './oauth/refresh.js';

export interface RawSseOptions {
  connectMs: number;
  callMs: number;
  clientVersion: string;
  signal?: AbortSignal;
  rateLimit?: RateLimit;
  /** The run's token, renewed when it expires mid-run. */
  bearer?: RenewingToken;
}

export class RawSseConnection {
  private transport: LegacySseTransport | undefined;

  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
    private readonly options: RawSseOptions,
  ) {}

  /**
   * What the server answered to initialize with `protocolVersion`. A stream that does not open is `closed`: the
   * shared session showed that it opens, so a rule reads this as no answer, never as a defect of the handshake.
   */
  async initialize(protocolVersion: string): Promise<Outcome> {
    const started = performance.now();
    const transport = await LegacySseTransport.create(new URL(this.url), {
      headers: this.headers,
      rateLimit: this.options.rateLimit,
      onCap: () => undefined,
      ...(this.options.bearer && { bearer: this.options.bearer }),
    });
    this.transport = transport;
    const peer = new RpcPeer(transport, { rateLimit: this.options.rateLimit });
    const deadline = AbortSignal.any([AbortSignal.timeout(this.options.connectMs), ...(this.options.signal ? [this.options.signal] : [])]);
    const opened = await Promise.race([
      peer.start().then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => deadline.addEventListener('abort', () => resolve(false), { once: true })),
    ]);
    if (!opened) return { kind: 'closed', ms: Math.round(performance.now() - started) };
    const request = { protocolVersion, capabilities: {}, clientInfo: { name: 'mcpact', version: this.options.clientVersion } };
    const outcome = await peer.request('initialize', request, { timeoutMs: this.options.callMs, signal: this.options.signal });
    if (outcome.kind === 'result') await peer.notify('notifications/initialized').catch(() => undefined);
    return outcome;
  }

  async close(): Promise<void> {
    await this.transport?.close().catch(() => undefined);
  }
}
