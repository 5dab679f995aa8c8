import { describe, expect, it } from 'vitest';
import { inputRequired } from '../../../src/rules/resources/input-required.js';
import type { FakeServerSpec, Reply } from '../../support/fake-server.js';
import { ruleTester, runRuleOnFake } from '../../support/rule-tester.js';
import { elicit } from '../prompts/support.js';

const STATE = 'ZHJhZnQ';
const DRAFT = 'docs://guide/draft';

/** A 2026-07-28 server whose one resource answers `first` to a first read and its contents to a retry with its own state. */
function draftServer(first: Record<string, unknown> = { resultType: 'input_required', requestState: STATE }, retry?: () => Reply): FakeServerSpec {
  return {
    modern: true,
    resources: [{ uri: DRAFT, name: 'draft', mimeType: 'text/markdown' }],
    handle(method, params) {
      if (method !== 'resources/read') return undefined;
      if (params?.requestState === undefined && params?.inputResponses === undefined) return { result: first };
      return retry?.() ?? { result: { contents: [{ uri: DRAFT, mimeType: 'text/markdown', text: '# Draft' }] } };
    },
  };
}

ruleTester(inputRequired, {
  valid: [
    { name: 'a requestState only, read on the retry', server: draftServer(), era: 'modern' },
    {
      name: 'asked again on every retry (servers MAY)',
      server: draftServer(undefined, () => ({ result: { resultType: 'input_required', requestState: STATE } })),
      era: 'modern',
    },
  ],
  invalid: [
    {
      name: 'neither inputRequests nor requestState',
      server: draftServer({ resultType: 'input_required' }),
      era: 'modern',
      findings: [
        {
          message: `input-required result has neither inputRequests nor requestState (resources/read of "${DRAFT}", listed)`,
          location: { kind: 'resource', name: DRAFT, pointer: '' },
        },
      ],
    },
    {
      name: 'an elicitation mcpact never declared, asked again on the retry (reported once)',
      server: draftServer({ resultType: 'input_required', requestState: STATE, inputRequests: { week: elicit() } }, () => ({
        result: { resultType: 'input_required', requestState: STATE, inputRequests: { week: elicit() } },
      })),
      era: 'modern',
      findings: [
        {
          message: `input request "week" is elicitation/create, but the request declared no elicitation capability (resources/read of "${DRAFT}", listed)`,
          location: { kind: 'resource', name: DRAFT, pointer: '/inputRequests/week' },
          data: { uri: DRAFT, round: 0, capability: 'elicitation' },
        },
      ],
    },
  ],
  skipped: [
    {
      name: 'no read answered input_required',
      server: { modern: true, resources: [{ uri: DRAFT, name: 'draft', mimeType: 'text/markdown' }] },
      era: 'modern',
      skipped: 'no resources/read was answered input_required',
    },
  ],
});

describe('resources/input-required in the legacy era', () => {
  it('is not listed: the legacy revisions have no input-required results', async () => {
    const report = await runRuleOnFake(inputRequired, draftServer(), {}, {}, [], 'legacy');
    expect(report.rules).toEqual([]);
  });
});
