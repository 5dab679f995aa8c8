import { contentsShape } from '../../../src/rules/resources/contents-shape.js';
import { ruleTester } from '../../support/rule-tester.js';
import { DOC, reading, resourceServer } from './support.js';

const answering = (result: unknown) => resourceServer({ handle: reading(DOC.uri, { result }) });

ruleTester(contentsShape, {
  valid: [
    { name: 'text contents', server: resourceServer() },
    { name: 'blob contents', server: answering({ contents: [{ uri: DOC.uri, mimeType: 'image/png', blob: 'iVBORw0KGgo=' }] }) },
  ],
  invalid: [
    {
      name: 'no contents array',
      server: answering({ text: 'hello' }),
      findings: [{ message: 'the result has no contents array', location: { kind: 'resource', pointer: '/contents' } }],
    },
    {
      name: 'both text and blob',
      server: answering({ contents: [{ uri: DOC.uri, text: 'a', blob: 'YQ==' }] }),
      findings: [{ message: 'has both text and blob', location: { pointer: '/contents/0' } }],
    },
    { name: 'neither text nor blob', server: answering({ contents: [{ uri: DOC.uri }] }), findings: [{ message: 'has neither text nor blob' }] },
    {
      name: 'uri not a string',
      server: answering({ contents: [{ uri: 7, text: 'a' }] }),
      findings: [{ message: 'contents[0].uri must be a string, got number' }],
    },
    { name: 'an item that is not an object', server: answering({ contents: ['text'] }), findings: [{ message: 'contents[0] must be an object, got string' }] },
    {
      name: 'template expansion with a mimeType that is not a string',
      server: resourceServer({
        resources: [],
        handle: reading('docs://pages/intro', { result: { contents: [{ uri: 'docs://pages/intro', mimeType: 1, text: 'a' }] } }),
      }),
      findings: [{ message: 'contents[0].mimeType must be a string', location: { kind: 'resourceTemplate', name: 'docs://pages/{page}' } }],
    },
  ],
  skipped: [{ name: 'nothing to read', server: { resources: [] }, skipped: 'nothing to read' }],
});
