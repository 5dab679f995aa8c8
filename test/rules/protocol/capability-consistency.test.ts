import { capabilityConsistency } from '../../../src/rules/protocol/capability-consistency.js';
import { ruleTester } from '../../support/rule-tester.js';

const notFound = { error: { code: -32601, message: 'Method not found' } };

ruleTester(capabilityConsistency, {
  valid: [
    { name: 'tools only, nothing else answers', server: { tools: [{ name: 'a', inputSchema: { type: 'object' } }] } },
    {
      name: 'everything declared and served',
      server: {
        tools: [],
        prompts: [{ name: 'p' }],
        resources: [],
        capabilities: { tools: {}, prompts: {}, resources: {}, logging: {}, completions: {} },
      },
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
      findings: [{ message: 'resources/templates/list answers -32601' }],
    },
    {
      name: 'tools answered without capability',
      server: { capabilities: {}, handle: (method) => (method === 'tools/list' ? { result: { tools: [] } } : undefined) },
      findings: [{ message: 'tools/list answers with a result, but capability "tools" is not declared' }],
    },
    {
      name: 'logging declared but not served',
      server: { capabilities: { logging: {} }, handle: (method) => (method === 'logging/setLevel' ? notFound : undefined) },
      findings: [{ data: { capability: 'logging', method: 'logging/setLevel' } }],
    },
    {
      name: 'completion served without capability',
      server: { capabilities: {}, handle: (method) => (method === 'completion/complete' ? { result: { completion: { values: [] } } } : undefined) },
      findings: [{ data: { capability: 'completions' } }],
    },
  ],
});
