import { defineRule } from '../../engine/rule.js';
import { describeOutcome } from '../outcome.js';
import { levelLabel, since } from '../../model/spec.js';
import { callOutcome, toolPlan } from '../../exercise/tools.js';
import { answerOf, isErrorResult, wordsOf } from '../../exercise/answers.js';

export const unknownTool = defineRule({
  id: 'tools/unknown-tool',
  family: 'tools',
  needs: ['tools'],
  description: 'A call to a tool the server does not have gets a JSON-RPC error -32602, not a result.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'T6',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'server',
        section: 'server/tools#error-handling',
        quote: 'Tools use two error reporting mechanisms: Protocol Errors: Standard JSON-RPC errors for issues like: Unknown tools',
        note: 'The section states no requirement level; its example protocol error has code -32602.',
      },
      {
        '2026-07-28': {
          quote:
            'Protocol Errors indicate issues with the request structure itself that models are less likely to be able to fix: Unknown tool … They are returned as standard JSON-RPC errors:',
          note: 'The section states no requirement level; its example protocol error has code -32602, and schema.ts lists "Unknown tool name" under InvalidParamsError.',
        },
      },
    ),
  },
  docs:
    'The spec lists unknown tools among the protocol errors (a JSON-RPC error object; -32602 in its example), ' +
    'not among the tool execution errors (a result with `isError: true`). mcpact calls a name no tool has. ' +
    'Many servers built on the SDK\'s McpServer answer with an `isError` result ("Tool x not found") instead: that ' +
    'is reported here at warning, with the negotiated revision, because a client cannot tell it from a tool that ran ' +
    'and failed. A JSON-RPC error with another code (-32601 method not found, -32603 internal error) is reported ' +
    'with the code seen. No answer at all is reported by tools/call-answered (error). Fix: throw a protocol error ' +
    '(`McpError(ErrorCode.InvalidParams, ...)`) for unknown names; re-level this rule if you keep the SDK default.',
  async check({ surface, probe, settings, cache, spec, report, skip, inconclusive }) {
    if (surface.lists.tools.status === 'not-declared') return skip('the server does not declare the tools capability');
    const plan = toolPlan({ surface, settings, cache });
    const outcome = await callOutcome({ surface, probe, cache }, plan.unknown);
    if (outcome.kind === 'error' && outcome.code === -32602) return;
    // No answer to judge (a hang or a crash is tools/call-answered's finding): no verdict here.
    if (outcome.kind !== 'result' && outcome.kind !== 'error') return inconclusive(`the call of an unknown tool got ${describeOutcome(outcome)}`);
    const { revision, level } = spec!;
    const where = `revision ${revision}, ${levelLabel(level)}`;
    const data = {
      params: plan.unknown.params,
      negotiated: surface.protocolVersion ?? null,
      level,
      expected: -32602,
      outcome: outcome.kind,
      ...(outcome.kind === 'error' && { code: outcome.code }),
      ...(outcome.kind === 'result' && { isError: isErrorResult(outcome.result) }),
      said: wordsOf(outcome),
    };
    let message: string;
    if (outcome.kind === 'error') message = `an unknown tool got ${describeOutcome(outcome)}, a wrong code: expected -32602 (invalid params) (${where})`;
    else if (isErrorResult(outcome.result))
      message = `an unknown tool got a result with isError: true; an unknown tool is a protocol error, JSON-RPC -32602 (${where})`;
    else message = `a call to an unknown tool succeeded; expected JSON-RPC error -32602 (${where})`;
    report({ message, location: { kind: 'server' }, answer: answerOf(outcome), data });
  },
});
