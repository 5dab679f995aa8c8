import { protocolVersionHeader } from '../../../src/rules/http/protocol-version-header.js';
import { ruleTester } from '../../support/rule-tester.js';
import { fakeWithTools, httpFixtures } from './support.js';

const { good, broken } = httpFixtures('version-header-ignored');

ruleTester(protocolVersionHeader, {
  valid: [{ name: 'the good fixture answers 400 to an unsupported version', target: good }],
  invalid: [
    {
      name: 'the header ignored',
      target: broken,
      findings: [
        {
          message: 'a request with MCP-Protocol-Version 1999-01-01 was answered with HTTP 200',
          location: { kind: 'transport', name: 'MCP-Protocol-Version' },
          data: { status: 200, expected: 400 },
        },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
