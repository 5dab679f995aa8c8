import { skillsDirectoryRead } from '../../../src/rules/skills/directory-read.js';
import { ruleTester } from '../../support/rule-tester.js';
import { commonCases, skillsHttp, skillsStdio } from './support.js';

const common = commonCases();
const missing = skillsHttp('directory-missing');
const ROOTS = { message: /^resources\/directory\/read of skill root "skill:\/\/(acme\/refunds|notes)" answered JSON-RPC error -32602$/, count: 2 };

ruleTester(skillsDirectoryRead, {
  valid: common.valid,
  skipped: [
    ...common.skipped,
    // The fixture's own SkillSource implements no readDirectory, so the SDK declares no directoryRead.
    { name: 'a server without directoryRead', target: skillsStdio('frontmatter-mismatch'), era: 'modern', skipped: 'does not declare directoryRead' },
  ],
  invalid: [
    { name: 'no skill root is a directory, over stdio', target: skillsStdio('directory-missing'), era: 'modern', findings: [ROOTS] },
    { name: 'no skill root is a directory, over Streamable HTTP', target: missing, era: 'modern', findings: [ROOTS] },
    {
      name: 'a file read as a directory',
      target: skillsStdio('directory-of-file'),
      era: 'modern',
      findings: [
        {
          message: 'resources/directory/read of "skill://notes/SKILL.md", a file, answered a result; expected error -32602 (Invalid params)',
          location: { kind: 'resource', name: 'skill://notes/SKILL.md' },
        },
      ],
    },
  ],
});
