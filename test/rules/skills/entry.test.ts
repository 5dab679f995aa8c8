import { skillsEntry } from '../../../src/rules/skills/entry.js';
import { ruleTester } from '../../support/rule-tester.js';
import { commonCases, skillsHttp, skillsStdio } from './support.js';

const common = commonCases();
const broken = skillsHttp('bad-entry');

ruleTester(skillsEntry, {
  valid: common.valid,
  skipped: common.skipped,
  invalid: [
    {
      name: 'a digest in capitals and a size as a string, over stdio',
      target: skillsStdio('bad-entry'),
      era: 'modern',
      findings: [
        {
          message: /resources\[0\]\.digest is the string "SHA256:/,
          location: { kind: 'resource', name: 'skill://acme/refunds/SKILL.md', pointer: '/resources/0/digest' },
        },
        { message: /resources\[0\]\.size is the string "122"/, location: { pointer: '/resources/0/size' } },
      ],
    },
    {
      name: 'a digest in capitals and a size as a string, over Streamable HTTP',
      target: broken,
      era: 'modern',
      findings: [
        {
          message: /resources\[0\]\.digest is the string "SHA256:/,
          location: { kind: 'resource', name: 'skill://acme/refunds/SKILL.md', pointer: '/resources/0/digest' },
        },
        { message: /resources\[0\]\.size is the string "122"/, location: { pointer: '/resources/0/size' } },
      ],
    },
    {
      name: 'an entry that leaves its SKILL.md out of its resources',
      target: skillsStdio('no-skill-md'),
      era: 'modern',
      findings: [{ message: 'resources does not list its SKILL.md', location: { kind: 'resource', name: 'skill://notes/SKILL.md', pointer: '/resources' } }],
    },
  ],
});
