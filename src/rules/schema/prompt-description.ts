import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';

export const promptDescription = defineRule({
  id: 'schema/prompt-description',
  family: 'schema',
  needs: ['prompts'],
  description: 'Each prompt has a description that is not blank.',
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy: 'Every prompt has a description with some text: hosts show it next to the prompt. The schema makes the description optional.',
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/prompts#prompt',
      quote: '`description`: Optional human-readable description',
    }),
  },
  docs:
    'Hosts show prompts as slash commands or menu entries with their description next to them; without one the ' +
    'user must guess what a prompt does from its name. A prompt passes when its `description` is a string with at ' +
    'least one non-whitespace character. Say what the prompt produces and what its arguments are for.',
  check({ surface, report }) {
    for (const item of items(surface, 'prompts')) {
      if (!item.record) continue; // schema/prompt-shape reports items that are not objects
      if (!Object.hasOwn(item.record, 'description')) {
        report({ message: 'prompt has no description', location: itemLocation(surface, 'prompts', item, '/description') });
        continue;
      }
      const description = item.record.description;
      if (typeof description === 'string' && description.trim() === '') {
        report({ message: 'prompt description is blank', location: itemLocation(surface, 'prompts', item, '/description') });
      }
    }
  },
});
