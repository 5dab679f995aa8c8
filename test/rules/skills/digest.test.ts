import { skillsDigest } from '../../../src/rules/skills/digest.js';
import { ruleTester } from '../../support/rule-tester.js';
import { commonCases, skillsHttp, skillsStdio } from './support.js';

const common = commonCases();
const broken = skillsHttp('wrong-digest');

ruleTester(skillsDigest, {
  valid: common.valid,
  skipped: common.skipped,
  invalid: [
    {
      name: 'a file listed with the digest of other bytes, over stdio',
      target: skillsStdio('wrong-digest'),
      era: 'modern',
      findings: [
        {
          message: /"skill:\/\/notes\/templates\/daily.md" reads to bytes whose SHA-256 is not the listed digest \(the size agrees/,
          location: { kind: 'resource', name: 'skill://notes/SKILL.md', pointer: '/resources/2/digest' },
        },
      ],
    },
    {
      name: 'a file listed with the digest of other bytes, over Streamable HTTP',
      target: broken,
      era: 'modern',
      findings: [
        {
          message: /"skill:\/\/notes\/templates\/daily.md" reads to bytes whose SHA-256 is not the listed digest \(the size agrees/,
          location: { kind: 'resource', name: 'skill://notes/SKILL.md', pointer: '/resources/2/digest' },
        },
      ],
    },
  ],
});
