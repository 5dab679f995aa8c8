import { contentsMatch } from '../../../src/rules/resources/contents-match.js';
import { ruleTester } from '../../support/rule-tester.js';
import { DOC, reading, resourceServer, TEMPLATE, text } from './support.js';

/** @mapbox/mcp-server 0.14.0's answer to a template value it does not serve (round E), as content. */
const REFUSAL = 'Computed resource ref was malformed or unsupported.';
const GUESSED = 'docs://pages/intro';
const configured = { resources: { template_examples: { [TEMPLATE.uriTemplate]: { page: 'intro' } } } };

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
    {
      name: 'a listed resource that answers with a refusal in words is still judged',
      server: resourceServer({ handle: reading(DOC.uri, text(DOC.uri, 'text/plain', REFUSAL)) }),
      findings: [{ message: 'contradicts the listed mimeType "text/markdown"', location: { kind: 'resource', pointer: '/contents/0/mimeType' } }],
    },
    {
      name: 'a refusal of a configured template value is still judged',
      server: resourceServer({ reads: { [GUESSED]: text(GUESSED, 'text/plain', REFUSAL) } }),
      settings: configured,
      findings: [{ message: `resources/read of "${GUESSED}": contents[0].mimeType "text/plain" contradicts`, location: { kind: 'resourceTemplate' } }],
    },
    {
      name: 'data of another type for a value mcpact chose is still judged (JSON is no refusal in words)',
      server: resourceServer({ reads: { [GUESSED]: text(GUESSED, 'application/json', '{"error": "unsupported"}') } }),
      findings: [{ message: 'contradicts the listed mimeType "text/markdown"', location: { kind: 'resourceTemplate' } }],
    },
  ],
  inconclusive: [
    {
      name: 'a refusal in words of a template value mcpact chose is not the resource (mapbox, round E)',
      server: resourceServer({ reads: { [GUESSED]: text(GUESSED, 'text/plain', REFUSAL) } }),
      reason: `resources/read of "${GUESSED}" (expanded from template "docs://pages/{page}" (page from description)) answered with a refusal in words, not the resource (it reads as a refusal ("malformed"): "${REFUSAL}")`,
    },
  ],
});
