import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { jsonType } from '../../util/json.js';
import { pointer } from '../../util/json-pointer.js';
import { fieldProblems, type Field } from '../../util/shape.js';

const FIELDS: readonly Field[] = [
  { key: 'name', kind: 'string', required: true },
  { key: 'title', kind: 'string' },
  { key: 'description', kind: 'string' },
  { key: 'icons', kind: 'array' },
  { key: '_meta', kind: 'object' },
];

export const toolShape = defineRule({
  id: 'schema/tool-shape',
  family: 'schema',
  needs: ['tools'],
  description: 'Each tool is an object with a string name, and title, description, icons and _meta of the right type.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'T2',
    texts: since(
      '2024-11-05',
      { keyword: 'SCHEMA', binds: 'server', section: 'server/tools#tool', quote: 'Tool.name: string' },
      {
        '2025-06-18': {
          section: 'schema#tool',
          quote: 'BaseMetadata.name: string',
          note: 'Tool extends BaseMetadata (name, title); description and _meta are its own fields.',
        },
        '2025-11-25': { note: 'Tool extends BaseMetadata (name, title) and Icons; description and _meta are its own fields.' },
      },
    ),
  },
  docs:
    'Clients decode `tools/list` against the MCP schema, and many drop the whole list (or crash) on one malformed ' +
    'tool. Each tool must be a JSON object with a string `name`; `title` and `description` are strings, `icons` an ' +
    'array and `_meta` an object when present (null is not "absent"). The input schema, output schema and ' +
    'annotations have rules of their own. Fix the tool definition so each field has its schema type, or leave the ' +
    'optional field out.',
  check({ surface, report }) {
    for (const item of items(surface, 'tools')) {
      if (!item.record) {
        report({
          message: `tool must be a JSON object, got ${jsonType(item.raw)}`,
          location: itemLocation(surface, 'tools', item),
          data: { index: item.index },
        });
        continue;
      }
      for (const problem of fieldProblems(item.record, FIELDS)) {
        report({
          message: `tool ${problem.message}`,
          location: itemLocation(surface, 'tools', item, pointer(problem.key)),
          data: { field: problem.key, got: problem.got },
        });
      }
    }
  },
});
