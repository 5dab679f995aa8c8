import { resourceLink } from '../../../src/rules/resources/resource-link.js';
import { validInput } from '../../../src/rules/tools/valid-input.js';
import { ruleTester } from '../../support/rule-tester.js';
import type { FakeServerSpec } from '../../support/fake-server.js';
import { DOC, resourceServer } from './support.js';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false };
const linker = { name: 'find_doc', description: 'Find a guide page.', inputSchema: { type: 'object', properties: {} }, annotations: READ_ONLY };
const writer = { name: 'delete_doc', description: 'Delete a guide page.', inputSchema: { type: 'object', properties: {} } };

/** A server whose tools answer with a resource_link to `uri`. */
const linking = (uri: string, tools: unknown[] = [linker]): FakeServerSpec =>
  resourceServer({
    tools,
    handle: (method) => (method === 'tools/call' ? { result: { content: [{ type: 'resource_link', uri, name: 'page' }] } } : undefined),
  });

ruleTester(resourceLink, {
  valid: [{ name: 'the link reads', server: linking(DOC.uri), alongside: [validInput] }],
  invalid: [
    {
      name: 'the link points to nothing',
      server: linking('docs://guide/gone'),
      alongside: [validInput],
      findings: [
        {
          message: 'tool "find_doc" links "docs://guide/gone", which cannot be read: JSON-RPC error -32002 (not found)',
          location: { kind: 'tool', name: 'find_doc' },
        },
      ],
    },
  ],
  skipped: [
    { name: 'the tools rules are not running', server: linking('docs://guide/gone'), skipped: 'the rules that make them are not running' },
    { name: 'the policy calls no tool', server: linking('docs://guide/gone', [writer]), alongside: [validInput], skipped: 'no resource_link content' },
  ],
});
