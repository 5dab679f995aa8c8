import { skillsUnknownSkill } from '../../../src/rules/skills/unknown-skill.js';
import { ruleTester } from '../../support/rule-tester.js';
import { commonCases, skillsHttp, skillsStdio } from './support.js';

const common = commonCases();
const broken = skillsHttp('unknown-skill-code');

ruleTester(skillsUnknownSkill, {
  valid: common.valid,
  skipped: common.skipped,
  invalid: [
    {
      name: 'an unknown skill answered -32603, over stdio',
      target: skillsStdio('unknown-skill-code'),
      era: 'modern',
      findings: [
        {
          message: 'answered JSON-RPC error -32603; expected error -32602 (Invalid params)',
          location: { kind: 'server', pointer: '/skills/get' },
          data: { code: -32603 },
        },
      ],
    },
    {
      name: 'an unknown skill answered -32603, over Streamable HTTP',
      target: broken,
      era: 'modern',
      findings: [
        {
          message: 'answered JSON-RPC error -32603; expected error -32602 (Invalid params)',
          location: { kind: 'server', pointer: '/skills/get' },
          data: { code: -32603 },
        },
      ],
    },
  ],
});
