import { defineRule } from '../../engine/rule.js';
import { items } from '../../surface/items.js';
import { shown } from '../../util/digest.js';
import { asRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { compileSchema, type Compiled } from '../../util/schema-validator.js';
import { ABSENT, levelLabel } from '../../model/spec.js';
import { callData, outcomesOf, toolLocation, toolPlan } from '../../exercise/tools.js';
import { isErrorResult } from '../../exercise/answers.js';

export const structuredContent = defineRule({
  id: 'tools/structured-content',
  family: 'tools',
  needs: ['tools'],
  description: 'A tool with an outputSchema returns structuredContent that conforms to it (isError results are exempt).',
  defaultSeverity: 'error',
  spec: {
    checklist: 'T4',
    texts: {
      '2025-11-25': {
        keyword: 'MUST',
        binds: 'server',
        section: 'server/tools#output-schema',
        quote: 'If an output schema is provided: Servers MUST provide structured results that conform to this schema.',
      },
      '2025-06-18': {
        keyword: 'MUST',
        binds: 'server',
        section: 'server/tools#output-schema',
        quote: 'If an output schema is provided: Servers MUST provide structured results that conform to this schema.',
      },
      '2025-03-26': ABSENT,
      '2024-11-05': ABSENT,
      '2026-07-28': {
        keyword: 'MUST',
        binds: 'server',
        section: 'server/tools#output-schema',
        quote: 'If an output schema is provided: Servers MUST provide structured results that conform to this schema.',
      },
    },
  },
  docs:
    'When a tool declares an `outputSchema`, servers MUST provide structured results that conform to it, and ' +
    'clients validate them: a result without `structuredContent`, or with one the schema rejects, breaks every ' +
    'client that relies on the schema. mcpact checks each valid-input call it makes (see tools/valid-input and the ' +
    'safe-call policy) against the outputSchema, compiled with Ajv in its declared dialect. Results with ' +
    "`isError: true` are exempt. The finding lists Ajv's messages; the structured content itself appears only " +
    "with --show-values (otherwise its keys and a short hash), since a tool's output may hold private data.",
  async check({ surface, probe, settings, cache, runtime, spec, report, skip }) {
    if (surface.lists.tools.status === 'not-declared') return skip('the server does not declare the tools capability');
    const schemas = new Map<string, Compiled>();
    for (const item of items(surface, 'tools')) {
      const name = item.record?.name;
      if (typeof name !== 'string' || schemas.has(name) || item.record?.outputSchema === undefined) continue;
      const compiled = compileSchema(item.record.outputSchema);
      if (compiled) schemas.set(name, compiled); // a broken outputSchema is schema/tool-output-schema's finding
    }
    const calls = toolPlan({ surface, settings, cache }).valid.filter((call) => call.tool !== undefined && schemas.has(call.tool));
    if (calls.length === 0)
      return skip(schemas.size === 0 ? 'no tool declares a usable outputSchema' : 'no tool with an outputSchema may be called under the safe-call policy');
    const { revision, level } = spec!;
    const reported = new Set<string | undefined>();
    for (const { call, outcome } of await outcomesOf({ probe, cache }, calls)) {
      if (outcome.kind !== 'result' || isErrorResult(outcome.result)) continue;
      const result = asRecord(outcome.result);
      const content = result?.structuredContent;
      const schema = call.tool === undefined ? undefined : schemas.get(call.tool);
      if (!schema) continue;
      const base = { ...callData(call), negotiated: surface.protocolVersion ?? null, level };
      // One finding per tool: its second example would only repeat the first.
      if (reported.has(call.tool) || (content !== undefined && schema.validate(content))) continue;
      reported.add(call.tool);
      if (content === undefined) {
        report({
          message: `${quote(call.tool, 60)} declares an outputSchema but its result has no structuredContent (revision ${revision}, ${levelLabel(level)})`,
          location: toolLocation(call.tool, '/outputSchema'),
          data: base,
        });
      } else {
        const errors = schema.errors().slice(0, 5);
        report({
          message: `${quote(call.tool, 60)} returned structuredContent that its outputSchema rejects: ${quote(errors[0] ?? 'invalid', 100)} (revision ${revision}, ${levelLabel(level)})`,
          location: toolLocation(call.tool, '/outputSchema'),
          data: { ...base, errors, structuredContent: shown(content, runtime.showValues) },
        });
      }
    }
  },
});
