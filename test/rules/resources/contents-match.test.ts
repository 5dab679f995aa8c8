import { contentsMatch } from '../../../src/rules/resources/contents-match.js';
import { ruleTester } from '../../support/rule-tester.js';
import { DOC, reading, resourceServer, text } from './support.js';

ruleTester(contentsMatch, {
  valid: [
    { name: 'same uri and mimeType', server: resourceServer() },
    {
      name: 'percent-encoding aside',
      server: resourceServer({ resources: [{ ...DOC, uri: 'docs://guide/a%20b' }], reads: { 'docs://guide/a%20b': text('docs://guide/a b') } }),
    },
    { name: 'a listed mimeType that is no media type (schema/resource-mime-type)', server: resourceServer({ resources: [{ ...DOC, mimeType: 'markdown' }] }) },
    { name: 'parameters aside', server: resourceServer({ handle: reading(DOC.uri, text(DOC.uri, 'text/markdown; charset=utf-8')) }) },
    {
      name: 'several items with sub-resource uris',
      server: resourceServer({
        handle: reading(DOC.uri, {
          result: {
            contents: [
              { uri: `${DOC.uri}/a`, text: 'a' },
              { uri: `${DOC.uri}/b`, text: 'b' },
            ],
          },
        }),
      }),
    },
  ],
  invalid: [
    {
      name: 'another uri',
      server: resourceServer({ handle: reading(DOC.uri, text('docs://guide/other')) }),
      findings: [{ message: 'answered with contents for "docs://guide/other"' }],
    },
    {
      name: 'mimeType contradicts the listing',
      server: resourceServer({ handle: reading(DOC.uri, text(DOC.uri, 'application/json')) }),
      findings: [{ message: 'contradicts the listed mimeType "text/markdown"', location: { kind: 'resource', pointer: '/contents/0/mimeType' } }],
    },
  ],
});
