import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { itemLocation, items } from '../../surface/items.js';
import { mediaTypeProblem } from '../../util/media-type.js';
import { quote } from '../../util/text.js';
import { stringField } from '../../util/shape.js';

export const resourceMimeType = defineRule({
  id: 'schema/resource-mime-type',
  family: 'schema',
  needs: ['resources', 'resourceTemplates'],
  description: 'The mimeType of resources and resource templates, when present, is a type/subtype media type.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'R2',
    texts: since(
      '2024-11-05',
      {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/resources#resource',
        quote: 'Resource: The MIME type of this resource, if known. mimeType?: string;',
        note: 'A MIME type is type/subtype (RFC 6838); ResourceTemplate.mimeType is documented the same way.',
      },
      { '2025-06-18': { section: 'schema#resource' } },
    ),
  },
  docs:
    'Clients pick a viewer or decoder for a resource from its `mimeType`; a value that does not parse as a media ' +
    'type falls back to raw bytes or is rejected. A `mimeType` on a resource or a resource template passes when it ' +
    'is `type/subtype`, both RFC 6838 names (a letter or digit, then letters, digits and `! # $ & ^ _ . + -`), ' +
    'optionally followed by `; name=value` parameters. Use registered types such as `text/markdown` or ' +
    '`application/json`, not file extensions (`md`) or wildcards (`text/*`).',
  check({ surface, report }) {
    for (const kind of ['resources', 'resourceTemplates'] as const) {
      for (const item of items(surface, kind)) {
        const mimeType = stringField(item.record, 'mimeType');
        if (mimeType === undefined) continue; // the shape rules report a mimeType that is not a string
        const problem = mediaTypeProblem(mimeType);
        if (!problem) continue;
        report({
          message: `mimeType ${quote(mimeType)} is not a media type: ${problem.message} (column ${problem.column})`,
          location: itemLocation(surface, kind, item, '/mimeType'),
          data: { mimeType, column: problem.column },
        });
      }
    }
  },
});
