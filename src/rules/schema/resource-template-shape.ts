import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { jsonType } from '../../util/json.js';
import { pointer } from '../../util/json-pointer.js';
import { fieldProblems, type Field } from '../../util/shape.js';

const FIELDS: readonly Field[] = [
  { key: 'uriTemplate', kind: 'string', required: true },
  { key: 'name', kind: 'string', required: true },
  { key: 'title', kind: 'string' },
  { key: 'description', kind: 'string' },
  { key: 'mimeType', kind: 'string' },
];

export const resourceTemplateShape = defineRule({
  id: 'schema/resource-template-shape',
  family: 'schema',
  needs: ['resourceTemplates'],
  description: 'Each resource template is an object with a string uriTemplate and name, and optional fields of the right type.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'R2',
    texts: since(
      '2024-11-05',
      { keyword: 'SCHEMA', binds: 'server', section: 'server/resources#resource-templates', quote: 'ResourceTemplate.uriTemplate: string' },
      { '2025-06-18': { section: 'schema#resourcetemplate' } },
    ),
  },
  docs:
    'Clients decode `resources/templates/list` against the MCP schema; one malformed template can make them drop ' +
    'the list. Each template must be a JSON object with a string `uriTemplate` and a string `name`; `title`, ' +
    '`description` and `mimeType` are strings when present. Template syntax, MIME syntax and annotations have rules ' +
    'of their own. Fix the template so each field has its schema type, or leave the optional field out.',
  check({ surface, report }) {
    for (const item of items(surface, 'resourceTemplates')) {
      if (!item.record) {
        report({
          message: `resource template must be a JSON object, got ${jsonType(item.raw)}`,
          location: itemLocation(surface, 'resourceTemplates', item),
          data: { index: item.index },
        });
        continue;
      }
      for (const problem of fieldProblems(item.record, FIELDS)) {
        report({
          message: `resource template ${problem.message}`,
          location: itemLocation(surface, 'resourceTemplates', item, pointer(problem.key)),
          data: { field: problem.key, got: problem.got },
        });
      }
    }
  },
});
