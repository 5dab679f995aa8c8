import { skillsFrontmatter } from '../../../src/rules/skills/frontmatter.js';
import { ruleTester } from '../../support/rule-tester.js';
import { commonCases, skillsHttp, skillsStdio } from './support.js';

const common = commonCases();
const broken = skillsHttp('frontmatter-mismatch');

ruleTester(skillsFrontmatter, {
  valid: common.valid,
  skipped: common.skipped,
  invalid: [
    {
      name: 'an entry whose description is not that of its SKILL.md, over stdio',
      target: skillsStdio('frontmatter-mismatch'),
      era: 'modern',
      findings: [
        {
          message: 'the entry\'s frontmatter differs from SKILL.md\'s in "description"',
          location: { kind: 'resource', name: 'skill://notes/SKILL.md', pointer: '/frontmatter' },
        },
      ],
    },
    {
      name: 'an entry whose description is not that of its SKILL.md, over Streamable HTTP',
      target: broken,
      era: 'modern',
      findings: [
        {
          message: 'the entry\'s frontmatter differs from SKILL.md\'s in "description"',
          location: { kind: 'resource', name: 'skill://notes/SKILL.md', pointer: '/frontmatter' },
        },
      ],
    },
  ],
});
