import { defineRule } from '../../engine/rule.js';
import { quote } from '../../util/text.js';
import { listedEntries, SHAPE_SPEC, skillLocation, skillsSkip, skillsSpec, type ListedEntry } from './shared.js';

const COMPLETE_SPEC = skillsSpec({
  keyword: 'MUST',
  binds: 'server',
  section: 'skills#resources',
  quote:
    "When `resources` is an array, it MUST be complete. It lists every file of the skill, each exactly once, including an entry whose `uri` equals the skill's top-level `uri`.",
});

const WITHIN_SPEC = skillsSpec({
  keyword: 'MUST',
  binds: 'server',
  section: 'skills#resources',
  quote: "Each `uri` MUST be the skill's `SKILL.md` or a file within the skill's directory.",
});

const SKILL_MD = '/SKILL.md';

export const skillsEntry = defineRule({
  id: 'skills/entry',
  family: 'skills',
  description:
    'Each skills/list entry is a Skill: its uri names a SKILL.md whose directory is frontmatter.name, and its resources list SKILL.md and files of that directory, each once.',
  defaultSeverity: 'error',
  spec: skillsSpec({
    keyword: 'MUST',
    binds: 'server',
    section: 'skills#frontmatter',
    quote: "The final `<skill-path>` segment of the entry's `uri` MUST equal `frontmatter.name`, per Resource Mapping.",
  }),
  alsoQuotes: { shape: SHAPE_SPEC, complete: COMPLETE_SPEC, within: WITHIN_SPEC },
  docs:
    'A host builds its skill registry from the entries of skills/list alone, so each must be what the extension ' +
    "says: `uri` the URI of the skill's `SKILL.md` (`skill://<skill-path>/SKILL.md`), whose last directory " +
    'segment is `frontmatter.name`; `frontmatter` an object with string `name` and `description`; `resources` ' +
    'either `"dynamic"` or the complete list of the skill\'s files, each `{uri, digest, size}` with a digest of ' +
    '`sha256:` and 64 lowercase hex digits and a size in bytes. The list names `SKILL.md` itself and only files ' +
    "of the skill's directory, each once. Every field with the wrong type, a name that is not the directory, a " +
    'missing SKILL.md, a file outside the directory and a file listed twice is a finding on the skill. Whether the ' +
    'digests and sizes match what the files hold is skills/digest and skills/size.',
  check(context) {
    const skip = skillsSkip(context);
    if (skip !== undefined) return context.skip(skip);
    const entries = listedEntries(context);
    if (entries.length === 0) return context.skip('skills/list lists no skills');
    for (const entry of entries) judge(entry);

    function judge(entry: ListedEntry): void {
      for (const problem of entry.problems)
        context.report({
          message: `skill ${quote(entry.label, 100)}: ${problem.problem}`,
          location: skillLocation(entry.label, problem.pointer),
          spec: SHAPE_SPEC,
        });
      const skill = entry.skill;
      if (skill === undefined) return;
      if (!skill.uri.endsWith(SKILL_MD)) {
        context.report({
          message: `skill ${quote(skill.uri, 100)}: uri does not name a SKILL.md, so its skill path and name cannot be read from it`,
          location: skillLocation(skill.uri, '/uri'),
          data: { uri: skill.uri },
        });
        return;
      }
      const root = skill.uri.slice(0, -SKILL_MD.length);
      const segment = root.slice(root.lastIndexOf('/') + 1);
      if (segment !== skill.name)
        context.report({
          message: `skill ${quote(skill.uri, 100)}: the last segment of its skill path is ${quote(segment, 60)}, but frontmatter.name is ${quote(skill.name, 60)}`,
          location: skillLocation(skill.uri, '/frontmatter/name'),
          data: { segment, name: skill.name },
        });
      if (skill.resources === 'dynamic') return;
      // Every file named, whatever its other fields: a bad digest is a shape finding, not a SKILL.md left out.
      const seen = new Set<string>();
      const twice = new Set<string>();
      for (const { index, uri } of skill.listed) {
        if (seen.has(uri)) twice.add(uri);
        seen.add(uri);
        if (uri !== skill.uri && !uri.startsWith(`${root}/`))
          context.report({
            message: `skill ${quote(skill.uri, 100)}: resources[${index}] ${quote(uri, 100)} is outside the skill's directory`,
            location: skillLocation(skill.uri, `/resources/${index}/uri`),
            data: { file: uri },
            spec: WITHIN_SPEC,
          });
      }
      if (!seen.has(skill.uri))
        context.report({
          message: `skill ${quote(skill.uri, 100)}: resources does not list its SKILL.md`,
          location: skillLocation(skill.uri, '/resources'),
          spec: COMPLETE_SPEC,
        });
      if (twice.size > 0)
        context.report({
          message: `skill ${quote(skill.uri, 100)}: resources lists ${quote([...twice][0], 100)}${twice.size > 1 ? ` and ${twice.size - 1} more` : ''} more than once`,
          location: skillLocation(skill.uri, '/resources'),
          data: { files: [...twice].slice(0, 20) },
          spec: COMPLETE_SPEC,
        });
    }
  },
});
