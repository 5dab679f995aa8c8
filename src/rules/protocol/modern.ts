/**
 * What the rules of the modern era share. A requirement of the modern era only (`since('2026-07-28', text)`) is ABSENT
 * in every legacy revision (model/spec.ts `ModernSpecTexts`), so the engine does not run it on a legacy session (engine/rule.ts `appliesInEra`).
 */
import type { ExerciseContext } from '../../exercise/context.js';
import { listedResources, sharedRead } from '../../exercise/resources.js';
import { headersFor } from '../../connect/modern-http.js';
import { outcomeOf } from '../../connect/raw-http.js';
import type { Outcome } from '../../connect/rpc.js';
import type { HttpProbe } from '../../connect/transport-probe.js';

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The result of `resources/read` of the first listed resource, as the resources rules read it (the read is shared,
 * so judging it costs no request of its own when they run); undefined when nothing is listed or no result came.
 */
export async function firstReadResult(
  context: Pick<ExerciseContext, 'surface' | 'probe' | 'cache' | 'settings'>,
): Promise<Record<string, unknown> | undefined> {
  const first = listedResources(context.surface)[0];
  if (first === undefined) return undefined;
  const read = await sharedRead(context, first.uri);
  return read.outcome.kind === 'result' && isObject(read.outcome.result) ? read.outcome.result : undefined;
}

/** A request of the modern era POSTed on its own, with what the server answered and the HTTP status it came with. */
export interface ModernHttpAnswer {
  outcome: Outcome;
  /** Undefined when no HTTP response came (a network failure or the deadline). */
  status: number | undefined;
}

/**
 * POSTs `message` (given an id here) with the headers its body implies (connect/modern-http.ts `headersFor`, which
 * mirrors the envelope's version into MCP-Protocol-Version), so a rule sees the HTTP status that the shared
 * session's transport keeps to itself.
 */
export function postModern(transport: HttpProbe, message: Record<string, unknown>): Promise<ModernHttpAnswer> {
  return transport.open(async (client) => {
    const id = client.nextRequestId();
    const body = { ...message, id };
    const headers = Object.fromEntries(Object.entries(headersFor(body)).map(([name, value]) => [name.toLowerCase(), value]));
    const exchange = await client.send({ method: 'POST', headers, body, awaitId: id });
    return { outcome: outcomeOf(exchange, id), status: exchange.kind === 'response' ? exchange.status : undefined };
  });
}
