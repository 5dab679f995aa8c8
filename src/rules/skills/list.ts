import { defineRule } from '../../engine/rule.js';
import { answerOf } from '../../exercise/answers.js';
import { PAGE_CAP } from '../../surface/capture.js';
import { MAX_SKILLS } from '../../surface/skills.js';
import { envelopeProblems, skillsSkip, skillsSpec } from './shared.js';

const RESULT_TYPE_SPEC = skillsSpec({
  keyword: 'MUST',
  binds: 'server',
  section: 'skills#listing-skills',
  quote: 'The `resultType` field MUST be set to `"complete"` on `ListSkillsResult`, as it is the standard result shape for the `skills/list` request.',
});

const CACHING_SPEC = skillsSpec({
  keyword: 'SCHEMA',
  binds: 'server',
  section: 'skills#listing-skills',
  quote:
    '`ListSkillsResult` extends `CacheableResult`, so `ttlMs` and `cacheScope` are REQUIRED, as they are on `tools/list` and `resources/list`, and carry the same semantics.',
  note: 'Fields of the result type (CacheableResult), which the base revision gives as ttlMs, an integer >= 0, and cacheScope, "public" or "private".',
});

const PAGINATION_SPEC = skillsSpec({
  keyword: 'SCHEMA',
  binds: 'server',
  section: 'skills#listing-skills',
  quote:
    "Pagination mirrors the base protocol's list methods: the request accepts an optional `cursor`, and when the result includes `nextCursor` the client passes it back to retrieve the next page.",
  note: 'A page of ListSkillsResult has a skills array, and its nextCursor is a Cursor (a string) the server has not given before.',
});

const LOCATION = { kind: 'server' as const, pointer: '/skills/list' };

export const skillsList = defineRule({
  id: 'skills/list',
  family: 'skills',
  description: 'A server that declares the Skills extension answers skills/list: pages with a skills array, resultType "complete", ttlMs and cacheScope.',
  defaultSeverity: 'error',
  spec: skillsSpec({
    keyword: 'MUST',
    binds: 'server',
    section: 'skills#capability-negotiation',
    quote: 'A server that declares this extension MUST implement `skills/list` and `skills/get`.',
  }),
  alsoQuotes: { 'result type': RESULT_TYPE_SPEC, caching: CACHING_SPEC, pagination: PAGINATION_SPEC },
  docs:
    'A server that declares `io.modelcontextprotocol/skills` in `capabilities.extensions` (2026-07-28 and later) ' +
    'publishes its skills through `skills/list`. mcpact reads every page once with the rest of the contract ' +
    `(at most ${PAGE_CAP} pages and ${MAX_SKILLS} entries; a repeated cursor ends the walk). An error, no answer, a ` +
    'page without a `skills` array, a `nextCursor` that is not a string or comes round again, and pages without ' +
    '`resultType: "complete"` or without `ttlMs` and `cacheScope` are findings, one per cause. The entries ' +
    'themselves are skills/entry. An empty listing passes: the text lets a server list none or some of its skills.',
  check(context) {
    const skip = skillsSkip(context);
    if (skip !== undefined) return context.skip(skip);
    const skills = context.surface.skills!;
    if (skills.status === 'timeout' || skills.status === 'closed')
      return context.inconclusive(skills.status === 'timeout' ? 'no answer to skills/list' : 'the connection closed before skills/list was answered');
    if (skills.status === 'error') {
      const outcome = { kind: 'error' as const, code: skills.error?.code, message: skills.error?.message, ms: 0 };
      context.report({
        message: `skills/list answered with error ${String(skills.error?.code).slice(0, 20)}; a server that declares the Skills extension implements it`,
        location: LOCATION,
        data: { code: skills.error?.code ?? null },
        answer: answerOf(outcome),
      });
      return;
    }
    for (const problem of skills.problems) {
      const message =
        problem.kind === 'repeated-cursor'
          ? `skills/list page ${problem.page} hands out a nextCursor it gave before: the listing never ends`
          : problem.kind === 'page-cap'
            ? `skills/list still had pages after ${problem.pages}: mcpact stopped reading`
            : `skills/list page ${problem.page}: ${problem.reason}`;
      context.report({ message, location: LOCATION, data: { problem: problem.kind }, spec: PAGINATION_SPEC });
    }
    const pages = skills.pageFields.map((fields) => envelopeProblems(fields as Record<string, unknown>));
    const judge = (key: 'resultType' | 'caching', spec: typeof RESULT_TYPE_SPEC) => {
      const bad = pages.flatMap((page, index) => (page[key] === undefined ? [] : [{ page: index + 1, problem: page[key] }]));
      if (bad.length === 0) return;
      const pageWords =
        bad.length === pages.length
          ? pages.length === 1
            ? 'its page'
            : `all ${pages.length} pages`
          : `page${bad.length === 1 ? '' : 's'} ${bad.map(({ page }) => page).join(', ')}`;
      context.report({ message: `skills/list ${pageWords}: ${bad[0]!.problem}`, location: LOCATION, data: { pages: bad.map(({ page }) => page) }, spec });
    };
    judge('resultType', RESULT_TYPE_SPEC);
    judge('caching', CACHING_SPEC);
    if (skills.dropped > 0) context.note(`${skills.dropped} entries past the first ${MAX_SKILLS} were counted, not kept`);
  },
});
