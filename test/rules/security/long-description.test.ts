import { longDescription } from '../../../src/rules/security/long-description.js';
import { ruleTester } from '../../support/rule-tester.js';

ruleTester(longDescription, {
  valid: [
    {
      name: 'reasonable lengths, long instructions allowed',
      server: {
        instructions: 'x'.repeat(20_000),
        tools: [
          { name: 'a', description: 'y'.repeat(3_000), inputSchema: { type: 'object', properties: { p: { type: 'string', description: 'z'.repeat(1_000) } } } },
        ],
      },
    },
  ],
  invalid: [
    {
      name: 'long tool and parameter descriptions',
      server: {
        tools: [
          { name: 'a', description: 'y'.repeat(3_001), inputSchema: { type: 'object', properties: { p: { type: 'string', description: 'z'.repeat(1_001) } } } },
        ],
      },
      findings: [
        { location: { pointer: '/description' }, message: 'tool description is 3001 characters long (over 3000)' },
        { location: { pointer: '/inputSchema/properties/p/description' }, data: { length: 1001, limit: 1000 } },
      ],
    },
  ],
});
