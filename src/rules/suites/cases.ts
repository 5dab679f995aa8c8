import type { SuiteCase, SuiteKind } from '../../config/suites.js';
import { suiteTarget } from '../../config/suites.js';
import { defineRule, type RuleContext } from '../../engine/rule.js';
import { type Location } from '../../model/location.js';
import { since, type RuleSpec } from '../../model/spec.js';
import { items } from '../../surface/items.js';
import { truncate } from '../../util/text.js';
import { quote } from '../../util/text.js';
import { summarizeArguments } from '../prompts/shared.js';
import { caseRequest, judgeCase } from './judge.js';
import type { Outcome } from '../../connect/rpc.js';
import { resourceLimits } from '../../config/resources.js';
import { readResource } from '../../exercise/resources.js';
import type { Failure } from './failure.js';

/** What a case rests on, by what it targets: the expectation is the config's, the method is the spec's. */
export const SUITE_SPECS: Record<SuiteKind, RuleSpec> = {
  tool: {
    basis: 'config',
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/tools#calling-tools',
      quote: 'To invoke a tool, clients send a `tools/call` request:',
      note: "The expectation is the config's own (`suites:`).",
    }),
  },
  prompt: {
    basis: 'config',
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/prompts#getting-a-prompt',
      quote: 'To retrieve a specific prompt, clients send a `prompts/get` request.',
      note: "The expectation is the config's own (`suites:`).",
    }),
  },
  resource: {
    basis: 'config',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'server',
        section: 'server/resources#reading-resources',
        quote: 'To retrieve resource contents, clients send a `resources/read` request:',
        note: "The expectation is the config's own (`suites:`).",
      },
      { '2026-07-28': { quote: 'To retrieve resource contents, clients send a `resources/read` request.' } },
    ),
  },
};

const LIST = { tool: 'tools', prompt: 'prompts', resource: 'resources' } as const;

export const cases = defineRule({
  id: 'suites/cases',
  family: 'suites',
  description: 'Every case of the behavioural suites in the config gets the answer its expect block describes.',
  defaultSeverity: 'error',
  spec: SUITE_SPECS.tool,
  alsoQuotes: SUITE_SPECS,
  docs:
    '`suites:` in a server entry lists cases for its tools, prompts and resources: the arguments to send and what ' +
    'must come back (`is_error`, `error_code`, `jsonpath` assertions, `output_matches_schema`, `golden` files with ' +
    '`normalize` rules, and for prompts `messages` anchors). Cases run one after another in config order, and ' +
    'suites call exactly what they list: the safe-call policy (`calls:`) governs only the calls mcpact makes up ' +
    'itself. Each failed case is one finding on its tool, prompt or resource, with `data.suite`, `data.case`, ' +
    '`data.anchor` (the first expect key that failed) and `data.failures` (all of them). A case for a tool or ' +
    'prompt the server does not list fails, and so does a missing golden file (`mcpact run --update-golden` ' +
    'writes it). Argument values and what the server answered appear only with --show-values. See docs/suites.md.',
  async check(context) {
    const suites = context.settings.suites ?? [];
    if (suites.length === 0) return context.skip('no suites in the config');
    for (const suite of suites) {
      const { kind, name } = suiteTarget(suite);
      for (const entry of suite.cases) {
        const failures = await runCase(context, kind, name, entry);
        if (failures.length > 0) reportCase(context, kind, name, entry, failures);
      }
    }
  },
});

async function runCase(context: RuleContext, kind: SuiteKind, name: string, entry: SuiteCase): Promise<Failure[]> {
  const declared = declaredItem(context, kind, name);
  if (kind !== 'resource' && declared === undefined) {
    const list = context.surface.lists[LIST[kind]];
    const why = list.status === 'ok' ? `the server lists no such ${kind}` : `the server declares no ${LIST[kind]} (${list.status})`;
    return [{ anchor: kind, message: `${why}` }];
  }
  const request = caseRequest(kind, name, entry);
  let outcome: Outcome;
  if (request.method === 'resources/read') {
    // The one way mcpact reads a resource (exercise/resources.ts), bounded like every read of the resources family.
    const limits = resourceLimits(context.settings.resources);
    const read = await readResource(context.probe, String(request.params.uri), limits, { era: context.surface.era });
    if (read.oversized) return [{ anchor: 'result', message: `the contents exceed resources.max_bytes (${limits.maxBytes}); raise it to judge this case` }];
    outcome = read.outcome;
  } else outcome = await context.probe.request(request.method, request.params);
  const failures = await judgeCase({ kind, entry, outcome, outputSchema: declared?.outputSchema, runtime: context.runtime });
  // A resource may be readable without being listed, so an unlisted one is only a hint on a failed case.
  if (kind === 'resource' && declared === undefined && failures[0]?.anchor === 'result') {
    failures[0].message += ' (the server lists no such resource or resource template)';
  }
  return failures;
}

/** The listed item the suite targets: a tool or prompt by name, a resource by URI or a template by its uriTemplate. */
function declaredItem(context: RuleContext, kind: SuiteKind, name: string): Record<string, unknown> | undefined {
  if (kind === 'resource') {
    const byUri = items(context.surface, 'resources').find((item) => item.record?.uri === name);
    return (byUri ?? items(context.surface, 'resourceTemplates').find((item) => item.record?.uriTemplate === name))?.record;
  }
  return items(context.surface, LIST[kind]).find((item) => item.record?.name === name)?.record;
}

function reportCase(context: RuleContext, kind: SuiteKind, name: string, entry: SuiteCase, failures: Failure[]): void {
  const [first, ...rest] = failures as [Failure, ...Failure[]];
  const more = rest.length > 0 ? ` (and ${rest.length} more)` : '';
  const location: Location = { kind, name: truncate(name, 200) };
  context.report({
    message: `case ${quote(entry.name, 60)} of ${kind} ${quote(name, 60)}: ${first.message}${more}`,
    location,
    spec: SUITE_SPECS[kind],
    data: {
      suite: `${kind} ${name}`,
      case: entry.name,
      anchor: first.anchor,
      failures: failures.map((failure) => ({ anchor: failure.anchor, message: failure.message, ...failure.data })),
      arguments: summarizeArguments(entry.args ?? {}, context.runtime.showValues),
    },
  });
}
