import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { asRecord } from '../../util/json.js';
import { mutatingVerb } from '../../util/mutating-verbs.js';
import { quote } from '../../util/text.js';

export const annotationMismatch = defineRule({
  id: 'security/annotation-mismatch',
  family: 'security',
  needs: ['tools', 'prompts', 'resources', 'resourceTemplates'],
  description: 'A tool annotated readOnlyHint: true is not named or described as deleting, writing or sending.',
  defaultSeverity: 'warning',
  spec: {
    basis: 'policy',
    policy:
      "A tool annotated readOnlyHint: true is not named or described as deleting, writing or sending: hosts skip the confirmation for read-only tools. Matching names and descriptions against the hint is a heuristic of mcpact's.",
    texts: since(
      '2025-03-26',
      {
        keyword: 'none',
        binds: 'server',
        section: 'server/tools#tool',
        quote: 'ToolAnnotations: If true, the tool does not modify its environment.',
        note: 'What readOnlyHint means; the check of names and descriptions against it is a heuristic.',
      },
      { '2025-06-18': { section: 'schema#toolannotations' } },
    ),
  },
  docs:
    'Hosts use `readOnlyHint: true` to run a tool without asking the user. A tool whose name starts with a ' +
    'mutating verb (`delete_file`, `sendEmail`, `push_branch`) or whose description opens with one ("Deletes ' +
    'the file ...", "Permanently removes ...") while claiming to be read-only either carries a wrong hint (a bug ' +
    "that skips the user's confirmation) or lies on purpose. Only the verb position counts: `list_deleted_items` " +
    'or "Lists files; never deletes anything" pass. mcpact\'s safe-call policy does not call such a tool with ' +
    'valid input unless `calls.allow` names it. Fix the hint (and set `destructiveHint`), or re-level the rule ' +
    'for the server if the verb is misleading.',
  check({ surface, report }) {
    for (const item of items(surface, 'tools')) {
      const record = item.record;
      if (asRecord(record?.annotations)?.readOnlyHint !== true || typeof record?.name !== 'string') continue;
      const found = mutatingVerb(record.name, record.description);
      if (!found) continue;
      const said = found.source === 'name' ? record.name : String(record.description);
      report({
        message: `tool is annotated readOnlyHint: true but its ${found.source} says it will ${found.verb} (${quote(said, 60)})`,
        location: itemLocation(surface, 'tools', item, '/annotations/readOnlyHint'),
        data: { ...found },
      });
    }
  },
});
