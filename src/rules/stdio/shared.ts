/** What the stdio rules share: how they skip elsewhere, and how they start a child of their own. */
import type { Outcome } from '../../connect/rpc.js';
import type { StdioConnection, TransportProbe } from '../../connect/transport-probe.js';
import { describeOutcome } from '../outcome.js';
import { asRecord } from '../../util/json.js';
import { TRANSPORT_NAMES } from '../../model/transport.js';

export function notStdio(transport: TransportProbe | undefined): string {
  return transport === undefined
    ? 'needs a real stdio server (this target is in memory)'
    : `applies to stdio servers only (this one is reached over ${TRANSPORT_NAMES[transport.kind]})`;
}

/** True when the outcome is an error response with one of these codes. */
export function isErrorCode(outcome: Outcome, codes: readonly number[]): boolean {
  return outcome.kind === 'error' && typeof outcome.code === 'number' && codes.includes(outcome.code);
}

/**
 * Initializes a fresh child; the reason it could not be, or undefined when it was. The shared session already
 * proved the server can start, so a failure here is worth a skip reason rather than a finding of this rule.
 */
export async function initialized(connection: StdioConnection): Promise<string | undefined> {
  const outcome = await connection.initialize();
  return outcome.kind === 'result' ? undefined : `a fresh server process did not initialize (${describeOutcome(outcome)})`;
}

/** A JSON-RPC error answer whose id could not be read: `id` null or missing. */
export function anonymousError(message: Record<string, unknown>): boolean {
  return (message.id === null || !('id' in message)) && typeof message.error === 'object' && message.error !== null;
}

export function codeOf(message: Record<string, unknown> | undefined): unknown {
  return asRecord(message?.error)?.code;
}
