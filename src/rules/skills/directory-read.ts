import { defineRule } from '../../engine/rule.js';
import { answerOf } from '../../exercise/answers.js';
import { asRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import { probedSkills, skillLocation, skillsSkip, skillsSpec, soundSkills } from './shared.js';

const RESULT_TYPE_SPEC = skillsSpec({
  keyword: 'MUST',
  binds: 'server',
  section: 'skills#reading-directories',
  quote:
    'The `resultType` field MUST be set to `"complete"` on `ReadResourceDirectoryResult`, as it is the standard result shape for the `resources/directory/read` request.',
});

const NOT_A_DIRECTORY_SPEC = skillsSpec({
  keyword: 'MUST',
  binds: 'server',
  section: 'skills#reading-directories',
  quote: 'If the URI does not exist, or exists but is not a directory resource, the server MUST return error `-32602` (Invalid params).',
});

const CHILDREN_SPEC = skillsSpec({
  keyword: 'none',
  binds: 'server',
  section: 'skills#reading-directories',
  quote: 'The result contains every direct child of the directory.',
  note: "A skill's SKILL.md is always a direct child of its root; the text states no keyword for the listing, so its absence is a best practice finding.",
});

const SKILL_MD = '/SKILL.md';

export const skillsDirectoryRead = defineRule({
  id: 'skills/directory-read',
  family: 'skills',
  description:
    'Where the server declares directoryRead, resources/directory/read of each listed skill\'s root (up to resources.max_reads) lists its children with resultType "complete", and a file is refused with -32602.',
  defaultSeverity: 'error',
  spec: skillsSpec({
    keyword: 'MUST',
    binds: 'server',
    section: 'skills#reading-directories',
    quote: 'A server that declares `directoryRead` MUST support the method for every directory within the skill namespaces it serves as individual files.',
  }),
  alsoQuotes: { 'result type': RESULT_TYPE_SPEC, 'not a directory': NOT_A_DIRECTORY_SPEC, children: CHILDREN_SPEC },
  docs:
    'With `directoryRead: true` in its extension settings a server answers `resources/directory/read`, which lists ' +
    "the direct children of a directory resource (a skill's root is its `SKILL.md` URI without `/SKILL.md`). " +
    'mcpact reads the root of each well-formed listed skill whose files are listed, up to `resources.max_reads`, ' +
    'first page only: an error, a result without a `resources` array or without `resultType: "complete"` is a ' +
    'finding on the skill, and a root whose children leave out its `SKILL.md` a warning. It also asks for the ' +
    "first skill's `SKILL.md`, a file, and expects -32602. A server without `directoryRead` is not asked: the " +
    'text forbids a client to call the method there.',
  async check(context) {
    const skip = skillsSkip(context);
    if (skip !== undefined) return context.skip(skip);
    if (context.surface.skills!.settings.directoryRead !== true) return context.skip('the server does not declare directoryRead');
    const skills = soundSkills(context).filter((skill) => skill.resources !== 'dynamic' && skill.uri.endsWith(SKILL_MD));
    if (skills.length === 0) return context.skip('skills/list lists no well-formed skill with listed files');
    const undecided: string[] = [];
    await Promise.all(
      probedSkills(context, skills).map(async (skill) => {
        const root = skill.uri.slice(0, -SKILL_MD.length);
        const name = quote(root, 100);
        const outcome = await context.probe.request('resources/directory/read', { uri: root });
        if (outcome.kind === 'timeout' || outcome.kind === 'closed') return void undecided.push(`${name}: ${describeOutcome(outcome)}`);
        if (outcome.kind !== 'result')
          return context.report({
            message: `resources/directory/read of skill root ${name} answered ${describeOutcome(outcome)}`,
            location: skillLocation(skill.uri),
            answer: answerOf(outcome),
            data: { directory: root, outcome: outcome.kind },
          });
        const result = asRecord(outcome.result) ?? {};
        if (result.resultType !== 'complete')
          context.report({
            message: `resources/directory/read of ${name}: resultType is ${'resultType' in result ? quote(result.resultType, 40) : 'missing'}, not "complete"`,
            location: skillLocation(skill.uri),
            spec: RESULT_TYPE_SPEC,
          });
        if (!Array.isArray(result.resources))
          return context.report({ message: `resources/directory/read of ${name}: the result has no resources array`, location: skillLocation(skill.uri) });
        // First page only: a SKILL.md on a later page is not looked for.
        const more = typeof result.nextCursor === 'string';
        const children = (result.resources as unknown[]).map((child) => asRecord(child)?.uri);
        if (!more && !children.includes(skill.uri))
          context.report({
            message: `resources/directory/read of ${name} does not list its SKILL.md among the children`,
            location: skillLocation(skill.uri),
            spec: CHILDREN_SPEC,
          });
      }),
    );
    const file = skills[0]!.uri;
    const outcome = await context.probe.request('resources/directory/read', { uri: file }, { bad: 'a file, not a directory' });
    if (outcome.kind === 'timeout' || outcome.kind === 'closed') undecided.push(`${quote(file, 100)} (a file): ${describeOutcome(outcome)}`);
    else if (!(outcome.kind === 'error' && outcome.code === -32602))
      context.report({
        message: `resources/directory/read of ${quote(file, 100)}, a file, answered ${describeOutcome(outcome)}; expected error -32602 (Invalid params)`,
        location: skillLocation(file),
        answer: answerOf(outcome),
        spec: NOT_A_DIRECTORY_SPEC,
      });
    if (undecided.length > 0) context.inconclusive(`${undecided.length} directories not judged: ${undecided.slice(0, 3).join('; ')}`);
  },
});
