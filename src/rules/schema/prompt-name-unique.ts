import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { duplicates } from '../../util/duplicates.js';
import { quote } from '../../util/text.js';
import { stringField } from '../../util/shape.js';

export const promptNameUnique = defineRule({
  id: 'schema/prompt-name-unique',
  family: 'schema',
  needs: ['prompts'],
  description: 'No two prompts share a name, across all pages of prompts/list.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'PR2',
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/prompts#prompt',
      quote: '`name`: Unique identifier for the prompt',
      note: 'A description, not a requirement: neither the text nor schema.ts states a level for unique prompt names.',
    }),
  },
  docs:
    'A prompt is identified by its name: `prompts/get` takes only the name, so of two prompts that share one, only ' +
    'one can ever be fetched, and clients that key prompts by name drop the other. Names are compared exactly over ' +
    'every page of `prompts/list`; each duplicated name is reported once, at its second occurrence. Rename one of ' +
    'the prompts, or merge them. The specification calls the name a unique identifier but states no level, so ' +
    'this is a warning.',
  check({ surface, report }) {
    const named = duplicates(items(surface, 'prompts'), (item) => stringField(item.record, 'name'));
    for (const { key: name, first, second, count } of named) {
      report({
        message: `prompt name ${quote(name)} is used by ${count} prompts (first at index ${first.index}, again at index ${second.index})`,
        location: itemLocation(surface, 'prompts', second, '/name'),
        data: { name, firstIndex: first.index, index: second.index, count },
      });
    }
  },
});
