import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { jsonType } from '../../util/json.js';
import { pointer } from '../../util/json-pointer.js';
import { quote } from '../../util/text.js';
import { fieldProblems, type Field } from '../../util/shape.js';

const FIELDS: readonly Field[] = [
  { key: 'uri', kind: 'string', required: true },
  { key: 'name', kind: 'string', required: true },
  { key: 'title', kind: 'string' },
  { key: 'description', kind: 'string' },
  { key: 'mimeType', kind: 'string' },
];

export const resourceShape = defineRule({
  id: 'schema/resource-shape',
  family: 'schema',
  needs: ['resources'],
  description: 'Each resource is an object with a string uri and name, and optional fields of the right type.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'R2',
    texts: since(
      '2024-11-05',
      { keyword: 'SCHEMA', binds: 'server', section: 'server/resources#resource', quote: 'Resource.uri: string' },
      { '2025-06-18': { section: 'schema#resource' } },
    ),
  },
  docs:
    'Clients decode `resources/list` against the MCP schema and show resources in pickers; one malformed resource ' +
    'can make them drop the list. Each resource must be a JSON object with a string `uri` and a string `name`; ' +
    '`title`, `description` and `mimeType` are strings and `size` a non-negative integer (bytes) when present. URI ' +
    'syntax, MIME syntax and annotations have rules of their own. Fix the resource so each field has its schema ' +
    'type, or leave the optional field out.',
  check({ surface, report }) {
    for (const item of items(surface, 'resources')) {
      if (!item.record) {
        report({
          message: `resource must be a JSON object, got ${jsonType(item.raw)}`,
          location: itemLocation(surface, 'resources', item),
          data: { index: item.index },
        });
        continue;
      }
      for (const problem of fieldProblems(item.record, FIELDS)) {
        report({
          message: `resource ${problem.message}`,
          location: itemLocation(surface, 'resources', item, pointer(problem.key)),
          data: { field: problem.key, got: problem.got },
        });
      }
      if (!Object.hasOwn(item.record, 'size')) continue;
      const size = item.record.size;
      if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) {
        report({
          message: `resource "size" must be a non-negative integer, got ${quote(size)}`,
          location: itemLocation(surface, 'resources', item, '/size'),
          data: { field: 'size', got: jsonType(size) },
        });
      }
    }
  },
});
