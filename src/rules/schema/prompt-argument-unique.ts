import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
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
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy:
      'No two arguments of one prompt share a name: prompts/get passes arguments keyed by name, so only one of them could get a value. No sentence says argument names are distinct.',
    checklist: 'PR2',
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/prompts#prompt',
      quote: '`arguments`: Optional list of arguments for customization',
      note: 'Neither the text nor schema.ts says anything about argument names being distinct; prompts/get passes arguments as an object keyed by name (GetPromptRequest), so of two arguments with one name only one can get a value.',
    }),
  },
  docs:
    '`prompts/get` passes arguments as an object keyed by name, so two arguments with the same name cannot both be ' +
    'given a value, and a form built from the list shows the same field twice. Names are compared exactly; each ' +
    'duplicated name is reported once, at its second occurrence. Rename or remove one of the arguments. The ' +
    'specification says nothing about argument names being distinct, so this is a warning.',
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
