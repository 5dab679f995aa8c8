import { defineRule } from '../../engine/rule.js';
import { since, type RuleSpec } from '../../model/spec.js';
import { LISTS } from '../../surface/types.js';
import { quote } from '../../util/text.js';
import { firstReadResult } from './modern.js';
import { outcomesOf, toolLocation, toolPlan } from '../../exercise/tools.js';
import { asRecord, type JsonRecord } from '../../util/json.js';
import { declaresTasks } from '../../exercise/tasks.js';

/** The rules that make the valid-input tools/call requests: this rule judges their results only when one of them runs. */
const TOOL_CALLERS = ['tools/valid-input', 'tools/structured-content', 'tools/structured-text', 'tools/input-required', 'tools/request-state'];

/** The result types of the core protocol (basic/index#resulttype). */
const RESULT_TYPES = ['complete', 'input_required'];

/** Only prompts/get, resources/read and tools/call may answer that more input is needed. */
const INPUT_REQUIRED_ONLY_SPEC: RuleSpec = {
  texts: since('2026-07-28', {
    keyword: 'MUST NOT',
    binds: 'server',
    section: 'basic/patterns/mrtr#supported-requests',
    quote: 'Servers MUST NOT send `InputRequiredResult` responses on any other client requests.',
    note: 'The requests that support it are prompts/get, resources/read and tools/call.',
  }),
};

/** Why a result that asks for input without saying so breaks the round trip (basic/index#resulttype binds the client to it). */
const TAKEN_COMPLETE = 'a client MUST treat an absent resultType as "complete", so the input is never given';

/** The input-required field a result without resultType carries, if any: it meant to ask for input. */
function askedWith(result: JsonRecord): string | undefined {
  return 'inputRequests' in result ? 'inputRequests' : 'requestState' in result ? 'requestState' : undefined;
}

export const resultType = defineRule({
  id: 'protocol/result-type',
  family: 'protocol',
  description:
    'Every result carries resultType ("complete" or "input_required"): the server/discover result, every page of every list, resources/read and tools/call.',
  defaultSeverity: 'error',
  spec: {
    texts: since('2026-07-28', {
      keyword: 'MUST',
      binds: 'server',
      section: 'basic/index#result-responses',
      quote: 'The `result` MUST include a `resultType` field to indicate the type of the result.',
      note: 'A `resultType` of `"complete"` or `"input_required"` is defined by the core protocol; extensions may add values they advertise.',
    }),
  },
  alsoQuotes: { 'input required only where supported': INPUT_REQUIRED_ONLY_SPEC },
  docs:
    'In 2026-07-28 every result names its type, so a client can tell a final result from an input-required interim ' +
    'one. mcpact checks the results it captured: server/discover and each page of tools/list, prompts/list, ' +
    'resources/list and resources/templates/list, the read of the first listed resource, and, when a tools rule ' +
    'that calls tools runs, every answer to the valid-input tools/call requests the safe-call policy allows (the ' +
    'input-required answers of their round trips included). A missing `resultType` is a finding per list and per ' +
    'tool; a result of resources/read or tools/call with `inputRequests` or `requestState` but no `resultType` says ' +
    'so (a client MUST treat ' +
    'an absent `resultType` as "complete", so the input it asks for is never given); a value other than ' +
    '"complete" or "input_required" on these results (which the core protocol defines as complete) too, and ' +
    '"input_required" on server/discover or a list page, which may not ask for input (only prompts/get, ' +
    'resources/read and tools/call may). A tools/call answered `resultType: "task"` by a server that declares the ' +
    "Tasks extension is tasks/undeclared-client's (these calls do not declare it).",
  async check(context) {
    const { surface, report } = context;
    const discovered = surface.discoverResult;
    if (discovered !== undefined) judge('server/discover', [discovered.resultType], 'resultType' in discovered, false);
    const read = await firstReadResult(context);
    const readAsks = read === undefined || 'resultType' in read ? undefined : askedWith(read);
    if (readAsks !== undefined)
      report({
        message: `resources/read answered with ${readAsks} but no resultType; ${TAKEN_COMPLETE}`,
        location: { kind: 'server', pointer: '/resources/read' },
        data: { method: 'resources/read' },
      });
    else if (read !== undefined) judge('resources/read', [read.resultType], 'resultType' in read, true);
    if (surface.capabilities.tools !== undefined && TOOL_CALLERS.some((id) => context.running.has(id))) await judgeToolCalls();
    for (const spec of LISTS) {
      const pages = surface.lists[spec.kind].pageFields ?? [];
      const missing = pages.filter((page) => !('resultType' in page)).length;
      if (missing > 0)
        report({
          message: `${spec.method}: ${missing} of ${pages.length} page${pages.length === 1 ? '' : 's'} without resultType`,
          location: { kind: 'server', pointer: `/${spec.method}` },
          data: { method: spec.method, missing, pages: pages.length },
        });
      const values = pages.filter((page) => 'resultType' in page).map((page) => page.resultType);
      judge(spec.method, values, true, false);
    }
    /** Every tools/call result of the valid-input calls, one finding per tool and problem. */
    async function judgeToolCalls(): Promise<void> {
      const byTool = new Map<string, JsonRecord[]>();
      for (const { call, outcome, rounds } of await outcomesOf(context, toolPlan(context).valid)) {
        if (call.tool === undefined) continue;
        const results = [...(rounds ?? []).map((round) => round.result), ...(outcome.kind === 'result' ? [asRecord(outcome.result) ?? {}] : [])];
        byTool.set(call.tool, [...(byTool.get(call.tool) ?? []), ...results]);
      }
      for (const [tool, results] of byTool) {
        const missing = results.filter((result) => !('resultType' in result));
        const asking = missing.map(askedWith).find((field) => field !== undefined);
        const location = toolLocation(tool);
        if (asking !== undefined)
          report({
            message: `tools/call of ${quote(tool, 60)} answered with ${asking} but no resultType; ${TAKEN_COMPLETE}`,
            location,
            data: { method: 'tools/call', tool, missing: missing.length, results: results.length },
          });
        else if (missing.length > 0)
          report({
            message: `tools/call of ${quote(tool, 60)}: ${missing.length} of ${results.length} result${results.length === 1 ? '' : 's'} without resultType`,
            location,
            data: { method: 'tools/call', tool, missing: missing.length, results: results.length },
          });
        const values = results.filter((result) => 'resultType' in result).map((result) => result.resultType);
        // A task handle from a server that declares the Tasks extension is tasks/undeclared-client's (mcpact's calls
        // here do not declare the extension): one cause, one finding.
        const tasks = declaresTasks(surface) && context.running.has('tasks/undeclared-client') ? ['task'] : [];
        const odd = values.find((value) => !RESULT_TYPES.includes(value as string) && !tasks.includes(value as string));
        if (odd !== undefined)
          report({
            message: `tools/call of ${quote(tool, 60)} has resultType ${JSON.stringify(odd)?.slice(0, 60)}, not one the core protocol defines ("complete", "input_required")`,
            location,
            data: { method: 'tools/call', tool, resultType: odd },
          });
      }
    }
    function judge(method: string, values: unknown[], present: boolean, mayAskInput: boolean): void {
      if (!present) {
        report({ message: `${method} result without resultType`, location: { kind: 'server', pointer: `/${method}` }, data: { method } });
        return;
      }
      const odd = values.find((value) => !RESULT_TYPES.includes(value as string));
      if (odd !== undefined)
        report({
          message: `${method} result has resultType ${JSON.stringify(odd)?.slice(0, 60)}, not one the core protocol defines ("complete", "input_required")`,
          location: { kind: 'server', pointer: `/${method}` },
          data: { method, resultType: odd },
        });
      else if (!mayAskInput && values.includes('input_required'))
        report({
          message: `${method} answered with resultType "input_required"; only prompts/get, resources/read and tools/call may ask for more input`,
          location: { kind: 'server', pointer: `/${method}` },
          data: { method, resultType: 'input_required' },
          spec: INPUT_REQUIRED_ONLY_SPEC,
        });
    }
  },
});
