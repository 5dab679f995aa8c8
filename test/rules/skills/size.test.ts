import { skillsSize } from '../../../src/rules/skills/size.js';
import { ruleTester } from '../../support/rule-tester.js';
import { commonCases, skillsHttp, skillsStdio } from './support.js';

const common = commonCases();
const broken = skillsHttp('wrong-size');

ruleTester(skillsSize, {
  valid: common.valid,
  skipped: common.skipped,
  invalid: [
    {
      name: 'SKILL.md listed with its length in UTF-16 code units, over stdio',
      target: skillsStdio('wrong-size'),
      era: 'modern',
      findings: [
        {
          message: 'is 149 bytes, but the entry gives size 145',
          location: { kind: 'resource', name: 'skill://notes/SKILL.md', pointer: '/resources/0/size' },
          data: { bytes: 149, listedSize: 145 },
        },
      ],
    },
    {
      name: 'SKILL.md listed with its length in UTF-16 code units, over Streamable HTTP',
      target: broken,
      era: 'modern',
      findings: [
        {
          message: 'is 149 bytes, but the entry gives size 145',
          location: { kind: 'resource', name: 'skill://notes/SKILL.md', pointer: '/resources/0/size' },
          data: { bytes: 149, listedSize: 145 },
        },
      ],
    },
  ],
});
