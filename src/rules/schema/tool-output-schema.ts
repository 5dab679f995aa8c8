import { defineRule } from '../../engine/rule.js';
import { MODERN_REVISION, since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { schemaProblems } from '../../util/json-schema.js';

export const toolOutputSchema = defineRule({
  id: 'schema/tool-output-schema',
  family: 'schema',
  needs: ['tools'],
  description: 'A tool outputSchema, when present, is a valid JSON Schema object (with root type "object" up to 2025-11-25).',
  defaultSeverity: 'error',
  spec: {
    checklist: 'T2',
    texts: since(
      '2025-06-18',
      {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'schema#tool',
        quote: 'Tool.outputSchema?: { type: "object"; properties?: { [key: string]: object }; required?: string[]; }',
      },
      {
        '2025-11-25': { quote: 'Tool.outputSchema?: { $schema?: string; type: "object"; … }' },
        '2026-07-28': {
          quote: 'Tool.outputSchema?: { $schema?: string; [key: string]: unknown }',
          note: 'Its doc comment: "This can be any valid JSON Schema 2020-12." The root type "object" of earlier revisions is gone (structuredContent may be any JSON value).',
        },
      },
    ),
  },
  docs:
    'Clients validate `structuredContent` against `outputSchema`, and a schema they cannot compile makes every call ' +
    'of the tool fail validation. When present, it must be a JSON object that compiles in the dialect it declares ' +
    'with `$schema` (2020-12 when it declares none), checked exactly like `inputSchema`; up to 2025-11-25 it must ' +
    'also have `"type": "object"` at the root, while 2026-07-28 allows any JSON Schema (structuredContent may be an ' +
    'array, a string, any JSON value). A tool without `outputSchema` passes. Fix the schema, or remove it if the ' +
    'tool returns only unstructured content.',
  check({ surface, report }) {
    // 2026-07-28 loosened outputSchema to any JSON Schema 2020-12: the root need not be an object.
    const objectRoot = (surface.protocolVersion ?? '') < MODERN_REVISION;
    for (const item of items(surface, 'tools')) {
      if (!item.record || !Object.hasOwn(item.record, 'outputSchema')) continue;
      for (const problem of schemaProblems(item.record.outputSchema, { objectRoot })) {
        report({
          message: `outputSchema ${problem.message}`,
          location: itemLocation(surface, 'tools', item, `/outputSchema${problem.pointer}`),
        });
      }
    }
  },
});
