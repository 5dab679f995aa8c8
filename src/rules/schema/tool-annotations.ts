import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { asRecord, jsonType } from '../../util/json.js';
import { pointer } from '../../util/json-pointer.js';
import { fieldProblems, type Field } from '../../util/shape.js';

const FIELDS: readonly Field[] = [
  { key: 'title', kind: 'string' },
  { key: 'readOnlyHint', kind: 'boolean' },
  { key: 'destructiveHint', kind: 'boolean' },
  { key: 'idempotentHint', kind: 'boolean' },
  { key: 'openWorldHint', kind: 'boolean' },
];

export const toolAnnotations = defineRule({
  id: 'schema/tool-annotations',
  family: 'schema',
  needs: ['tools'],
  description: 'Tool annotations, when present, are an object with boolean hints and a string title.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'T9',
    texts: since(
      '2025-03-26',
      {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/tools#tool',
        quote: 'ToolAnnotations: title?: string; readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean;',
      },
      { '2025-06-18': { section: 'schema#toolannotations' } },
    ),
  },
  docs:
    'Hosts read tool annotations to decide whether to ask the user before a call: a `destructiveHint` sent as the ' +
    'string "false" is truthy in JavaScript and means the opposite of what was meant. When `annotations` is present ' +
    'it must be an object; `readOnlyHint`, `destructiveHint`, `idempotentHint` and `openWorldHint` are booleans and ' +
    '`title` is a string when present. Send JSON booleans (`true`, `false`), not strings or numbers.',
  check({ surface, report }) {
    for (const item of items(surface, 'tools')) {
      if (!item.record || !Object.hasOwn(item.record, 'annotations')) continue;
      const annotations = asRecord(item.record.annotations);
      if (!annotations) {
        report({
          message: `tool annotations must be an object, got ${jsonType(item.record.annotations)}`,
          location: itemLocation(surface, 'tools', item, '/annotations'),
        });
        continue;
      }
      for (const problem of fieldProblems(annotations, FIELDS)) {
        report({
          message: `tool annotations ${problem.message}`,
          location: itemLocation(surface, 'tools', item, pointer('annotations', problem.key)),
          data: { field: problem.key, got: problem.got },
        });
      }
    }
  },
});
