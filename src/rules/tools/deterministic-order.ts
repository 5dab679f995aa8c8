import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { quote } from '../../util/text.js';
import { answerOf } from '../../exercise/answers.js';
import { describeOutcome } from '../outcome.js';
import { isObject } from '../protocol/modern.js';

/** The tool names of a list of items, in their order (items without a string name are left out). */
function namesOf(items: readonly unknown[]): string[] {
  return items.flatMap((item) => (isObject(item) && typeof item.name === 'string' ? [item.name] : []));
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().every((name, index) => name === [...b].sort()[index]);
}

export const deterministicOrder = defineRule({
  id: 'tools/deterministic-order',
  family: 'tools',
  description: 'In 2026-07-28, tools/list returns the same tools in the same order when it is asked twice.',
  defaultSeverity: 'warning',
  spec: {
    texts: since('2026-07-28', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'server/tools#capabilities',
      quote: 'Servers SHOULD return tools in a deterministic order (i.e., the same ordering across requests when the underlying set of tools has not changed).',
    }),
  },
  docs:
    'A client caches the tool list (for `ttlMs`) and puts it into the model context, where a stable order keeps ' +
    "the model's prompt cache warm; a server that shuffles its tools (iterating a hash set, sorting by last use) " +
    'breaks both. mcpact asks for the first page of `tools/list` once more and compares the order of the names ' +
    'with the first page it captured. When the second answer holds other names than the first (the set changed ' +
    'in between, or the order spans pages and mcpact read only one), the rule is inconclusive, never a finding. ' +
    'A server with fewer than two tools has no order to compare, and the rule is skipped.',
  async check({ surface, probe, report, skip, inconclusive }) {
    const tools = surface.lists.tools;
    if (tools.status === 'not-declared') return skip('the server does not declare the tools capability');
    if (tools.status !== 'ok') return skip(`tools/list did not answer when the surface was captured (${tools.status})`);
    const captured = namesOf(tools.items);
    if (captured.length < 2) return skip(`the server lists ${captured.length === 0 ? 'no tools' : 'one tool'}: there is no order to compare`);
    const outcome = await probe.request('tools/list', {});
    if (outcome.kind !== 'result') return inconclusive(`tools/list asked a second time got ${describeOutcome(outcome)}`);
    const again = isObject(outcome.result) && Array.isArray(outcome.result.tools) ? namesOf(outcome.result.tools) : undefined;
    if (again === undefined) return inconclusive('tools/list asked a second time answered without a tools array');
    // On one page the whole list is compared; with more pages, the captured names the new first page stands for.
    const before = tools.pages > 1 ? captured.slice(0, again.length) : captured;
    if (!sameSet(before, again))
      return inconclusive(
        `tools/list asked a second time lists other tools than the first page captured (${again.length} names, ${before.length} before): the set changed in between${tools.pages > 1 ? ', or the order spans pages' : ''}`,
      );
    const at = before.findIndex((name, index) => name !== again[index]);
    if (at === -1) return;
    report({
      message: `tools/list returned the same ${before.length} tools in another order when asked again: ${quote(before[at], 60)} was at position ${at + 1} and is now ${quote(again[at], 60)}`,
      location: { kind: 'server', pointer: '/tools/list' },
      answer: answerOf(outcome),
      data: { first: before.slice(0, 20), second: again.slice(0, 20), position: at + 1 },
    });
  },
});
