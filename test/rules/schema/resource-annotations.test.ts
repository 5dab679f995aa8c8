import { resourceAnnotations } from '../../../src/rules/schema/resource-annotations.js';
import { ruleTester } from '../../support/rule-tester.js';

const resource = (uri: string, annotations?: unknown) => ({ uri, name: 'r', ...(annotations === undefined ? {} : { annotations }) });
const template = (uriTemplate: string, annotations?: unknown) => ({ uriTemplate, name: 't', ...(annotations === undefined ? {} : { annotations }) });

ruleTester(resourceAnnotations, {
  valid: [
    {
      name: 'example from the specification',
      server: { resources: [resource('file:///project/README.md', { audience: ['user'], priority: 0.8, lastModified: '2025-01-12T15:00:58Z' })] },
    },
    {
      name: 'bounds, offsets and templates',
      server: {
        resources: [
          resource('x:a', { audience: ['user', 'assistant'], priority: 0 }),
          resource('x:b', { priority: 1, lastModified: '2025-01-12T15:00:58.250+02:00' }),
          resource('x:c'),
        ],
        resourceTemplates: [template('x:{a}', { audience: [] }), template('x:{b}', {})],
      },
    },
  ],
  invalid: [
    {
      name: 'annotations not an object',
      server: { resources: [resource('x:a', 'user')] },
      findings: [{ message: 'resource annotations must be an object, got string', location: { kind: 'resource', name: 'x:a', pointer: '/annotations' } }],
    },
    {
      name: 'audience not an array',
      server: { resources: [resource('x:a', { audience: 'user' })] },
      findings: [{ message: '"audience" must be an array, got string', location: { pointer: '/annotations/audience' } }],
    },
    {
      name: 'unknown audience entry',
      server: { resources: [resource('x:a', { audience: ['user', 'bot'] })] },
      findings: [{ message: '"audience" entry "bot" must be "user" or "assistant"', location: { pointer: '/annotations/audience/1' }, data: { value: 'bot' } }],
    },
    {
      name: 'priority above 1',
      server: { resources: [resource('x:a', { priority: 1.5 })] },
      findings: [{ message: '"priority" must be a number from 0 to 1, got 1.5', location: { pointer: '/annotations/priority' } }],
    },
    { name: 'priority as a string', server: { resources: [resource('x:a', { priority: '0.5' })] }, findings: [{ message: 'got "0.5"' }] },
    {
      name: 'lastModified in epoch seconds',
      server: { resources: [resource('x:a', { lastModified: 1736694058 })] },
      findings: [
        {
          message: '"lastModified" must be an ISO 8601 date-time such as "2025-01-12T15:00:58Z", got 1736694058',
          location: { pointer: '/annotations/lastModified' },
        },
      ],
    },
    {
      name: 'lastModified as a date only',
      server: { resources: [resource('x:a', { lastModified: '2025-01-12' })] },
      findings: [{ message: 'got "2025-01-12"' }],
    },
    {
      name: 'template annotations',
      server: { resourceTemplates: [template('x:{a}', { priority: -0.1 })] },
      findings: [
        { message: 'resource template annotations "priority"', location: { kind: 'resourceTemplate', name: 'x:{a}', pointer: '/annotations/priority' } },
      ],
    },
    {
      name: 'one finding per bad field, on page 2',
      server: { resources: [resource('x:a'), resource('x:b', {}), resource('x:c', { audience: 'all', priority: 2, lastModified: 'yesterday' })] },
      findings: [
        { location: { name: 'x:c', pointer: '/annotations/audience' } },
        { location: { name: 'x:c', pointer: '/annotations/lastModified' } },
        { location: { name: 'x:c', pointer: '/annotations/priority' } },
      ],
    },
  ],
});
