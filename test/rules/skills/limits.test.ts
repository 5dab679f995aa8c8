import { skillsLimits } from '../../../src/rules/skills/limits.js';
import { ruleTester } from '../../support/rule-tester.js';
import { commonCases, skillsHttp, skillsStdio } from './support.js';

const common = commonCases();
const broken = skillsHttp('too-many-files');
const FINDING = {
  message: 'skill "skill://bulk/SKILL.md" lists 513 files (the limit is 512): not every host will load it',
  location: { kind: 'resource' as const, name: 'skill://bulk/SKILL.md', pointer: '/resources' },
  severity: 'warning' as const,
};

ruleTester(skillsLimits, {
  valid: common.valid,
  skipped: common.skipped,
  invalid: [
    { name: 'a skill of 513 files, over stdio', target: skillsStdio('too-many-files'), era: 'modern', findings: [FINDING] },
    { name: 'a skill of 513 files, over Streamable HTTP', target: broken, era: 'modern', findings: [FINDING] },
  ],
});
