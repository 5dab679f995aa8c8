/**
 * Captures one server's Surface for `baseline` and `diff`: one session, the same capture `mcpact run` uses, every
 * request through a Probe (per-call deadline, bounded concurrency) under the server's run deadline.
 */
import { openSession, type SessionTarget } from '../connect/session.js';
import type { Timeouts } from '../config/schema.js';
import { Probe } from '../engine/probe.js';
import { DEFAULT_CONCURRENCY } from '../engine/runner.js';
import { McpactError } from '../errors.js';
import { captureSurface } from '../surface/capture.js';
import type { Surface } from '../surface/types.js';

export interface CaptureOptions {
  clientVersion: string;
  onStderrLine?: (line: string) => void;
  /** Runs on the same session after the capture, before it closes (recording or replaying prompt invocations). */
  afterCapture?: (surface: Surface, probe: Probe) => Promise<void>;
}

export async function captureServer(target: SessionTarget, timeouts: Timeouts, options: CaptureOptions): Promise<Surface> {
  const session = await openSession(target, {
    connectMs: Math.min(timeouts.connect_ms, timeouts.run_ms),
    clientVersion: options.clientVersion,
    onStderrLine: options.onStderrLine,
  });
  const deadline = AbortSignal.timeout(timeouts.run_ms);
  try {
    const probe = new Probe(session.peer, { callMs: timeouts.call_ms, concurrency: DEFAULT_CONCURRENCY, signal: deadline });
    // openSession returns only after a result object arrived for initialize.
    const initializeResult = (session.initialize.outcome as { result: Record<string, unknown> }).result;
    const surface = await captureSurface(session.initialize.request as { protocolVersion: string }, initializeResult, (method, params) =>
      probe.request(method, params),
    );
    if (!deadline.aborted) await options.afterCapture?.(surface, probe);
    if (deadline.aborted) throw new McpactError('deadline', `run deadline of ${timeouts.run_ms} ms reached (timeouts.run_ms) while capturing the contract`);
    return surface;
  } finally {
    await session.close();
  }
}
