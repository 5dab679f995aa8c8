import { isDeepStrictEqual } from 'node:util';
import { defineRule } from '../../engine/rule.js';
import { asRecord } from '../../util/json.js';
import { parseJsonBounded } from '../../util/nesting.js';
import { quote } from '../../util/text.js';
import { levelLabel, since } from '../../model/spec.js';
import { callData, outcomesOf, toolLocation, toolPlan } from '../../exercise/tools.js';
import { isErrorResult } from '../../exercise/answers.js';

export const structuredText = defineRule({
  id: 'tools/structured-text',
  family: 'tools',
  needs: ['tools'],
  description: 'A result with structuredContent also carries it as serialized JSON in a text block.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'T5',
    texts: since('2025-06-18', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'server/tools#structured-content',
      quote: 'For backwards compatibility, a tool that returns structured content SHOULD also return the serialized JSON in a TextContent block.',
    }),
  },
  docs:
    'For backwards compatibility, a tool that returns `structuredContent` SHOULD also return the serialized JSON ' +
    'in a TextContent block: clients that predate structured content (and many hosts that show only `content`) ' +
    'otherwise see nothing. mcpact parses each text block of the valid-input results it gets and passes when one ' +
    'of them is JSON equal to `structuredContent` (key order and whitespace do not matter). Results with ' +
    '`isError: true` are exempt.',
  async check({ surface, probe, settings, cache, spec, report, skip }) {
    if (surface.lists.tools.status === 'not-declared') return skip('the server does not declare the tools capability');
    const plan = toolPlan({ surface, settings, cache });
    if (plan.valid.length === 0) return skip('no tool may be called under the safe-call policy');
    const { revision, level } = spec!;
    let structured = 0;
    const reported = new Set<string | undefined>();
    for (const { call, outcome } of await outcomesOf({ surface, probe, cache }, plan.valid)) {
      if (outcome.kind !== 'result' || isErrorResult(outcome.result)) continue;
      const result = asRecord(outcome.result);
      if (!result || result.structuredContent === undefined) continue;
      structured++;
      if (hasJsonText(result.content, result.structuredContent)) continue;
      // One finding per tool: its second example would only repeat the first.
      if (reported.has(call.tool)) continue;
      reported.add(call.tool);
      const listed = surface.lists.tools.items.find((tool) => asRecord(tool)?.name === call.tool);
      report({
        message: `${quote(call.tool, 60)} returned structuredContent without the same JSON in a text block (revision ${revision}, ${levelLabel(level)})`,
        location: toolLocation(call.tool),
        data: {
          ...callData(call),
          negotiated: surface.protocolVersion ?? null,
          level,
          ...(wrapsValue(result.content, result.structuredContent) && { shape: 'value-wrapped' }),
          ...schemaMarks(asRecord(listed)?.outputSchema),
        },
      });
    }
    if (structured === 0) skip('no valid-input call returned structuredContent');
  },
});

function hasJsonText(content: unknown, structured: unknown): boolean {
  if (!Array.isArray(content)) return false;
  return content.some((block) => {
    const record = asRecord(block);
    if (record?.type !== 'text' || typeof record.text !== 'string') return false;
    try {
      return isDeepStrictEqual(parseJsonBounded(record.text), structured);
    } catch {
      return false;
    }
  });
}

/**
 * `structuredContent` is `{"result": <value>}` and a text block is the value itself (a string as is, anything else
 * as JSON): a non-object result wrapped for structured content, its text left unwrapped (Python fastmcp does so).
 */
function wrapsValue(content: unknown, structured: unknown): boolean {
  const record = asRecord(structured);
  if (record === undefined || Object.keys(record).length !== 1 || !Object.hasOwn(record, 'result') || !Array.isArray(content)) return false;
  const value = record.result;
  return content.some((block) => {
    const text = asRecord(block)?.type === 'text' ? asRecord(block)?.text : undefined;
    if (typeof text !== 'string') return false;
    if (typeof value === 'string') return text === value;
    try {
      return isDeepStrictEqual(parseJsonBounded(text), value);
    } catch {
      return false;
    }
  });
}

/** The `x-` keywords set to true at the root of the tool's listed outputSchema (`outputSchemaMarks`), when it has any. */
function schemaMarks(outputSchema: unknown): { outputSchemaMarks?: string[] } {
  const schema = asRecord(outputSchema);
  const marks = schema === undefined ? [] : Object.keys(schema).filter((key) => key.startsWith('x-') && schema[key] === true);
  return marks.length > 0 ? { outputSchemaMarks: marks.sort() } : {};
}
