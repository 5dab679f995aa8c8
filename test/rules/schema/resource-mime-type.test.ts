import { resourceMimeType } from '../../../src/rules/schema/resource-mime-type.js';
import { ruleTester } from '../../support/rule-tester.js';

const resource = (uri: string, mimeType?: unknown) => ({ uri, name: 'r', ...(mimeType === undefined ? {} : { mimeType }) });
const template = (uriTemplate: string, mimeType?: unknown) => ({ uriTemplate, name: 't', ...(mimeType === undefined ? {} : { mimeType }) });

ruleTester(resourceMimeType, {
  valid: [
    {
      name: 'media types on resources and templates',
      server: {
        resources: [resource('x:a', 'text/markdown'), resource('x:b', 'application/json; charset=utf-8'), resource('x:c', 'inode/directory')],
        resourceTemplates: [template('x:{a}', 'application/octet-stream'), template('x:{b}', 'image/svg+xml')],
      },
    },
    {
      name: 'no mimeType, or not a string (resource-shape)',
      server: { resources: [resource('x:a'), resource('x:b', 5)], resourceTemplates: [template('x:{a}')] },
    },
  ],
  invalid: [
    {
      name: 'file extension instead of a media type',
      server: { resources: [resource('file:///a.md', 'md')] },
      findings: [
        {
          message: 'mimeType "md" is not a media type: it has no "/" between type and subtype (column 1)',
          location: { kind: 'resource', name: 'file:///a.md', pointer: '/mimeType' },
          data: { mimeType: 'md', column: 1 },
        },
      ],
    },
    {
      name: 'wildcard on a template',
      server: { resourceTemplates: [template('file:///{path}', 'text/*')] },
      findings: [
        { message: 'subtype "*" is not an RFC 6838 name (column 6)', location: { kind: 'resourceTemplate', name: 'file:///{path}', pointer: '/mimeType' } },
      ],
    },
    {
      name: 'parameter without a value',
      server: { resources: [resource('x:a', 'text/plain; charset')] },
      findings: [{ message: 'unexpected "c" in the parameters' }],
    },
    {
      name: 'both lists, bad item on page 2',
      server: {
        resources: [resource('x:a', 'text/plain'), resource('x:b', 'text/plain'), resource('x:c', 'text plain')],
        resourceTemplates: [template('x:{a}', 'application/ json')],
      },
      findings: [{ location: { kind: 'resource', name: 'x:c' } }, { message: 'subtype " json"', location: { kind: 'resourceTemplate', name: 'x:{a}' } }],
    },
  ],
});
