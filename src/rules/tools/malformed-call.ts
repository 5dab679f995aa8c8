import { refusedAtHeaders } from '../../connect/envelope.js';
import { defineRule } from '../../engine/rule.js';
import { asRecord } from '../../util/json.js';
import { describeOutcome } from '../outcome.js';
import { levelLabel, since } from '../../model/spec.js';
import { answerCause, describeSkipped, outcomesOf, toolPlan, type PlannedCall } from '../../exercise/tools.js';
import type { Outcome } from '../../connect/rpc.js';
import { answerOf, classifyAnswer, wordsOf, type Classified } from '../../exercise/answers.js';

export const malformedCall = defineRule({
  id: 'tools/malformed-call',
  family: 'tools',
  needs: ['tools'],
  description: 'A tools/call without "name", or whose "arguments" is not an object, gets JSON-RPC error -32602.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'T6',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'server',
        section: 'server/tools#error-handling',
        quote: 'Protocol Errors: Standard JSON-RPC errors for issues like: … Invalid arguments',
        note: 'The section states no requirement level; its example protocol error has code -32602.',
      },
      {
        '2025-11-25': {
          quote: 'Protocol Errors: Standard JSON-RPC errors for issues like: … Malformed requests (requests that fail to satisfy CallToolRequest schema)',
        },
        '2026-07-28': {
          quote:
            'Protocol Errors indicate issues with the request structure itself that models are less likely to be able to fix: … Malformed requests (requests that fail to satisfy CallToolRequest schema) … They are returned as standard JSON-RPC errors:',
        },
      },
    ),
  },
  docs:
    'A request that does not satisfy the CallToolRequest schema is a protocol error, and JSON-RPC names the code ' +
    'for bad params: -32602 (invalid params). mcpact sends three such requests: params without `name`, and ' +
    '`arguments` as an array and as a string to a tool the safe-call policy allows to run (a server that does not ' +
    'validate may run it). When no tool may be called, those two cases are skipped and the note says so: sent to a ' +
    'name the server does not have, their answer would be its unknown-tool answer, not a verdict on the params (the ' +
    'string case still goes to such a name, as evidence of the SDK only, see [inherited behaviour](#inherited-behaviour)). ' +
    'The request without `name` reaches no tool and is always judged; over Streamable HTTP in 2026-07-28 it cannot ' +
    'carry the Mcp-Name header it needs, so HeaderMismatch (-32020) is a correct refusal of it too. A result, or another code, is reported with what ' +
    'was seen. Cases the server refuses on the same layer (the same JSON-RPC error code, or an isError result) in ' +
    'the same kind of words (the text up to its first colon) are one cause, one step that checks them all: one ' +
    'finding that names them, its cases in `data.cases` (a string and an array refused by one deserialisation step, ' +
    '"Tool error: Invalid input: invalid type: string …" and "Tool error: Invalid input: invalid length 0 …", are one fix). Other answers ' +
    'are separate findings, and so is each case that got a success. Servers built on the ' +
    'TypeScript SDK (Server and McpServer alike) answer these with -32603 and a dump of zod issues, because the ' +
    'SDK validates the request before any handler runs; register the tools/call handler with a schema that ' +
    'accepts any params and reject bad ones yourself with `McpError(ErrorCode.InvalidParams, ...)`.',
  async check({ surface, probe, settings, cache, spec, report, skip, note, inconclusive }) {
    if (surface.lists.tools.status === 'not-declared') return skip('the server does not declare the tools capability');
    const plan = toolPlan({ surface, settings, cache });
    if (plan.malformedSkipped.length > 0) {
      // Sent to a name the server does not have, they would be judged on its unknown-tool answer: a false pass.
      note(
        `skipped: ${plan.malformedSkipped.join(', ')} (they need a tool that exists and is safe to run, and no tool may be called ` +
          `under the safe-call policy; opt in with calls.allow or calls.all): ${describeSkipped(plan.validSkipped)}`,
      );
    }
    const { revision, level } = spec!;
    const unjudged: string[] = [];
    const unreachable: string[] = [];
    const wrong: Judged[] = [];
    for (const { call, outcome } of await outcomesOf({ surface, probe, cache }, plan.malformed)) {
      const refused = outcome.kind === 'error' && (outcome.code === -32602 || refusedAtHeaders(outcome, asRecord(call.params)?.name));
      const classified = classifyAnswer(outcome, { correct: refused, names: ['name', 'arguments'] });
      if (classified.class === 'rejected-correctly') continue;
      if (classified.class === 'no-answer') {
        unjudged.push(call.what);
        continue;
      }
      if (classified.class === 'backend-unreachable') {
        unreachable.push(`${call.what} (${classified.evidence})`);
        continue;
      }
      wrong.push({ call, outcome, classified, cause: causeOf(outcome, classified) });
    }
    // In the order of their words, so the finding that stands for a cause is the same on every run: the string case
    // (the one engine/inherited.ts recognises SDKs by) before the array, both before the call without a name.
    wrong.sort((a, b) => (a.call.what < b.call.what ? -1 : a.call.what > b.call.what ? 1 : 0));
    for (const { call, outcome, classified, cause } of wrong) {
      // The cases one step of the server answered alike are one cause, one finding (engine/merge.ts), however the
      // words differ in what that step met: the first of them names them all, as the finding's message; the others
      // are its further occurrences (and its data.cases).
      const alike = wrong.filter((other) => cause !== undefined && other.cause === cause).map((other) => other.call);
      const named = alike[0] === call ? alike : [call];
      const got = outcome.kind === 'result' ? 'a result' : describeOutcome(outcome);
      const why = classified.class === 'validated-wrong-code' ? 'validated, wrong code' : 'not validated';
      report({
        message: `a tools/call with ${listed(named.map((entry) => entry.what))} got ${got} (${why}); expected JSON-RPC error -32602 (revision ${revision}, ${levelLabel(level)})`,
        location: { kind: 'server' },
        answer: answerOf(outcome, classified),
        data: {
          params: call.params,
          // What is malformed, in words (as prompts/malformed-params names its variants): which case an answer was
          // to, when one answer to several is one finding.
          variant: call.what.replace(/"/g, ''),
          negotiated: surface.protocolVersion ?? null,
          level,
          expected: -32602,
          outcome: outcome.kind,
          ...(outcome.kind === 'error' && { code: outcome.code }),
          said: wordsOf(outcome),
        },
        ...(cause !== undefined && { cause }),
      });
    }
    if (unreachable.length > 0) inconclusive(`no verdict for ${unreachable.join('; ')}: the server's backend was unreachable`);
    if (unjudged.length > 0) {
      // A hang or a crash is tools/call-answered's finding; here it only means no verdict for those calls.
      inconclusive(`no answer to judge for: ${unjudged.slice(0, 5).join('; ')} (see tools/call-answered)`);
    }
  },
});

interface Judged {
  call: PlannedCall;
  outcome: Outcome;
  classified: Classified;
  cause: string | undefined;
}

/**
 * The step that answered: its layer and code (a JSON-RPC error code, or an isError result) and the kind of its words
 * (exercise/tools.ts `answerCause`: the text up to the first colon), with the answer's class. tower-mcp refuses a
 * string and an array alike ("Tool error: Invalid input: invalid type: string …" / "… invalid length 0, expected
 * struct … with 3 elements"): one deserialisation step, one fix. A success is no step's refusal: each case stays
 * its own finding.
 */
function causeOf(outcome: Outcome, classified: Classified): string | undefined {
  const cause = answerCause(outcome);
  return cause === 'result' ? undefined : `${classified.class} ${cause}`;
}

/** "a", "a or b", "a, b or c". */
function listed(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}
