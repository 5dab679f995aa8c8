import { resourceTemplateUri } from '../../../src/rules/schema/resource-template-uri.js';
import { ruleTester } from '../../support/rule-tester.js';

const template = (uriTemplate: unknown) => ({ uriTemplate, name: 't' });

ruleTester(resourceTemplateUri, {
  valid: [
    { name: 'example from the specification', server: { resourceTemplates: [template('file:///{path}')] } },
    {
      name: 'level 2 to 4 expressions over two pages',
      server: {
        resourceTemplates: [
          template('{+base}/search{?q,lang}{#section}'),
          template('users://{user_id}/posts{/post_id*}'),
          template('x:{term:1}/{term}{;keys*}'),
        ],
      },
    },
    { name: 'non-string uriTemplate is left to resource-template-shape', server: { resourceTemplates: [template(1)] } },
  ],
  invalid: [
    {
      name: 'unclosed expression',
      server: { resourceTemplates: [template('file:///{path')] },
      findings: [
        {
          message: 'uriTemplate "file:///{path" is not a valid RFC 6570 URI template: "{" is never closed (column 9)',
          location: { kind: 'resourceTemplate', name: 'file:///{path', pointer: '/uriTemplate' },
          data: { uriTemplate: 'file:///{path', column: 9 },
        },
      ],
    },
    {
      name: 'hyphen in a variable name',
      server: { resourceTemplates: [template('users://{user-id}')] },
      findings: [{ message: 'unexpected "-" in an expression (column 14)' }],
    },
    { name: 'reserved operator', server: { resourceTemplates: [template('x:{=var}')] }, findings: [{ message: 'operator "=" is reserved' }] },
    { name: 'nested braces', server: { resourceTemplates: [template('x:{a{b}}')] }, findings: [{ message: 'expressions cannot nest (column 5)' }] },
    {
      name: 'space in a literal',
      server: { resourceTemplates: [template('file:///My Files/{name}')] },
      findings: [{ message: '" " is not allowed in a URI template (column 11)' }],
    },
    {
      name: 'bad template on page 2',
      server: { resourceTemplates: [template('x:{a}'), template('x:{b}'), template('x:{c:0}')] },
      findings: [{ message: 'prefix length', location: { kind: 'resourceTemplate', name: 'x:{c:0}' } }],
    },
  ],
});
