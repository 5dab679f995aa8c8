import { structuredContent } from '../../../src/rules/tools/structured-content.js';
import { ruleTester } from '../../support/rule-tester.js';
import { READ_ONLY, text, toolError, toolsServer, type FakeTool } from './tools-fake.js';

const weather = (run: FakeTool['run']): FakeTool => ({
  definition: {
    name: 'weather',
    description: 'Current weather for a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    outputSchema: { type: 'object', properties: { temperature: { type: 'number' } }, required: ['temperature'] },
    annotations: READ_ONLY,
  },
  run,
});

ruleTester(structuredContent, {
  valid: [
    { name: 'conforming structured content', server: toolsServer([weather(() => text('{"temperature":21}', { structuredContent: { temperature: 21 } }))]) },
    { name: 'isError results are exempt', server: toolsServer([weather(() => toolError('city not found'))]) },
  ],
  invalid: [
    {
      name: 'no structured content',
      server: toolsServer([weather(() => text('21 degrees'))]),
      findings: [{ location: { kind: 'tool', name: 'weather', pointer: '/outputSchema' }, message: 'has no structuredContent', data: { level: 'MUST' } }],
    },
    {
      name: 'structured content the schema rejects; values hidden without --show-values',
      server: toolsServer([weather(() => text('{}', { structuredContent: { temperature: 'warm' } }))]),
      findings: [
        {
          message: 'that its outputSchema rejects: "/temperature must be number"',
          data: { errors: ['/temperature must be number'], structuredContent: { keys: ['temperature'] } },
        },
      ],
    },
  ],
  skipped: [
    {
      name: 'no outputSchema',
      server: toolsServer([{ definition: { name: 'echo', inputSchema: { type: 'object' }, annotations: READ_ONLY } }]),
      skipped: 'no tool declares',
    },
    {
      name: 'not allowed to call',
      server: toolsServer([{ ...weather(() => text('x')), definition: { ...weather(() => text('x')).definition, annotations: {} } }]),
      skipped: 'safe-call policy',
    },
  ],
});
