import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { schemaProblems } from '../../util/json-schema.js';

export const toolInputSchema = defineRule({
  id: 'schema/tool-input-schema',
  family: 'schema',
  needs: ['tools'],
  description: 'Each tool has an inputSchema that is a valid JSON Schema object with root type "object".',
  defaultSeverity: 'error',
  spec: {
    checklist: 'T2',
    texts: since(
      '2024-11-05',
      {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/tools#tool',
        quote: 'Tool.inputSchema: { type: "object"; properties?: { [key: string]: object }; required?: string[]; }',
      },
      {
        '2025-06-18': { section: 'schema#tool' },
        '2025-11-25': {
          keyword: 'MUST',
          section: 'server/tools#tool',
          quote: '`inputSchema`: JSON Schema defining expected parameters … MUST be a valid JSON Schema object (not `null`)',
          note: 'The root type "object" is schema.ts: Tool.inputSchema declares `type: "object"`.',
        },
        '2026-07-28': { note: 'The root type "object" is schema.ts: "Tool arguments are always JSON objects, so `type: "object"` is required at the root."' },
      },
    ),
  },
  docs:
    'Clients validate arguments and build forms from `inputSchema`. It must be present, a JSON object (not null), ' +
    'have `"type": "object"` at the root, and compile in the dialect it declares with `$schema` (2020-12 when it ' +
    'declares none). mcpact checks it against the meta-schema and compiles it with Ajv; a schema nested too deeply ' +
    'or with an unresolvable `$ref` is reported too. A tool that takes no input declares `{"type": "object"}`.',
  check({ surface, report }) {
    for (const item of items(surface, 'tools')) {
      if (!item.record) continue; // schema/tool-shape reports items that are not objects
      if (!('inputSchema' in item.record)) {
        report({ message: 'tool has no inputSchema', location: itemLocation(surface, 'tools', item, '/inputSchema') });
        continue;
      }
      for (const problem of schemaProblems(item.record.inputSchema)) {
        report({
          message: `inputSchema ${problem.message}`,
          location: itemLocation(surface, 'tools', item, `/inputSchema${problem.pointer}`),
        });
      }
    }
  },
});
