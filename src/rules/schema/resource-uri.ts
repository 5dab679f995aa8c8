import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { quote } from '../../util/text.js';
import { stringField } from '../../util/shape.js';
import { absoluteUriProblem } from '../../util/uri.js';

export const resourceUri = defineRule({
  id: 'schema/resource-uri',
  family: 'schema',
  needs: ['resources'],
  description: 'Each resource uri is an absolute URI (RFC 3986): a scheme, then only characters a URI may contain.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'R6',
    texts: since(
      '2024-11-05',
      { keyword: 'SCHEMA', binds: 'server', section: 'server/resources#resource', quote: 'Resource: The URI of this resource. @format uri' },
      {
        '2025-06-18': {
          keyword: 'MUST',
          section: 'server/resources#custom-uri-schemes',
          quote: 'Custom URI schemes MUST be in accordance with RFC3986, taking the above guidance in to account.',
          note: 'The standard schemes are URIs by definition: schema.ts declares Resource.uri `@format uri`.',
        },
      },
    ),
  },
  docs:
    'A resource is identified by its URI: clients pass it back to `resources/read` and `resources/subscribe`, and ' +
    'URL parsers reject or rewrite one that is not a valid URI, so the resource cannot be read. MCP requires URIs ' +
    '(custom schemes included) to follow RFC 3986. A `uri` passes when it starts with a scheme such as `file:` or ' +
    '`myapp:` and contains no whitespace, no control characters, none of `< > " { } | \\ ^` and no backtick, and ' +
    'every `%` starts a percent-encoded byte. Give paths a scheme (`file:///…`) and percent-encode spaces and ' +
    'other excluded characters (`%20`).',
  check({ surface, report }) {
    for (const item of items(surface, 'resources')) {
      const uri = stringField(item.record, 'uri');
      if (uri === undefined) continue; // schema/resource-shape reports it
      const problem = absoluteUriProblem(uri);
      if (!problem) continue;
      report({
        message: `resource uri ${quote(uri)} is not an absolute URI: ${problem.message} (column ${problem.column})`,
        location: itemLocation(surface, 'resources', item, '/uri'),
        data: { uri, column: problem.column },
      });
    }
  },
});
