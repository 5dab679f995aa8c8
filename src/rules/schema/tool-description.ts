import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';

export const toolDescription = defineRule({
  id: 'schema/tool-description',
  family: 'schema',
  needs: ['tools'],
  description: 'Each tool has a description that is not blank.',
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy: 'Every tool has a description with some text: models choose which tool to call by it. The schema makes the description optional.',
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/tools#tool',
      quote: '`description`: Human-readable description of functionality',
      note: 'schema.ts makes it optional (Tool.description?: string): a tool without one is valid.',
    }),
  },
  docs:
    'Models choose which tool to call from its name and description; a tool without a description is picked by ' +
    'guesswork or not at all. A tool passes when its `description` is a string with at least one non-whitespace ' +
    'character. Say what the tool does, when to use it and what it returns.',
  check({ surface, report }) {
    for (const item of items(surface, 'tools')) {
      if (!item.record) continue; // schema/tool-shape reports items that are not objects
      if (!Object.hasOwn(item.record, 'description')) {
        report({ message: 'tool has no description', location: itemLocation(surface, 'tools', item, '/description') });
        continue;
      }
      const description = item.record.description;
      if (typeof description === 'string' && description.trim() === '') {
        report({ message: 'tool description is blank', location: itemLocation(surface, 'tools', item, '/description') });
      }
    }
  },
});
