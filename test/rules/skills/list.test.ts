import { skillsList } from '../../../src/rules/skills/list.js';
import { ruleTester } from '../../support/rule-tester.js';
import { commonCases, skillsHttp, skillsStdio } from './support.js';

const common = commonCases();
const broken = skillsHttp('list-envelope');

ruleTester(skillsList, {
  valid: common.valid,
  skipped: common.skipped,
  invalid: [
    {
      name: 'pages without resultType, ttlMs and cacheScope, over stdio',
      target: skillsStdio('list-envelope'),
      era: 'modern',
      findings: [
        { message: 'skills/list its page: no ttlMs and cacheScope', location: { kind: 'server', pointer: '/skills/list' } },
        { message: 'skills/list its page: resultType is missing, not "complete"', location: { kind: 'server', pointer: '/skills/list' } },
      ],
    },
    {
      name: 'pages without resultType, ttlMs and cacheScope, over Streamable HTTP',
      target: broken,
      era: 'modern',
      findings: [
        { message: 'skills/list its page: no ttlMs and cacheScope', location: { kind: 'server', pointer: '/skills/list' } },
        { message: 'skills/list its page: resultType is missing, not "complete"', location: { kind: 'server', pointer: '/skills/list' } },
      ],
    },
    {
      name: 'skills/list answered with an error',
      target: skillsStdio('list-fails'),
      era: 'modern',
      findings: [
        {
          message: /^skills\/list answered with error -32603; a server that declares the Skills extension implements it$/,
          location: { kind: 'server', pointer: '/skills/list' },
        },
      ],
    },
  ],
});
