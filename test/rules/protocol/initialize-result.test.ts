import { initializeResult } from '../../../src/rules/protocol/initialize-result.js';
import { ruleTester } from '../../support/rule-tester.js';

const result = (overrides: Record<string, unknown>) => ({
  initializeResult: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'x', version: '1' }, ...overrides },
});

ruleTester(initializeResult, {
  valid: [
    { name: 'minimal', server: result({}) },
    {
      name: 'all optional fields',
      server: result({
        instructions: 'Use it well.',
        serverInfo: { name: 'x', version: '1', title: 'X', description: 'd', websiteUrl: 'https://x.example', icons: [] },
      }),
    },
  ],
  invalid: [
    {
      name: 'serverInfo missing',
      server: result({ serverInfo: undefined }),
      findings: [{ message: 'serverInfo must be an object, got undefined', location: { kind: 'server', pointer: '/serverInfo' } }],
    },
    { name: 'version is a number', server: result({ serverInfo: { name: 'x', version: 1 } }), findings: [{ location: { pointer: '/serverInfo/version' } }] },
    { name: 'capabilities null', server: result({ capabilities: null }), findings: [{ message: 'capabilities must be an object, got null' }] },
    { name: 'instructions not a string', server: result({ instructions: ['a'] }), findings: [{ location: { pointer: '/instructions' } }] },
    { name: 'protocolVersion number', server: result({ protocolVersion: 20251125 }), findings: [{ location: { pointer: '/protocolVersion' } }] },
  ],
});
