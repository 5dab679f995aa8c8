import { skillsResourcesDeclared } from '../../../src/rules/skills/resources-declared.js';
import { ruleTester } from '../../support/rule-tester.js';
import { commonCases, skillsHttp, skillsStdio } from './support.js';

const common = commonCases();
const broken = skillsHttp('no-resources');

ruleTester(skillsResourcesDeclared, {
  valid: common.valid,
  skipped: common.skipped,
  invalid: [
    {
      name: 'the extension without the resources capability, over stdio',
      target: skillsStdio('no-resources'),
      era: 'modern',
      findings: [
        {
          message: 'declares io.modelcontextprotocol/skills but not the resources capability',
          location: { kind: 'server', pointer: '/capabilities/resources' },
        },
      ],
    },
    {
      name: 'the extension without the resources capability, over Streamable HTTP',
      target: broken,
      era: 'modern',
      findings: [
        {
          message: 'declares io.modelcontextprotocol/skills but not the resources capability',
          location: { kind: 'server', pointer: '/capabilities/resources' },
        },
      ],
    },
  ],
});
