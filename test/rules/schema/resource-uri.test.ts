import { resourceUri } from '../../../src/rules/schema/resource-uri.js';
import { ruleTester } from '../../support/rule-tester.js';

const resource = (uri: unknown) => ({ uri, name: 'r' });

ruleTester(resourceUri, {
  valid: [
    {
      name: 'standard and custom schemes over two pages',
      server: {
        resources: [
          resource('file:///project/src/main.rs'),
          resource('https://example.com/a?b=c#d'),
          resource('git://example.com/repo.git'),
          resource('my-app+v1://notes/42'),
        ],
      },
    },
    { name: 'percent-encoded bytes', server: { resources: [resource('file:///My%20Documents/caf%C3%A9.txt')] } },
    { name: 'non-string uri is left to resource-shape', server: { resources: [resource(5), resource(null)] } },
  ],
  invalid: [
    {
      name: 'relative path',
      server: { resources: [resource('README.md')] },
      findings: [
        {
          message: 'resource uri "README.md" is not an absolute URI: it has no scheme',
          location: { kind: 'resource', name: 'README.md', pointer: '/uri' },
          data: { uri: 'README.md', column: 1 },
        },
      ],
    },
    {
      name: 'unencoded space',
      server: { resources: [resource('file:///my file.txt')] },
      findings: [{ message: 'it contains whitespace " " (column 11)', data: { column: 11 } }],
    },
    {
      name: 'braces of an unexpanded template',
      server: { resources: [resource('file:///{path}')] },
      findings: [{ message: 'contains "{", which must be percent-encoded (column 9)' }],
    },
    {
      name: 'stray percent sign',
      server: { resources: [resource('file:///100%')] },
      findings: [{ message: '"%" not followed by two hex digits (column 12)' }],
    },
    { name: 'invalid scheme', server: { resources: [resource('my_app://x')] }, findings: [{ message: 'its scheme contains "_"' }] },
    {
      name: 'bad uri on page 2',
      server: { resources: [resource('x:a'), resource('x:b'), resource('c d')] },
      findings: [{ location: { kind: 'resource', name: 'c d', pointer: '/uri' } }],
    },
  ],
});
