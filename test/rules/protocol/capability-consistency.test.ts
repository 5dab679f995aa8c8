import { capabilityConsistency } from '../../../src/rules/protocol/capability-consistency.js';
import { ruleTester } from '../../support/rule-tester.js';

const notFound = { error: { code: -32601, message: 'Method not found' } };

ruleTester(capabilityConsistency, {
  valid: [
    {
      name: 'completions before 2025-03-26 had no capability',
      server: {
        capabilities: {},
        protocolVersion: '2024-11-05',
        handle: (method) => (method === 'completion/complete' ? { result: { completion: { values: [] } } } : undefined),
      },
    },
    // Its sentence is about emitting log notifications, not about answering logging/setLevel.
    {
      name: 'logging/setLevel answered without capability',
      server: { capabilities: {}, handle: (method) => (method === 'logging/setLevel' ? { result: {} } : undefined) },
    },
    // The other direction is protocol/capability-implemented's.
    {
      name: 'declared but -32601 is not this rule',
      server: { capabilities: { prompts: {} }, handle: (method) => (method === 'prompts/list' ? notFound : undefined) },
    },
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
      name: 'tools answered without capability',
      server: { capabilities: {}, handle: (method) => (method === 'tools/list' ? { result: { tools: [] } } : undefined) },
      findings: [{ message: 'tools/list answers with a result, but capability "tools" is not declared' }],
    },
    {
      name: 'completion served without capability',
      server: { capabilities: {}, handle: (method) => (method === 'completion/complete' ? { result: { completion: { values: [] } } } : undefined) },
      findings: [{ data: { capability: 'completions' } }],
    },
    {
      name: 'prompts answered without capability cite the prompts sentence',
      server: { capabilities: {}, handle: (method) => (method === 'prompts/list' ? { result: { prompts: [] } } : undefined) },
      findings: [{ message: 'prompts/list answers with a result, but capability "prompts" is not declared' }],
    },
  ],
});
