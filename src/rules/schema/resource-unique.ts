import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { duplicates } from '../../util/duplicates.js';
import { quote } from '../../util/text.js';
import { stringField } from '../../util/shape.js';

const IDENTITY = [
  { kind: 'resources', field: 'uri', noun: 'resources' },
  { kind: 'resourceTemplates', field: 'uriTemplate', noun: 'resource templates' },
] as const;

export const resourceUnique = defineRule({
  id: 'schema/resource-unique',
  family: 'schema',
  needs: ['resources', 'resourceTemplates'],
  description: 'No two resources share a uri, and no two resource templates share a uriTemplate.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'PG1',
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/resources#resource',
      quote: '`uri`: Unique identifier for the resource',
      note: 'A description, not a requirement: the text states no level for listing a resource once.',
    }),
  },
  docs:
    'A resource is identified by its URI, so two list entries with the same `uri` are one resource described twice ' +
    '(often a pagination bug that repeats items across pages); clients keyed by URI keep one entry at random. The ' +
    'same goes for templates and their `uriTemplate`. URIs and templates are compared exactly over every page; ' +
    'each duplicate is reported once, at its second occurrence. List each resource once, and check that cursors ' +
    'never return an item twice.',
  check({ surface, report }) {
    for (const { kind, field, noun } of IDENTITY) {
      for (const { key: value, first, second, count } of duplicates(items(surface, kind), (item) => stringField(item.record, field))) {
        report({
          message: `${field} ${quote(value)} is listed by ${count} ${noun} (first at index ${first.index}, again at index ${second.index})`,
          location: itemLocation(surface, kind, second, `/${field}`),
          data: { [field]: value, firstIndex: first.index, index: second.index, count },
        });
      }
    }
  },
});
