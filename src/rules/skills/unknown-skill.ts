import { defineRule } from '../../engine/rule.js';
import { answerOf } from '../../exercise/answers.js';
import { UNKNOWN_SKILL_URI } from '../../exercise/injected.js';
import { describeOutcome } from '../outcome.js';
import { listedEntries, skillsSkip, skillsSpec } from './shared.js';

const LOCATION = { kind: 'server' as const, pointer: '/skills/get' };

export const skillsUnknownSkill = defineRule({
  id: 'skills/unknown-skill',
  family: 'skills',
  description: 'skills/get of a URI that names no skill the server serves answers error -32602 (Invalid params).',
  defaultSeverity: 'error',
  spec: skillsSpec({
    keyword: 'MUST',
    binds: 'server',
    section: 'skills#getting-a-skill',
    quote:
      'If the URI does not identify a skill the server serves, the server MUST return error `-32602` (Invalid params), the same code `resources/read` uses for unknown resources.',
  }),
  docs:
    `mcpact asks skills/get for \`${UNKNOWN_SKILL_URI}\`, a skill nobody serves, and expects error -32602. A host ` +
    'that follows a skill URI from instructions or another skill tells a skill that is gone from one that failed ' +
    'by this code. A result, another code or a malformed answer is a finding; no answer is inconclusive. Skipped ' +
    'when the server lists a skill at that very URI.',
  async check(context) {
    const skip = skillsSkip(context);
    if (skip !== undefined) return context.skip(skip);
    if (listedEntries(context).some((entry) => entry.skill?.uri === UNKNOWN_SKILL_URI)) return context.skip(`the server lists a skill at ${UNKNOWN_SKILL_URI}`);
    const outcome = await context.probe.request('skills/get', { uri: UNKNOWN_SKILL_URI }, { bad: 'unknown skill' });
    if (outcome.kind === 'timeout' || outcome.kind === 'closed') return context.inconclusive(`skills/get of an unknown skill got ${describeOutcome(outcome)}`);
    if (outcome.kind === 'error' && outcome.code === -32602) return;
    context.report({
      message: `skills/get of an unknown skill (${UNKNOWN_SKILL_URI}) answered ${describeOutcome(outcome)}; expected error -32602 (Invalid params)`,
      location: LOCATION,
      answer: answerOf(outcome),
      data: { uri: UNKNOWN_SKILL_URI, outcome: outcome.kind, ...(outcome.kind === 'error' && { code: outcome.code }) },
    });
  },
});
