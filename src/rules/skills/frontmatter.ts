import { defineRule } from '../../engine/rule.js';
import { sharedRead } from '../../exercise/resources.js';
import { jsonEqual } from '../../util/json-equal.js';
import { quote } from '../../util/text.js';
import { standing } from '../resources/shared.js';
import { readFrontmatter } from './frontmatter-yaml.js';
import { probedSkills, rawBytes, skillLocation, skillsSkip, skillsSpec, soundSkills } from './shared.js';

const FORMAT_SPEC = skillsSpec({
  keyword: 'MUST',
  binds: 'server',
  section: 'skills#skill-format',
  quote: '`SKILL.md` MUST begin with YAML frontmatter containing at minimum the `name` and `description` fields as defined by the Agent Skills specification.',
});

/** Top-level keys a finding names at most. */
const KEYS_SHOWN = 20;

export const skillsFrontmatter = defineRule({
  id: 'skills/frontmatter',
  family: 'skills',
  description: "Each listed skill's SKILL.md (up to resources.max_reads) begins with YAML frontmatter equal in content to the entry's frontmatter.",
  defaultSeverity: 'error',
  spec: skillsSpec({
    keyword: 'MUST',
    binds: 'server',
    section: 'skills#frontmatter',
    quote: 'The `frontmatter` object MUST be identical in content to the frontmatter of the `SKILL.md` it describes.',
  }),
  alsoQuotes: { format: FORMAT_SPEC },
  docs:
    "An entry carries the skill's frontmatter verbatim so that a host can show and approve a skill without " +
    'reading it; when it loads the skill, it parses the frontmatter of `SKILL.md` and refuses the skill on any ' +
    'difference. mcpact reads the `SKILL.md` of each well-formed listed skill (up to `resources.max_reads`, shared ' +
    'with skills/digest) and parses its frontmatter into JSON values. A SKILL.md that does not begin ' +
    'with frontmatter, or whose frontmatter is not a YAML mapping, is a finding; so is frontmatter that differs ' +
    "from the entry's, with the keys that differ. The text does not say which YAML: a value the entry renders as " +
    "YAML 1.2 (the TypeScript SDK's reading) or YAML 1.1 (`yes` a boolean) reads it is the author's. A read that fails or is bigger than `resources.max_bytes` is " +
    'not judged here (a listed file that will not read is skills/digest).',
  async check(context) {
    const skip = skillsSkip(context);
    if (skip !== undefined) return context.skip(skip);
    const skills = soundSkills(context);
    if (skills.length === 0) return context.skip('skills/list lists no well-formed skill');
    const undecided: string[] = [];
    await Promise.all(
      probedSkills(context, skills).map(async (skill) => {
        const read = await sharedRead(context, skill.uri);
        const bytes = standing(read).kind === 'result' ? rawBytes(read, skill.uri) : undefined;
        if (bytes === undefined) return void undecided.push(`${quote(skill.uri, 100)} could not be read whole`);
        const name = quote(skill.uri, 100);
        const frontmatter = readFrontmatter(bytes.toString('utf8'));
        if (frontmatter.kind === 'too-long') return void undecided.push(`${name}: frontmatter longer than mcpact parses`);
        if (frontmatter.kind !== 'ok')
          return context.report({
            message: `skill ${name}: SKILL.md has no YAML frontmatter to compare: ${frontmatter.why}`,
            location: skillLocation(skill.uri, '/frontmatter'),
            spec: FORMAT_SPEC,
          });
        const own = (record: Record<string, unknown>, key: string) => (Object.hasOwn(record, key) ? record[key] : undefined);
        const keys = [...new Set([...frontmatter.readings.flatMap((reading) => Object.keys(reading)), ...Object.keys(skill.frontmatter)])].filter(
          (key) => !frontmatter.readings.some((reading) => jsonEqual(own(reading, key), own(skill.frontmatter, key))),
        );
        if (keys.length === 0) return;
        context.report({
          message: `skill ${name}: the entry's frontmatter differs from SKILL.md's in ${keys
            .slice(0, 5)
            .map((key) => quote(key, 40))
            .join(', ')}${keys.length > 5 ? ` and ${keys.length - 5} more` : ''}`,
          location: skillLocation(skill.uri, '/frontmatter'),
          data: { keys: keys.slice(0, KEYS_SHOWN) },
        });
      }),
    );
    if (undecided.length > 0) context.inconclusive(`${undecided.length} skills not judged: ${undecided.slice(0, 3).join('; ')}`);
  },
});
