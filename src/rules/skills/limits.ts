import { defineRule } from '../../engine/rule.js';
import { quote } from '../../util/text.js';
import { listedEntries, skillLocation, skillsSkip, skillsSpec } from './shared.js';

/** The per-skill limits every conforming host accepts (skills#limits). */
export const SKILL_LIMITS = { files: 512, bytes: 16_777_216 } as const;

export const skillsLimits = defineRule({
  id: 'skills/limits',
  family: 'skills',
  description: 'No listed skill has more than 512 files or 16 MiB of files (the sum of their sizes), the limits every host accepts.',
  defaultSeverity: 'warning',
  spec: skillsSpec({
    keyword: 'SHOULD NOT',
    binds: 'server',
    section: 'skills#limits',
    quote: 'Servers SHOULD NOT serve a skill that exceeds either limit.',
    note: 'The limits: 512 entries in resources (SKILL.md included), and 16 MiB (16,777,216 bytes) as the sum of their size.',
  }),
  docs:
    'Every host loads skills of up to 512 files and 16 MiB (the sum of the sizes the entry lists); a bigger skill ' +
    'is not guaranteed to load anywhere, and a host may refuse it from the entry alone. Each listed skill past ' +
    'either limit is a warning, judged from its entry (no file is read). Skills whose `resources` is `"dynamic"` ' +
    'list nothing to count.',
  check(context) {
    const skip = skillsSkip(context);
    if (skip !== undefined) return context.skip(skip);
    const skills = listedEntries(context).flatMap((entry) => (entry.skill === undefined || entry.skill.resources === 'dynamic' ? [] : [entry.skill]));
    if (skills.length === 0) return context.skip('skills/list lists no skill with listed files');
    for (const skill of skills) {
      const files = skill.listed.length;
      const bytes = (skill.resources as { size: number }[]).reduce((sum, file) => sum + file.size, 0);
      const over = [
        ...(files > SKILL_LIMITS.files ? [`${files} files (the limit is ${SKILL_LIMITS.files})`] : []),
        ...(bytes > SKILL_LIMITS.bytes ? [`${bytes} bytes of files (the limit is ${SKILL_LIMITS.bytes}, 16 MiB)`] : []),
      ];
      if (over.length === 0) continue;
      context.report({
        message: `skill ${quote(skill.uri, 100)} lists ${over.join(' and ')}: not every host will load it`,
        location: skillLocation(skill.uri, '/resources'),
        data: { files, bytes },
      });
    }
  },
});
