import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { asRecord } from '../../util/json.js';
import { pointer } from '../../util/json-pointer.js';
import { quote } from '../../util/text.js';
import { asArray, stringField } from '../../util/shape.js';

export const promptArgumentRequiredExplicit = defineRule({
  id: 'schema/prompt-argument-required-explicit',
  family: 'schema',
  needs: ['prompts'],
  description: 'Every prompt argument states `required` as true or false.',
  defaultSeverity: 'info',
  spec: {
    basis: 'policy',
    policy: 'Every prompt argument states `required` as true or false: clients disagree on what a missing one means. The schema makes `required` optional.',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'server',
        section: 'server/prompts#prompt',
        quote: 'PromptArgument: Whether this argument must be provided. required?: boolean;',
        note: '`required` is optional in schema.ts: an argument without it is valid.',
      },
      { '2025-06-18': { section: 'schema#promptargument' } },
    ),
  },
  docs:
    'When an argument leaves out `required`, clients disagree on what it means: some treat the argument as ' +
    'optional and send nothing, others ask the user for it, and the server may then reject the `prompts/get` call. ' +
    'An argument passes when it has `"required": true` or `"required": false`. Add the field to every argument.',
  check({ surface, report }) {
    for (const item of items(surface, 'prompts')) {
      (asArray(item.record?.arguments) ?? []).forEach((entry, index) => {
        const argument = asRecord(entry);
        if (!argument || Object.hasOwn(argument, 'required')) return; // schema/prompt-shape checks its type
        const name = stringField(argument, 'name');
        report({
          message: `prompt argument ${name === undefined ? index : quote(name)} does not say whether it is required`,
          location: itemLocation(surface, 'prompts', item, pointer('arguments', index, 'required')),
          data: { argument: name, index },
        });
      });
    }
  },
});
