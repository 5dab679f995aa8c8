import { templateRead } from '../../../src/rules/resources/template-read.js';
import { ruleTester } from '../../support/rule-tester.js';
import { reading, resourceServer, TEMPLATE, text } from './support.js';

const completing = { capabilities: { resources: {}, completions: {} }, templateCompletions: { [TEMPLATE.uriTemplate]: { page: ['setup', 'intro'] } } };

ruleTester(templateRead, {
  valid: [
    { name: 'value from the description', server: resourceServer() },
    { name: 'value from completion', server: resourceServer(completing) },
    // basic-memory 0.24.1 (round G): the description writes out an example URI; its scheme is no value of `ref`.
    {
      name: 'value from an example URI the description writes out',
      server: resourceServer({
        resourceTemplates: [{ uriTemplate: 'memory://man/{ref*}', name: 'man', description: 'A manual page, e.g. memory://man/search-notes(3).' }],
        reads: { 'memory://man/search-notes(3)': text('memory://man/search-notes(3)') },
        handle: reading('memory://man/memory', { error: { code: -32603, message: 'No manual entry for memory' } }),
      }),
    },
    {
      name: 'value from the config',
      server: resourceServer({ reads: { 'docs://pages/faq': text('docs://pages/faq') } }),
      settings: { resources: { template_examples: { [TEMPLATE.uriTemplate]: { page: 'faq' } } } },
    },
  ],
  invalid: [
    {
      name: 'a value the server suggested is not found',
      server: resourceServer({ ...completing, handle: reading('docs://pages/setup', { error: { code: -32002, message: 'Resource not found' } }) }),
      findings: [
        {
          message: 'expanded to "docs://pages/setup" (page from completion) cannot be read: JSON-RPC error -32002',
          location: { kind: 'resourceTemplate', name: TEMPLATE.uriTemplate },
        },
      ],
    },
    {
      name: 'a guessed value crashes the server',
      server: resourceServer({ handle: reading('docs://pages/intro', { error: { code: -32603, message: 'TypeError: x is undefined' } }) }),
      findings: [{ message: 'cannot be read: JSON-RPC error -32603' }],
    },
    {
      name: 'empty contents',
      server: resourceServer({ handle: reading('docs://pages/intro', { result: { contents: [] } }) }),
      findings: [{ message: 'answered with empty contents' }],
    },
  ],
  skipped: [
    { name: 'no templates', server: resourceServer({ resourceTemplates: [] }), skipped: 'lists no resource templates' },
    {
      name: 'no value for a variable',
      server: resourceServer({ resourceTemplates: [{ uriTemplate: 'docs://{section}/{page}', name: 'two' }] }),
      skipped: 'no value for "section", "page" from the config or the description',
    },
  ],
});
