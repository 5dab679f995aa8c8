import { capabilityImplemented } from '../../../src/rules/protocol/capability-implemented.js';
import { ruleTester } from '../../support/rule-tester.js';

const notFound = { error: { code: -32601, message: 'Method not found' } };

ruleTester(capabilityImplemented, {
  valid: [
    {
      name: 'everything declared and served',
      server: {
        tools: [],
        prompts: [{ name: 'p' }],
        resources: [],
        capabilities: { tools: {}, prompts: {}, resources: {}, logging: {}, completions: {} },
      },
    },
    // The other direction is protocol/capability-consistency's.
    {
      name: 'served without capability is not this rule',
      server: { capabilities: {}, handle: (method) => (method === 'tools/list' ? { result: { tools: [] } } : undefined) },
    },
  ],
  invalid: [
    {
      name: 'prompts declared but -32601',
      server: { capabilities: { prompts: {} }, handle: (method) => (method === 'prompts/list' ? notFound : undefined) },
      findings: [{ message: 'capability "prompts" is declared but prompts/list answers -32601', location: { pointer: '/capabilities/prompts' } }],
    },
    {
      name: 'templates -32601 under declared resources',
      server: { resources: [], handle: (method) => (method === 'resources/templates/list' ? notFound : undefined) },
      findings: [{ message: 'resources/templates/list answers -32601 (method not found); a server without templates can answer an empty list' }],
    },
    {
      name: 'logging declared but not served',
      server: { capabilities: { logging: {} }, handle: (method) => (method === 'logging/setLevel' ? notFound : undefined) },
      findings: [{ data: { capability: 'logging', method: 'logging/setLevel' } }],
    },
  ],
});
