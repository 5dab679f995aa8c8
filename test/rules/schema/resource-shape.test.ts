import { resourceShape } from '../../../src/rules/schema/resource-shape.js';
import { ruleTester } from '../../support/rule-tester.js';

const resource = (uri: string, extra: Record<string, unknown> = {}) => ({ uri, name: uri.split('/').pop(), ...extra });

ruleTester(resourceShape, {
  valid: [
    {
      name: 'every field with its type',
      server: {
        resources: [resource('file:///project/README.md', { title: 'Readme', description: 'Docs.', mimeType: 'text/markdown', size: 1024 })],
      },
    },
    { name: 'minimal resources over two pages, size zero', server: { resources: [resource('x:a'), resource('x:b'), resource('x:c', { size: 0 })] } },
    { name: 'URI and MIME syntax are other rules', server: { resources: [{ uri: 'not a uri', name: 'n', mimeType: 'md', annotations: 5 }] } },
  ],
  invalid: [
    {
      name: 'item is a number',
      server: { resources: [42] },
      findings: [{ message: 'resource must be a JSON object, got number', location: { kind: 'resource', name: '#0' }, data: { index: 0 } }],
    },
    {
      name: 'uri missing: the item is named by its name',
      server: { resources: [{ name: 'readme' }] },
      findings: [{ message: 'resource "uri" is missing: it must be a string', location: { kind: 'resource', name: 'readme', pointer: '/uri' } }],
    },
    {
      name: 'name missing',
      server: { resources: [{ uri: 'file:///a' }] },
      findings: [{ message: '"name" is missing', location: { name: 'file:///a', pointer: '/name' } }],
    },
    {
      name: 'optional strings of the wrong type',
      server: { resources: [resource('file:///a', { title: 1, description: false, mimeType: null })] },
      findings: [
        { message: '"description" must be a string, got boolean', location: { pointer: '/description' } },
        { message: '"mimeType" must be a string, got null', location: { pointer: '/mimeType' } },
        { message: '"title" must be a string, got number', location: { pointer: '/title' } },
      ],
    },
    {
      name: 'negative size',
      server: { resources: [resource('file:///a', { size: -1 })] },
      findings: [{ message: 'resource "size" must be a non-negative integer, got -1', location: { kind: 'resource', name: 'file:///a', pointer: '/size' } }],
    },
    { name: 'fractional size', server: { resources: [resource('file:///a', { size: 1.5 })] }, findings: [{ message: 'got 1.5' }] },
    { name: 'size as a string', server: { resources: [resource('file:///a', { size: '10' })] }, findings: [{ message: 'got "10"', data: { got: 'string' } }] },
    {
      name: 'one broken resource among good ones (page 2)',
      server: { resources: [resource('x:a'), resource('x:b'), { uri: 'x:c', name: 3 }] },
      findings: [{ location: { kind: 'resource', name: 'x:c', pointer: '/name' } }],
    },
  ],
});
