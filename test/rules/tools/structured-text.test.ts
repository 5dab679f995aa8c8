import { structuredText } from '../../../src/rules/tools/structured-text.js';
import { ruleTester } from '../../support/rule-tester.js';
import { READ_ONLY, text, toolError, toolsServer, type FakeTool } from './tools-fake.js';

const stats = (run: FakeTool['run']): FakeTool => ({
  definition: { name: 'stats', description: 'Repository statistics.', inputSchema: { type: 'object' }, annotations: READ_ONLY },
  run,
});

ruleTester(structuredText, {
  valid: [
    { name: 'same JSON, other key order and spacing', server: toolsServer([stats(() => text('{ "b": 2, "a": 1 }', { structuredContent: { a: 1, b: 2 } }))]) },
    {
      name: 'isError results are exempt',
      server: toolsServer([
        stats(() => toolError('failed')),
        { ...stats(() => text('{"a":1}', { structuredContent: { a: 1 } })), definition: { ...stats(() => text('')).definition, name: 'stats2' } },
      ]),
    },
  ],
  invalid: [
    {
      name: 'no text copy',
      server: toolsServer([stats(() => ({ result: { content: [], structuredContent: { a: 1 } } }))]),
      findings: [{ location: { kind: 'tool', name: 'stats' }, message: 'without the same JSON in a text block', data: { level: 'SHOULD' } }],
    },
    {
      name: 'a different JSON in the text',
      server: toolsServer([stats(() => text('{"a":2}', { structuredContent: { a: 1 } }))]),
      findings: [{ message: 'revision 2025-11-25, SHOULD' }],
    },
  ],
  skipped: [{ name: 'no structured results', server: toolsServer([stats(() => text('plain'))]), skipped: 'no valid-input call returned structuredContent' }],
});
