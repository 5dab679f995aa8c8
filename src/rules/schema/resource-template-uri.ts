import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { quote } from '../../util/text.js';
import { stringField } from '../../util/shape.js';
import { parseUriTemplate } from '../../util/uri-template.js';

export const resourceTemplateUri = defineRule({
  id: 'schema/resource-template-uri',
  family: 'schema',
  needs: ['resourceTemplates'],
  description: 'Each resource template uriTemplate is a valid RFC 6570 URI template.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'R2',
    texts: since(
      '2024-11-05',
      {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/resources#resource-templates',
        quote: 'ResourceTemplate: A URI template (according to RFC 6570) that can be used to construct resource URIs. @format uri-template',
      },
      { '2025-06-18': { section: 'schema#resourcetemplate' } },
    ),
  },
  docs:
    'Clients expand `uriTemplate` with an RFC 6570 library to build the URI they read, and offer completion for its ' +
    'variables; a template such a library rejects makes the whole template unusable. A template passes when every ' +
    'expression is closed and not nested, uses no reserved operator (`= , ! @ |`), names variables with letters, ' +
    'digits, `_`, percent-encoded bytes and inner dots only, has prefix modifiers from `:1` to `:9999`, and its ' +
    'literal text has no spaces, control characters, quotes, backticks, `< > \\ ^ |` or lone `%`. For example ' +
    'write `users://{user_id}/profile`, not `users://{user-id}/profile`.',
  check({ surface, report }) {
    for (const item of items(surface, 'resourceTemplates')) {
      const uriTemplate = stringField(item.record, 'uriTemplate');
      if (uriTemplate === undefined) continue; // schema/resource-template-shape reports it
      const parsed = parseUriTemplate(uriTemplate);
      if (parsed.ok) continue;
      report({
        message: `uriTemplate ${quote(uriTemplate)} is not a valid RFC 6570 URI template: ${parsed.message} (column ${parsed.column})`,
        location: itemLocation(surface, 'resourceTemplates', item, '/uriTemplate'),
        data: { uriTemplate, column: parsed.column },
      });
    }
  },
});
