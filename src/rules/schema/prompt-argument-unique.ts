import { defineRule } from '../../engine/rule.js';
import { itemLocation, items } from '../../surface/items.js';
import { duplicates } from '../../util/duplicates.js';
import { pointer } from '../../util/json-pointer.js';
import { quote } from '../../util/text.js';
import { asArray, stringField } from '../../util/shape.js';

export const promptArgumentUnique = defineRule({
  id: 'schema/prompt-argument-unique',
  family: 'schema',
  needs: ['prompts'],
  description: 'Within one prompt, no two arguments share a name.',
  defaultSeverity: 'error',
  spec: { revision: '2025-11-25', level: 'SCHEMA', section: 'server/prompts#prompt', checklist: 'PR2' },
  docs:
    '`prompts/get` passes arguments as an object keyed by name, so two arguments with the same name cannot both be ' +
    'given a value, and a form built from the list shows the same field twice. Names are compared exactly; each ' +
    'duplicated name is reported once, at its second occurrence. Rename or remove one of the arguments.',
  check({ surface, report }) {
    for (const item of items(surface, 'prompts')) {
      const entries = (asArray(item.record?.arguments) ?? []).map((entry, index) => ({ index, name: stringField(entry, 'name') }));
      for (const { key: argument, first, second, count } of duplicates(entries, (entry) => entry.name)) {
        report({
          message: `prompt argument ${quote(argument)} is declared ${count} times (first at index ${first.index}, again at index ${second.index})`,
          location: itemLocation(surface, 'prompts', item, pointer('arguments', second.index, 'name')),
          data: { argument, firstIndex: first.index, index: second.index, count },
        });
      }
    }
  },
});
