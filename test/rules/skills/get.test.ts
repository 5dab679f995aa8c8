import { skillsGet } from '../../../src/rules/skills/get.js';
import { ruleTester } from '../../support/rule-tester.js';
import { commonCases, skillsHttp, skillsStdio } from './support.js';

const common = commonCases();
const broken = skillsHttp('get-envelope');

ruleTester(skillsGet, {
  valid: common.valid,
  skipped: common.skipped,
  invalid: [
    {
      name: 'answers without resultType, over stdio',
      target: skillsStdio('get-envelope'),
      era: 'modern',
      findings: [{ message: /^skills\/get of "skill:\/\/acme\/refunds\/SKILL.md": resultType is missing/, count: 2 }],
    },
    {
      name: 'answers without resultType, over Streamable HTTP',
      target: broken,
      era: 'modern',
      findings: [{ message: /^skills\/get of "skill:\/\/acme\/refunds\/SKILL.md": resultType is missing/, count: 2 }],
    },
  ],
});
