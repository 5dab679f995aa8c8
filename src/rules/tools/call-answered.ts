import { defineRule } from '../../engine/rule.js';
import type { Outcome } from '../../connect/rpc.js';
import type { BackendReport } from '../../model/report.js';
import { answerOf, unreachableEvidence } from '../../exercise/answers.js';
import { quote } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import { levelLabel } from '../../model/spec.js';
import { callData, outcomesOf, toolLocation, toolPlan, type PlannedCall } from '../../exercise/tools.js';

/** Closed calls beyond the first few are counted, not listed: after a crash every later call closes at once. */
const CLOSED_LISTED = 5;

export const callAnswered = defineRule({
  id: 'tools/call-answered',
  family: 'tools',
  needs: ['tools'],
  description: 'Every tools/call mcpact sends gets a response: no hang on bad input, no crash, no malformed reply.',
  defaultSeverity: 'error',
  spec: {
    texts: {
      '2025-11-25': {
        keyword: 'MUST',
        binds: 'both',
        section: 'basic/index#messages',
        quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0: the Server MUST reply with a Response to every request that is not a notification, with either a result or an error.',
      },
      '2025-06-18': {
        keyword: 'MUST',
        binds: 'both',
        section: 'basic/index#messages',
        quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0: the Server MUST reply with a Response to every request that is not a notification, with either a result or an error.',
      },
      '2025-03-26': {
        keyword: 'MUST',
        binds: 'both',
        section: 'basic/index#messages',
        quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0: the Server MUST reply with a Response to every request that is not a notification, with either a result or an error.',
      },
      '2024-11-05': {
        keyword: 'MUST',
        binds: 'both',
        section: 'basic/messages',
        quote: 'All messages in MCP MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0: the Server MUST reply with a Response to every request that is not a notification, with either a result or an error.',
      },
      '2026-07-28': {
        keyword: 'MUST',
        binds: 'both',
        section: 'basic/index#messages',
        quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0: the Server MUST reply with a Response to every request that is not a notification, with either a result or an error.',
      },
    },
  },
  docs:
    'A request must get a response. This rule owns the calls that got none, for every tools/call the tools rules ' +
    'send: the unknown tool name, the malformed requests, the invalid-input probes and the valid-input calls. ' +
    'An unknown name, malformed params or invalid input must be rejected at once, so no answer within ' +
    '`timeouts.call_ms` is a finding; a valid-input call that is merely slow is not (tools/valid-input notes it). ' +
    'A connection that closes while calls are in flight means the server crashed: the finding names the calls ' +
    'in flight (their exact arguments are in its data). A response with neither `result` nor `error` is a finding ' +
    'too. When most tool calls end on an unreachable backend (DNS, refused connection, TLS, `fetch failed`, ' +
    "missing credentials), the server's report says so once (`backend` in the JSON report): the verdicts that " +
    'needed the backend are inconclusive.',
  async check({ surface, probe, settings, cache, spec, report, skip, metrics }) {
    if (surface.lists.tools.status === 'not-declared') return skip('the server does not declare the tools capability');
    const plan = toolPlan({ surface, settings, cache });
    const calls = [plan.unknown, ...plan.malformed, ...plan.evidence, ...plan.invalid, ...plan.valid];
    const { revision, level } = spec!;
    const closed: PlannedCall[] = [];
    const answered = await outcomesOf({ probe, cache }, calls);
    const backend = backendReport(answered.map((entry) => entry.outcome));
    if (backend) metrics({ backend });
    for (const { call, outcome } of answered) {
      if (outcome.kind === 'closed') closed.push(call);
      const unanswered = outcome.kind === 'malformed' || (outcome.kind === 'timeout' && call.kind !== 'valid');
      if (!unanswered) continue;
      report({
        message: `tools/call with ${label(call)} got ${describeOutcome(outcome)} (revision ${revision}, ${levelLabel(level)} respond)`,
        location: toolLocation(call.kind === 'invalid' || call.kind === 'valid' ? call.tool : undefined),
        data: { ...callData(call), kind: call.kind, outcome: outcome.kind, ms: outcome.ms, negotiated: surface.protocolVersion ?? null, level },
      });
    }
    if (closed.length > 0) {
      const listed = closed.slice(0, CLOSED_LISTED);
      report({
        message:
          `the connection closed with ${closed.length} tools/call request(s) unanswered, the server probably crashed: ` +
          listed.map(label).join('; ') +
          (closed.length > listed.length ? `; and ${closed.length - listed.length} more` : ''),
        location: { kind: 'server' },
        data: {
          calls: listed.map((call) => ({ ...callData(call), kind: call.kind })),
          count: closed.length,
          negotiated: surface.protocolVersion ?? null,
          level,
        },
      });
    }
  },
});

function label(call: PlannedCall): string {
  return call.kind === 'unknown-tool' || call.kind === 'malformed' ? call.what : `${quote(call.tool, 40)} (${call.what})`;
}

/**
 * Said once per server, in its report: most tool calls ended on an unreachable backend (usual in CI without the
 * service's credentials or network), so the verdicts that needed the backend are inconclusive, not failures.
 */
function backendReport(outcomes: readonly Outcome[]): BackendReport | undefined {
  const answered = outcomes.filter((outcome) => outcome.kind === 'result' || outcome.kind === 'error');
  const unreachable = answered.map((outcome) => ({ outcome, evidence: unreachableEvidence(outcome) })).filter((entry) => entry.evidence !== undefined);
  if (unreachable.length === 0 || unreachable.length * 2 <= answered.length) return undefined;
  const first = unreachable[0]!;
  const said = answerOf(first.outcome).said;
  return { calls: answered.length, unreachable: unreachable.length, evidence: first.evidence!, ...(said !== undefined && { said }) };
}
