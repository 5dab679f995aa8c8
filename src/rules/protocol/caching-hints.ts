import { defineRule } from '../../engine/rule.js';
import { since, type RuleSpec } from '../../model/spec.js';
import { LISTS, type PageFields } from '../../surface/types.js';
import { firstReadResult } from './modern.js';

const SCOPES = ['public', 'private'];

const TTL_SPEC: RuleSpec = {
  texts: since('2026-07-28', {
    keyword: 'MUST',
    binds: 'server',
    section: 'server/utilities/caching#time-to-live-ttl-field',
    quote: 'Servers MUST provide a `ttlMs` value that is `>= 0`.',
  }),
};

const SAME_SCOPE_SPEC: RuleSpec = {
  texts: since('2026-07-28', {
    keyword: 'MUST',
    binds: 'server',
    section: 'server/utilities/caching#interaction-with-pagination',
    quote: 'Servers MUST apply the same `cacheScope` to all response pages for a given list request.',
  }),
};

export const cachingHints = defineRule({
  id: 'protocol/caching-hints',
  family: 'protocol',
  description: 'server/discover, every list page and resources/read carry ttlMs (an integer >= 0) and cacheScope ("public" or "private"), one scope per list.',
  defaultSeverity: 'error',
  spec: {
    texts: since('2026-07-28', {
      keyword: 'MUST',
      binds: 'server',
      section: 'server/utilities/caching#cacheable-results',
      quote: 'Servers MUST include caching hints on results with `resultType: "complete"` returned by the following operations:',
      note: 'The operations: server/discover, tools/list, prompts/list, resources/list, resources/templates/list, resources/read.',
    }),
  },
  alsoQuotes: { ttl: TTL_SPEC, 'same scope': SAME_SCOPE_SPEC },
  docs:
    'In 2026-07-28 cacheable results say how long they stay fresh (`ttlMs`, milliseconds, >= 0) and who may cache ' +
    'them (`cacheScope`: "public" or "private"). mcpact checks server/discover, every page of the four lists it ' +
    'captured and the read of the first listed resource (the read the resources rules make; interim ' +
    '`input_required` results carry no hints and are not judged): a missing or malformed hint is ' +
    'a finding per list, and so is a list whose pages disagree on the scope.',
  async check(context) {
    const { surface, report } = context;
    const discovered = surface.discoverResult;
    if (discovered !== undefined) judge('server/discover', [discovered]);
    for (const spec of LISTS) judge(spec.method, surface.lists[spec.kind].pageFields ?? []);
    const read = await firstReadResult(context);
    if (read !== undefined) judge('resources/read', [read]);

    function judge(method: string, pages: readonly PageFields[]): void {
      const complete = pages.filter((page) => page.resultType !== 'input_required');
      if (complete.length === 0) return;
      const location = { kind: 'server' as const, pointer: `/${method}` };
      const noHints = complete.filter((page) => !('ttlMs' in page) || !('cacheScope' in page)).length;
      if (noHints > 0)
        report({ message: `${method}: ${describePages(noHints, complete.length)} without ttlMs or cacheScope`, location, data: { method, pages: noHints } });
      const badTtl = complete.find((page) => 'ttlMs' in page && !(Number.isSafeInteger(page.ttlMs) && (page.ttlMs as number) >= 0));
      if (badTtl)
        report({
          message: `${method}: ttlMs ${JSON.stringify(badTtl.ttlMs)?.slice(0, 40)} is not an integer >= 0`,
          location,
          data: { method, ttlMs: badTtl.ttlMs },
          spec: TTL_SPEC,
        });
      const badScope = complete.find((page) => 'cacheScope' in page && !SCOPES.includes(page.cacheScope as string));
      if (badScope)
        report({
          message: `${method}: cacheScope ${JSON.stringify(badScope.cacheScope)?.slice(0, 40)} is neither "public" nor "private"`,
          location,
          data: { method, cacheScope: badScope.cacheScope },
        });
      const scopes = new Set(complete.filter((page) => SCOPES.includes(page.cacheScope as string)).map((page) => page.cacheScope));
      if (scopes.size > 1)
        report({
          message: `${method}: the pages of one list have different cacheScope values (${[...scopes].join(', ')})`,
          location,
          data: { method, scopes: [...scopes] },
          spec: SAME_SCOPE_SPEC,
        });
    }
  },
});

function describePages(count: number, of: number): string {
  return of === 1 ? 'the result' : `${count} of ${of} pages`;
}
