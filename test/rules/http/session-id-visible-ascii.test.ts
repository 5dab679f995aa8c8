import { sessionIdVisibleAscii } from '../../../src/rules/http/session-id-visible-ascii.js';
import { ruleTester } from '../../support/rule-tester.js';
import { fakeWithTools, httpFixtures } from './support.js';

const { good, broken } = httpFixtures('session-id-invisible');

ruleTester(sessionIdVisibleAscii, {
  valid: [{ name: 'the good fixture issues UUIDs', target: good }],
  invalid: [
    {
      name: 'a space in the session id',
      target: broken,
      findings: [
        { message: 'contains characters outside 0x21-0x7E', location: { kind: 'transport', name: 'Mcp-Session-Id' }, data: { characters: ['U+0020'] } },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
