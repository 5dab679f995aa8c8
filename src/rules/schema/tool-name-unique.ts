import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { duplicates } from '../../util/duplicates.js';
import { quote } from '../../util/text.js';
import { stringField } from '../../util/shape.js';

export const toolNameUnique = defineRule({
  id: 'schema/tool-name-unique',
  family: 'schema',
  needs: ['tools'],
  description: 'No two tools share a name, across all pages of tools/list.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'T3',
    texts: since(
      '2024-11-05',
      { keyword: 'none', binds: 'server', section: 'server/tools#tool', quote: '`name`: Unique identifier for the tool' },
      { '2025-11-25': { keyword: 'SHOULD', section: 'server/tools#tool-names', quote: 'Tool names SHOULD be unique within a server.' } },
    ),
  },
  docs:
    'A tool is called by name, so when two tools share one, `tools/call` can only ever reach one of them, and ' +
    'clients that key tools by name silently drop the other. MCP 2025-11-25 says tool names SHOULD be unique within ' +
    'a server. Names are compared exactly (case-sensitive) over every page of `tools/list`; each duplicated name is ' +
    'reported once, at its second occurrence. Rename one of the tools, or merge them.',
  check({ surface, report }) {
    const named = duplicates(items(surface, 'tools'), (item) => stringField(item.record, 'name'));
    for (const { key: name, first, second, count } of named) {
      report({
        message: `tool name ${quote(name)} is used by ${count} tools (first at index ${first.index}, again at index ${second.index})`,
        location: itemLocation(surface, 'tools', second, '/name'),
        data: { name, firstIndex: first.index, index: second.index, count },
      });
    }
  },
});
