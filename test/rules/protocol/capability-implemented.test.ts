import { describe, expect, it } from 'vitest';
import { capabilityImplemented } from '../../../src/rules/protocol/capability-implemented.js';
import { ruleTester, runRuleOnFake } from '../../support/rule-tester.js';
import { defectStdio } from '../stdio/support.js';

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
    // 2026-07-28 removed logging/setLevel: a declared logging capability has no method to call.
    {
      name: 'logging declared on 2026-07-28, logging/setLevel not served',
      server: { protocolVersion: '2026-07-28', capabilities: { logging: {} }, handle: (method) => (method === 'logging/setLevel' ? notFound : undefined) },
    },
    // Its id-null -32601 to notifications/initialized comes while tools/list is in flight: not tools/list's answer,
    // which comes after it with its id.
    { name: 'a server that answers every notification with an error', target: defectStdio('answers-notifications') },
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
    // @hubspot/mcp-server 0.4.0 (round G): `resources` declared, no resources handler at all: one cause, one finding.
    {
      name: 'both resources lists -32601 under declared resources',
      server: {
        capabilities: { resources: {} },
        handle: (method) => (method === 'resources/list' || method === 'resources/templates/list' ? notFound : undefined),
      },
      findings: [
        {
          message: 'capability "resources" is declared but resources/list answers -32601 (method not found), and so does resources/templates/list',
          data: { alsoMethods: ['resources/templates/list'] },
        },
      ],
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

describe('protocol/capability-implemented citations', () => {
  const prompts = { capabilities: { prompts: {} }, handle: (method: string) => (method === 'prompts/list' ? notFound : undefined) };

  it('cites the MUST of the prompts page on 2026-07-28', async () => {
    const report = await runRuleOnFake(capabilityImplemented, { ...prompts, protocolVersion: '2026-07-28' });
    expect(report.findings[0]?.spec).toMatchObject({ revision: '2026-07-28', level: 'MUST', section: 'server/prompts#capabilities' });
    // The rule's severity is the target revision's (a best practice there): the MUST does not raise it.
    expect(report.findings[0]?.severity).toBe('warning');
  });

  it('cites the capability-negotiation text of 2025-11-25', async () => {
    const report = await runRuleOnFake(capabilityImplemented, prompts);
    expect(report.findings[0]?.spec).toMatchObject({ revision: '2025-11-25', level: 'BEST PRACTICE', section: 'basic/lifecycle#capability-negotiation' });
  });
});
