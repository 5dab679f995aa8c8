import { defineRule } from '../../engine/rule.js';
import { since, type RuleSpec } from '../../model/spec.js';
import type { Outcome } from '../../connect/rpc.js';
import { answerOf, unreachableEvidence } from '../../exercise/answers.js';
import type { ListCapture, ListKind } from '../../surface/types.js';
import { ANSWERED } from '../answered.js';
import { CAPABILITY_SPEC, LIST_SPECS } from './capability-implemented.js';
import { PAGE_CAP } from '../../surface/capture.js';
import { quote } from '../../util/text.js';

/** The shape of a page: its items array and a string nextCursor. */
const SHAPE = {
  checklist: 'PG1',
  texts: since('2024-11-05', {
    keyword: 'SCHEMA',
    binds: 'server',
    section: 'server/utilities/pagination#response-format',
    quote: 'PaginatedResult.nextCursor?: Cursor',
    note: "Each list result carries its items array as well (ListToolsResult.tools, ...); the loop and page-cap checks are mcpact's guards against a list that never ends.",
  }),
} satisfies RuleSpec;

/**
 * That a list ends (no cursor repeats, fewer than PAGE_CAP pages) is mcpact's guard: no sentence says how long a
 * list may be, and a cursor is opaque.
 */
const ENDS: RuleSpec = {
  ...SHAPE,
  basis: 'policy',
  policy: `A list ends: no cursor comes back a second time, and there are at most ${PAGE_CAP} pages, so a client that walks every page finishes. Cursors are opaque to the specification, which says nothing about how a list ends.`,
};

export const listPages = defineRule({
  id: 'protocol/list-pages',
  family: 'protocol',
  description: 'Every declared list answers on every page, with a well-formed result and cursors that end.',
  defaultSeverity: 'error',
  spec: SHAPE,
  alsoQuotes: { 'lists that never end': ENDS, 'no answer': ANSWERED, 'declared lists that fail': CAPABILITY_SPEC, ...LIST_SPECS },
  docs:
    'mcpact walks every page of tools/list, prompts/list, resources/list and resources/templates/list for the ' +
    `capabilities the server declares. A page must carry its items array; \`nextCursor\`, when present, must be a ` +
    `string; a cursor must not repeat (a loop), and a list must end within ${PAGE_CAP} pages. A declared list that ` +
    'errors, hangs or drops the connection is reported here too (-32601 on a declared list is ' +
    'protocol/capability-implemented). Each finding cites what it breaks: the page shape its schema type; no answer ' +
    'JSON-RPC 2.0 (an error); an error answer what the capability promises (a best practice up to 2025-11-25, a MUST ' +
    "for the tools, prompts and resources lists in 2026-07-28); a repeated cursor or a list past the page cap mcpact's " +
    'policy (a warning).',
  check({ surface, report, inconclusive }) {
    for (const capture of Object.values(surface.lists)) {
      const failure = capture.status === 'error' && capture.error ? errorOutcome(capture.error) : undefined;
      const unreachable = failure && unreachableEvidence(failure);
      if (failure && unreachable) {
        // Read like any answer: a backend mcpact cannot reach is no verdict on the server (the run is incomplete).
        inconclusive(`${capture.spec.method}: the server's backend was unreachable (${unreachable}; it said: ${answerOf(failure).said ?? ''})`);
        continue;
      }
      for (const { message, spec } of problems(capture)) {
        report({
          message: `${capture.spec.method}: ${message}`,
          location: { kind: 'server' },
          ...(failure && { answer: answerOf(failure) }),
          data: { method: capture.spec.method },
          ...(spec && { spec }),
        });
      }
    }
  },
});

function errorOutcome(error: { code?: unknown; message?: unknown; data?: unknown }): Outcome {
  return { kind: 'error', code: error.code, message: error.message, data: error.data, ms: 0 };
}

/** One problem of a list, and the requirement it rests on when that is not the page's shape (the rule's own). */
interface Problem {
  message: string;
  spec?: RuleSpec;
}

function problems(capture: ListCapture): Problem[] {
  const found = capture.problems.map((problem): Problem => {
    switch (problem.kind) {
      case 'repeated-cursor':
        return {
          message: `page ${problem.page} returned a cursor that was already used (${JSON.stringify(problem.cursor).slice(0, 60)}): pagination loops`,
          spec: ENDS,
        };
      case 'page-cap':
        return { message: `still returning a nextCursor after ${problem.pages} pages; mcpact stopped following it`, spec: ENDS };
      case 'invalid-page':
        return { message: `page ${problem.page}: ${problem.reason}` };
    }
  });
  const page = capture.pages;
  if (capture.status === 'timeout') found.push({ message: `page ${page} was not answered in time`, spec: ANSWERED });
  if (capture.status === 'closed') found.push({ message: `the connection closed while fetching page ${page}`, spec: ANSWERED });
  if (capture.status === 'error' && capture.error?.code !== -32601) {
    // The server's own words say what went wrong: a backend down reads differently from a bug.
    found.push({
      message: `page ${page} failed with JSON-RPC error ${String(capture.error?.code).slice(0, 20)} ${quote(capture.error?.message ?? '', 160)}`,
      spec: servedSpec(capture.spec.kind),
    });
  }
  if (capture.status === 'malformed' && capture.problems.length === 0)
    found.push({ message: `page ${page} was neither a result nor an error`, spec: ANSWERED });
  return found;
}

/** A declared list that answers an error: what its capability promises (protocol/capability-implemented's texts). */
function servedSpec(kind: ListKind): RuleSpec {
  return kind === 'resourceTemplates' ? CAPABILITY_SPEC : LIST_SPECS[kind];
}
