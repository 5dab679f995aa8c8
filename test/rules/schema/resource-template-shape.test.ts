import { resourceTemplateShape } from '../../../src/rules/schema/resource-template-shape.js';
import { ruleTester } from '../../support/rule-tester.js';

const template = (uriTemplate: string, extra: Record<string, unknown> = {}) => ({ uriTemplate, name: 'Files', ...extra });

ruleTester(resourceTemplateShape, {
  valid: [
    {
      name: 'example from the specification',
      server: {
        resourceTemplates: [template('file:///{path}', { title: '📁 Project Files', description: 'Access files', mimeType: 'application/octet-stream' })],
      },
    },
    { name: 'minimal templates over two pages', server: { resourceTemplates: [template('x:{a}'), template('x:{b}'), template('x:{c}')] } },
    { name: 'template syntax is another rule', server: { resourceTemplates: [template('{unclosed')] } },
  ],
  invalid: [
    {
      name: 'item is an array',
      server: { resourceTemplates: [['file:///{path}']] },
      findings: [{ message: 'resource template must be a JSON object, got array', location: { kind: 'resourceTemplate', name: '#0' } }],
    },
    {
      name: 'uriTemplate missing',
      server: { resourceTemplates: [{ name: 'files' }] },
      findings: [{ message: 'resource template "uriTemplate" is missing', location: { kind: 'resourceTemplate', name: 'files', pointer: '/uriTemplate' } }],
    },
    {
      name: 'uri given instead of uriTemplate, and no name',
      server: { resourceTemplates: [{ uri: 'file:///{path}' }] },
      findings: [
        { message: '"name" is missing', location: { name: '#0', pointer: '/name' } },
        { message: '"uriTemplate" is missing', location: { name: '#0', pointer: '/uriTemplate' } },
      ],
    },
    {
      name: 'optional strings of the wrong type',
      server: { resourceTemplates: [template('x:{a}', { mimeType: ['text/plain'], title: {} })] },
      findings: [
        { message: '"mimeType" must be a string, got array', location: { name: 'x:{a}', pointer: '/mimeType' } },
        { message: '"title" must be a string, got object', location: { name: 'x:{a}', pointer: '/title' } },
      ],
    },
    {
      name: 'one broken template among good ones (page 2)',
      server: { resourceTemplates: [template('x:{a}'), template('x:{b}'), template('x:{c}', { description: 1 })] },
      findings: [{ location: { kind: 'resourceTemplate', name: 'x:{c}', pointer: '/description' } }],
    },
  ],
});
