import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { duplicates } from '../../util/duplicates.js';
import { pointer } from '../../util/json-pointer.js';
import { quote } from '../../util/text.js';
import { asArray, stringField } from '../../util/shape.js';

export const promptArgumentCaseCollision = defineRule({
  id: 'schema/prompt-argument-case-collision',
  family: 'schema',
  needs: ['prompts'],
  description: 'Within one prompt, no two argument names differ only by letter case.',
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy:
      'No two argument names of one prompt differ only by letter case: forms and clients that normalise case mix them up. Argument names are plain strings to the specification.',
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/prompts#prompt',
      quote: '`arguments`: Optional list of arguments for customization',
      note: 'Argument names are plain strings; the text says nothing about letter case.',
    }),
  },
  docs:
    'Argument names are case-sensitive on the wire, but forms, shells and clients that normalise case do not keep ' +
    '`code` and `Code` apart, so the value meant for one reaches the other. A prompt passes when no two of its ' +
    'argument names are equal once lower-cased. Exact duplicates are reported by schema/prompt-argument-unique, not ' +
    'here. Give the arguments names that differ in more than case.',
  check({ surface, report }) {
    for (const item of items(surface, 'prompts')) {
      const seen = new Set<string>();
      const distinct: { index: number; name: string }[] = [];
      (asArray(item.record?.arguments) ?? []).forEach((entry, index) => {
        const name = stringField(entry, 'name');
        // Exact repeats are schema/prompt-argument-unique's finding: keep the first of each exact name.
        if (name === undefined || seen.has(name)) return;
        seen.add(name);
        distinct.push({ index, name });
      });
      for (const { first, second } of duplicates(distinct, (entry) => entry.name.toLowerCase())) {
        report({
          message: `prompt arguments ${quote(first.name)} and ${quote(second.name)} differ only by case`,
          location: itemLocation(surface, 'prompts', item, pointer('arguments', second.index, 'name')),
          data: { argument: second.name, other: first.name, firstIndex: first.index, index: second.index },
        });
      }
    }
  },
});
