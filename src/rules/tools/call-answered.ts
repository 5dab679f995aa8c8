import { defineRule } from '../../engine/rule.js';
import type { Outcome } from '../../connect/rpc.js';
import type { BackendReport } from '../../model/report.js';
import { answerOf, isErrorResult, unreachableEvidence } from '../../exercise/answers.js';
import { describeOutcome } from '../outcome.js';
import { levelLabel, since, type Era } from '../../model/spec.js';
import { callData, callLabel, outcomesOf, toolLocation, toolPlan, type PlannedCall } from '../../exercise/tools.js';
import { LATE_GRACE_FACTOR, type Probe } from '../../connect/probe.js';

/** Closed calls beyond the first few are counted, not listed: after a crash every later call closes at once. */
const CLOSED_LISTED = 5;

export const callAnswered = defineRule({
  id: 'tools/call-answered',
  family: 'tools',
  needs: ['tools'],
  description: 'Every tools/call mcpact sends gets a response, late or not: no hang, no crash, no malformed reply.',
  defaultSeverity: 'error',
  // A call asked for after the server had gone away is no verdict, but the calls in flight when it went are.
  judgesLoss: true,
  spec: {
    texts: since(
      '2024-11-05',
      {
        keyword: 'MUST',
        binds: 'both',
        section: 'basic/messages',
        quote: 'All messages in MCP MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0: the Server MUST reply with a Response to every request that is not a notification, with either a result or an error.',
      },
      { '2025-03-26': { section: 'basic/index#messages', quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.' } },
    ),
  },
  docs:
    'A request must get a response. This rule owns the calls that got none, for every tools/call the tools rules ' +
    'send: the unknown tool name, the malformed requests, the invalid-input probes and the valid-input calls. A ' +
    'call that misses `timeouts.call_ms` is not given up at once: mcpact keeps waiting for its answer up to three ' +
    'times that long. An answer in that grace is slow, not missing: no finding, and the rule says which calls were ' +
    'slow (the other tools rules have no verdict on them). A call still unanswered after the grace is a finding: an ' +
    'unknown name, malformed params or invalid input must be rejected, and a valid call must be answered too, ' +
    'with a result or an error; the valid call is reported only when the server still answers ping (2026-07-28: ' +
    'the tools list) after it, so that a server that stopped answering everything is not blamed on one tool ' +
    '(no verdict then), and only when some other valid call was served (a success, not on an unreachable backend): ' +
    'when every valid call is silent, refused or failed on a backend this run cannot reach, the silent ones are most likely retrying it ' +
    '(for a minute, say), which cannot be told from tools that hang (no verdict, said with the calls). A connection that closes while calls are in flight means the server crashed: the finding ' +
    'names the calls in flight (their exact arguments are in its data), and counts those asked for after it with them; when every call was asked for after the server had gone away (a crash on something else), none reached it: no verdict. A response with neither `result` nor ' +
    '`error` is a finding too. When most tool calls end on an unreachable backend (DNS, refused connection, TLS, ' +
    "`fetch failed`, missing credentials), the server's report says so once (`backend` in the JSON report): the " +
    'verdicts that needed the backend are inconclusive.',
  async check({ surface, probe, settings, cache, spec, report, skip, metrics, note, inconclusive }) {
    if (surface.lists.tools.status === 'not-declared') return skip('the server does not declare the tools capability');
    const plan = toolPlan({ surface, settings, cache });
    const calls = [plan.unknown, ...plan.malformed, ...plan.evidence, ...plan.invalid, ...plan.valid];
    const { revision, level } = spec!;
    const closed: PlannedCall[] = [];
    const unsent: PlannedCall[] = [];
    const answered = await outcomesOf({ surface, probe, cache }, calls);
    const backend = backendReport(answered.map((entry) => entry.outcome));
    if (backend) metrics({ backend });
    // A call that missed call_ms may still be answered: every late answer is awaited at once, within the grace.
    const settled = await Promise.all(
      answered.map(async (entry) => ({ ...entry, late: entry.outcome.kind === 'timeout' ? await probe.lateAnswer(entry.outcome) : undefined })),
    );
    const waited = probe.options.callMs * (1 + LATE_GRACE_FACTOR);
    const silentValid = settled.some((entry) => entry.call.kind === 'valid' && entry.outcome.kind === 'timeout' && entry.late === undefined);
    // A valid call without an answer is the tool's only while the server still answers otherwise, and while some
    // other valid call was served (a success, not on an unreachable backend): when every valid call is silent,
    // refused or failed on a backend this run cannot reach, the silent ones are most likely retrying that backend
    // (for a minute, say), which cannot be told from tools that hang.
    const someValidServed = settled.some(({ call, outcome, late }) => {
      const answer = late ?? outcome;
      return call.kind === 'valid' && answer.kind === 'result' && !isErrorResult(answer.result) && unreachableEvidence(answer) === undefined;
    });
    const alive = silentValid ? await stillAnswers(probe, surface.era) : false;
    const toolsSilentAlike = silentValid && alive && !someValidServed;
    const slow: { call: PlannedCall; ms: number }[] = [];
    const undecided: PlannedCall[] = [];
    const hungTools = new Set<string | undefined>();
    for (const { call, outcome, late } of settled) {
      if (outcome.kind === 'closed') closed.push(call);
      if (outcome.kind === 'closed' && outcome.unsent === true) unsent.push(call);
      if (late !== undefined) slow.push({ call, ms: late.ms });
      const silent = outcome.kind === 'timeout' && late === undefined;
      const judgedValid = alive && !toolsSilentAlike;
      if (silent && call.kind === 'valid' && !judgedValid) undecided.push(call);
      if (outcome.kind !== 'malformed' && !(silent && (call.kind !== 'valid' || judgedValid))) continue;
      // One finding per tool that never answers valid input: its second example would only repeat the first.
      if (silent && call.kind === 'valid') {
        if (hungTools.has(call.tool)) continue;
        hungTools.add(call.tool);
      }
      const got = outcome.kind === 'malformed' ? describeOutcome(outcome) : `no answer within ${waited} ms, late answers included`;
      const still = call.kind === 'valid' ? `, although the server still answered ${surface.era === 'modern' ? 'tools/list' : 'ping'}` : '';
      report({
        message: `tools/call with ${callLabel(call)} got ${got}${still} (revision ${revision}, ${levelLabel(level)} respond)`,
        location: toolLocation(call.kind === 'invalid' || call.kind === 'valid' ? call.tool : undefined),
        data: {
          ...callData(call),
          kind: call.kind,
          outcome: outcome.kind,
          ms: outcome.kind === 'malformed' ? outcome.ms : waited,
          negotiated: surface.protocolVersion ?? null,
          level,
        },
      });
    }
    if (slow.length > 0) {
      const slowest = Math.max(...slow.map((entry) => entry.ms));
      note(
        `slow, not missing: ${slow.length} call(s) answered after timeouts.call_ms (${probe.options.callMs} ms), the slowest after ${Math.round(slowest)} ms: ` +
          listed(slow.map((entry) => entry.call)),
      );
    }
    if (undecided.length > 0)
      inconclusive(
        toolsSilentAlike
          ? `no answer within ${waited} ms to ${undecided.length} valid call(s), while the server answered ${surface.era === 'modern' ? 'tools/list' : 'ping'}, and no valid call was served (a success without an unreachable backend): tools silent alike look like a backend this run cannot reach (retried in the server), not like tools that hang, so no verdict: ${listed(undecided)}`
          : `no answer to ${undecided.length} valid call(s), but the server did not answer ping either, so no verdict on the tools: ${listed(undecided)}`,
      );
    // Calls asked for after the server had gone away never reached it: alone they are no verdict (what brought it
    // down was no tools/call); beside a call in flight when it went, they are that crash's, and counted with it.
    if (closed.length > 0 && unsent.length === closed.length)
      inconclusive(`${unsent.length} call(s) not sent: the server had gone away before (see protocol/stays-connected): ${listed(unsent)}`);
    else if (closed.length > 0) {
      const shown = closed.slice(0, CLOSED_LISTED);
      report({
        message: `the connection closed with ${closed.length} tools/call request(s) unanswered, the server probably crashed: ${listed(closed, CLOSED_LISTED)}`,
        location: { kind: 'server' },
        data: {
          calls: shown.map((call) => ({ ...callData(call), kind: call.kind })),
          count: closed.length,
          negotiated: surface.protocolVersion ?? null,
          level,
        },
      });
    }
  },
});

/** "a; b; and N more": planned calls in words, the first `max` of them. */
function listed(calls: readonly PlannedCall[], max = CLOSED_LISTED): string {
  const shown = calls.slice(0, max);
  return shown.map(callLabel).join('; ') + (calls.length > shown.length ? `; and ${calls.length - shown.length} more` : '');
}

/** Whether the server answers at all (ping; the modern era has none, so the tools list): any answer counts. */
async function stillAnswers(probe: Probe, era: Era): Promise<boolean> {
  const outcome = era === 'modern' ? await probe.request('tools/list', {}) : await probe.request('ping');
  return outcome.kind === 'result' || outcome.kind === 'error';
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
