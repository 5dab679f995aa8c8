import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { asRecord, jsonType } from '../../util/json.js';
import { pointer } from '../../util/json-pointer.js';
import { asArray, fieldProblems, type Field } from '../../util/shape.js';

const PROMPT_FIELDS: readonly Field[] = [
  { key: 'name', kind: 'string', required: true },
  { key: 'title', kind: 'string' },
  { key: 'description', kind: 'string' },
  { key: 'arguments', kind: 'array' },
];

const ARGUMENT_FIELDS: readonly Field[] = [
  { key: 'name', kind: 'string', required: true },
  { key: 'title', kind: 'string' },
  { key: 'description', kind: 'string' },
  { key: 'required', kind: 'boolean' },
];

export const promptShape = defineRule({
  id: 'schema/prompt-shape',
  family: 'schema',
  needs: ['prompts'],
  description: 'Each prompt is an object with a string name, and each of its arguments an object with a string name.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'PR2',
    texts: since(
      '2024-11-05',
      { keyword: 'SCHEMA', binds: 'server', section: 'server/prompts#prompt', quote: 'Prompt.name: string' },
      { '2025-06-18': { section: 'schema#prompt', quote: 'BaseMetadata.name: string', note: 'Prompt and PromptArgument extend BaseMetadata (name, title).' } },
    ),
  },
  docs:
    'Clients decode `prompts/list` against the MCP schema and build slash commands and argument forms from it; one ' +
    'malformed prompt can make them drop the list. Each prompt must be a JSON object with a string `name`; `title` ' +
    'and `description` are strings and `arguments` an array when present. Each argument is an object with a ' +
    'string `name`, optional string `title` and `description`, and an optional boolean `required`. Fix the prompt ' +
    'definition so each field has its schema type, or leave the optional field out.',
  check({ surface, report }) {
    for (const item of items(surface, 'prompts')) {
      if (!item.record) {
        report({
          message: `prompt must be a JSON object, got ${jsonType(item.raw)}`,
          location: itemLocation(surface, 'prompts', item),
          data: { index: item.index },
        });
        continue;
      }
      for (const problem of fieldProblems(item.record, PROMPT_FIELDS)) {
        report({
          message: `prompt ${problem.message}`,
          location: itemLocation(surface, 'prompts', item, pointer(problem.key)),
          data: { field: problem.key, got: problem.got },
        });
      }
      asArray(item.record.arguments)?.forEach((entry, index) => {
        const argument = asRecord(entry);
        if (!argument) {
          report({
            message: `prompt argument ${index} must be a JSON object, got ${jsonType(entry)}`,
            location: itemLocation(surface, 'prompts', item, pointer('arguments', index)),
            data: { index },
          });
          return;
        }
        for (const problem of fieldProblems(argument, ARGUMENT_FIELDS)) {
          report({
            message: `prompt argument ${index} ${problem.message}`,
            location: itemLocation(surface, 'prompts', item, pointer('arguments', index, problem.key)),
            data: { index, field: problem.key, got: problem.got },
          });
        }
      });
    }
  },
});
