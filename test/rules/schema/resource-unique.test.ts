import { resourceUnique } from '../../../src/rules/schema/resource-unique.js';
import { ruleTester } from '../../support/rule-tester.js';

const resource = (uri: unknown, name = 'r') => ({ uri, name });
const template = (uriTemplate: unknown, name = 't') => ({ uriTemplate, name });

ruleTester(resourceUnique, {
  valid: [
    {
      name: 'distinct uris and templates over two pages',
      server: { resources: [resource('x:a'), resource('x:b'), resource('x:c')], resourceTemplates: [template('x:{a}'), template('y:{a}')] },
    },
    { name: 'same string as a uri and as a template', server: { resources: [resource('x:a')], resourceTemplates: [template('x:a')] } },
    { name: 'uris are compared exactly', server: { resources: [resource('file:///A'), resource('file:///a'), resource(5), resource(5)] } },
    { name: 'same name, different uris', server: { resources: [resource('x:a', 'same'), resource('x:b', 'same')] } },
  ],
  invalid: [
    {
      name: 'resource repeated on page 2',
      server: { resources: [resource('file:///a'), resource('file:///b'), resource('file:///a')] },
      findings: [
        {
          message: 'uri "file:///a" is listed by 2 resources (first at index 0, again at index 2)',
          location: { kind: 'resource', name: 'file:///a', pointer: '/uri' },
          data: { uri: 'file:///a', firstIndex: 0, index: 2, count: 2 },
        },
      ],
    },
    {
      name: 'template repeated',
      server: { resourceTemplates: [template('file:///{path}', 'a'), template('file:///{path}', 'b')] },
      findings: [
        {
          message: 'uriTemplate "file:///{path}" is listed by 2 resource templates',
          location: { kind: 'resourceTemplate', name: 'file:///{path}', pointer: '/uriTemplate' },
          data: { uriTemplate: 'file:///{path}', firstIndex: 0, index: 1 },
        },
      ],
    },
    {
      name: 'three copies reported once',
      server: { resources: [resource('x:a'), resource('x:a'), resource('x:a')] },
      findings: [{ message: 'listed by 3 resources', data: { index: 1, count: 3 } }],
    },
  ],
});
