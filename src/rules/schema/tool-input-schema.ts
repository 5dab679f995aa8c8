import { defineRule } from '../../engine/rule.js';
import { itemLocation, items } from '../../surface/items.js';
import { schemaProblems } from '../../util/json-schema.js';

export const toolInputSchema = defineRule({
  id: 'schema/tool-input-schema',
  family: 'schema',
  needs: ['tools'],
  description: 'Each tool has an inputSchema that is a valid JSON Schema object with root type "object".',
  defaultSeverity: 'error',
  spec: { revision: '2025-11-25', level: 'MUST', section: 'server/tools#tool', checklist: 'T2' },
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
