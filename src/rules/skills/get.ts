import { defineRule } from '../../engine/rule.js';
import { answerOf } from '../../exercise/answers.js';
import { parseSkillEntry } from '../../surface/skills.js';
import { asRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import { envelopeProblems, probedSkills, SHAPE_SPEC, skillLocation, skillsSkip, skillsSpec, soundSkills } from './shared.js';

const RESULT_TYPE_SPEC = skillsSpec({
  keyword: 'MUST',
  binds: 'server',
  section: 'skills#getting-a-skill',
  quote: 'The `resultType` field MUST be set to `"complete"` on `GetSkillResult`, as it is the standard result shape for the `skills/get` request.',
});

const CACHING_SPEC = skillsSpec({
  keyword: 'SCHEMA',
  binds: 'server',
  section: 'skills#getting-a-skill',
  quote: '`GetSkillResult` extends `CacheableResult`, so `ttlMs` and `cacheScope` are REQUIRED, as they are on `resources/read`, and carry the same semantics.',
  note: 'Fields of the result type (CacheableResult), which the base revision gives as ttlMs, an integer >= 0, and cacheScope, "public" or "private".',
});

const NAMED_SPEC = skillsSpec({
  keyword: 'MUST',
  binds: 'server',
  section: 'skills#getting-a-skill',
  quote:
    'A server declaring this extension MUST implement the `skills/get` method, which returns the entry for a single skill named by the URI of its `SKILL.md`.',
});

export const skillsGet = defineRule({
  id: 'skills/get',
  family: 'skills',
  description: 'skills/get answers for each listed skill (up to resources.max_reads) with that skill\'s entry, resultType "complete", ttlMs and cacheScope.',
  defaultSeverity: 'error',
  spec: skillsSpec({
    keyword: 'MUST',
    binds: 'server',
    section: 'skills#getting-a-skill',
    quote: 'A server MUST answer for every skill it serves, whether or not that skill appears in its `skills/list` result.',
  }),
  alsoQuotes: { 'result type': RESULT_TYPE_SPEC, caching: CACHING_SPEC, named: NAMED_SPEC, shape: SHAPE_SPEC },
  docs:
    "A host confirms a skill it was pointed to, and refreshes one skill's digests, with `skills/get` and the URI of " +
    'its `SKILL.md`. mcpact asks it for each skill skills/list gave with a well-formed entry, up to ' +
    '`resources.max_reads` (default 20; the rest are named in the note). An error, an answer without a `skill` ' +
    'entry of the Skill shape, an entry for another URI, and a result without `resultType: "complete"` or without ' +
    '`ttlMs` and `cacheScope` are findings on the skill. No answer is inconclusive. That the entry may differ from ' +
    'the listed one is allowed (each is a snapshot); an unknown URI is skills/unknown-skill.',
  async check(context) {
    const skip = skillsSkip(context);
    if (skip !== undefined) return context.skip(skip);
    const skills = soundSkills(context);
    if (skills.length === 0) return context.skip('skills/list lists no well-formed skill to ask for');
    const undecided: string[] = [];
    await Promise.all(
      probedSkills(context, skills).map(async (skill) => {
        const outcome = await context.probe.request('skills/get', { uri: skill.uri });
        const location = skillLocation(skill.uri);
        const name = quote(skill.uri, 100);
        if (outcome.kind === 'timeout' || outcome.kind === 'closed') return void undecided.push(`${name}: ${describeOutcome(outcome)}`);
        if (outcome.kind !== 'result')
          return context.report({
            message: `skills/get of listed skill ${name} answered ${describeOutcome(outcome)}`,
            location,
            answer: answerOf(outcome),
            data: { uri: skill.uri, outcome: outcome.kind },
          });
        const result = asRecord(outcome.result) ?? {};
        const { skill: entry, problems } = parseSkillEntry(result.skill);
        if (entry === undefined || problems.length > 0)
          context.report({
            message: `skills/get of ${name}: skill ${problems[0]?.problem ?? 'is not a Skill object'}`,
            location: skillLocation(skill.uri, `/skill${problems[0]?.pointer ?? ''}`),
            data: { uri: skill.uri },
            spec: SHAPE_SPEC,
          });
        else if (entry.uri !== skill.uri)
          context.report({
            message: `skills/get of ${name} answered with the entry of ${quote(entry.uri, 100)}`,
            location: skillLocation(skill.uri, '/skill/uri'),
            data: { uri: skill.uri, answered: entry.uri },
            spec: NAMED_SPEC,
          });
        const envelope = envelopeProblems(result);
        if (envelope.resultType !== undefined)
          context.report({
            message: `skills/get of ${name}: ${envelope.resultType}`,
            location: skillLocation(skill.uri, '/resultType'),
            spec: RESULT_TYPE_SPEC,
          });
        if (envelope.caching !== undefined)
          context.report({ message: `skills/get of ${name}: ${envelope.caching}`, location: skillLocation(skill.uri, '/ttlMs'), spec: CACHING_SPEC });
      }),
    );
    if (undecided.length > 0) context.inconclusive(`${undecided.length} skills not judged: ${undecided.slice(0, 3).join('; ')}`);
  },
});
