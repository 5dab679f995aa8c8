import { defineRule } from '../../engine/rule.js';
import { since, type RuleSpec } from '../../model/spec.js';
import { LISTS } from '../../surface/types.js';
import { firstReadResult } from './modern.js';

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

export const resultType = defineRule({
  id: 'protocol/result-type',
  family: 'protocol',
  description: 'Every result carries resultType ("complete" or "input_required"): the server/discover result, every page of every list and resources/read.',
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
    'resources/list and resources/templates/list, and the read of the first listed resource. A missing `resultType` is a finding per list; a value other than ' +
    '"complete" or "input_required" on these results (which the core protocol defines as complete) too, and ' +
    '"input_required" on server/discover or a list page, which may not ask for input (only prompts/get, ' +
    'resources/read and tools/call may).',
  async check(context) {
    const { surface, report } = context;
    const discovered = surface.discoverResult;
    if (discovered !== undefined) judge('server/discover', [discovered.resultType], 'resultType' in discovered, false);
    const read = await firstReadResult(context);
    if (read !== undefined) judge('resources/read', [read.resultType], 'resultType' in read, true);
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
