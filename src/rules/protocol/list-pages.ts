import { defineRule } from '../../engine/rule.js';
import type { Outcome } from '../../connect/rpc.js';
import { answerOf, unreachableEvidence } from '../../exercise/answers.js';
import type { ListCapture } from '../../surface/types.js';
import { PAGE_CAP } from '../../surface/capture.js';
import { quote } from '../../util/text.js';

export const listPages = defineRule({
  id: 'protocol/list-pages',
  family: 'protocol',
  description: 'Every declared list answers on every page, with a well-formed result and cursors that end.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'PG1',
    texts: {
      '2025-11-25': {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/utilities/pagination#response-format',
        quote: 'PaginatedResult.nextCursor?: Cursor',
        note: "Each list result carries its items array as well (ListToolsResult.tools, ...); the loop and page-cap checks are mcpact's guards against a list that never ends.",
      },
      '2025-06-18': {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/utilities/pagination#response-format',
        quote: 'PaginatedResult.nextCursor?: Cursor',
        note: "Each list result carries its items array as well (ListToolsResult.tools, ...); the loop and page-cap checks are mcpact's guards against a list that never ends.",
      },
      '2025-03-26': {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/utilities/pagination#response-format',
        quote: 'PaginatedResult.nextCursor?: Cursor',
        note: "Each list result carries its items array as well (ListToolsResult.tools, ...); the loop and page-cap checks are mcpact's guards against a list that never ends.",
      },
      '2024-11-05': {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/utilities/pagination#response-format',
        quote: 'PaginatedResult.nextCursor?: Cursor',
        note: "Each list result carries its items array as well (ListToolsResult.tools, ...); the loop and page-cap checks are mcpact's guards against a list that never ends.",
      },
      '2026-07-28': {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/utilities/pagination#response-format',
        quote: 'PaginatedResult.nextCursor?: Cursor',
        note: "Each list result carries its items array as well (ListToolsResult.tools, ...); the loop and page-cap checks are mcpact's guards against a list that never ends.",
      },
    },
  },
  docs:
    'mcpact walks every page of tools/list, prompts/list, resources/list and resources/templates/list for the ' +
    `capabilities the server declares. A page must carry its items array; \`nextCursor\`, when present, must be a ` +
    `string; a cursor must not repeat (a loop), and a list must end within ${PAGE_CAP} pages. A declared list that ` +
    'errors, hangs or drops the connection is reported here too (-32601 on a declared list is ' +
    'protocol/capability-implemented).',
  check({ surface, report, inconclusive }) {
    for (const capture of Object.values(surface.lists)) {
      const failure = capture.status === 'error' && capture.error ? errorOutcome(capture.error) : undefined;
      const unreachable = failure && unreachableEvidence(failure);
      if (failure && unreachable) {
        // Read like any answer: a backend mcpact cannot reach is no verdict on the server (the run is incomplete).
        inconclusive(`${capture.spec.method}: the server's backend was unreachable (${unreachable}; it said: ${answerOf(failure).said ?? ''})`);
        continue;
      }
      for (const message of problems(capture)) {
        report({
          message: `${capture.spec.method}: ${message}`,
          location: { kind: 'server' },
          ...(failure && { answer: answerOf(failure) }),
          data: { method: capture.spec.method },
        });
      }
    }
  },
});

function errorOutcome(error: { code?: unknown; message?: unknown; data?: unknown }): Outcome {
  return { kind: 'error', code: error.code, message: error.message, data: error.data, ms: 0 };
}

function problems(capture: ListCapture): string[] {
  const found = capture.problems.map((problem) => {
    switch (problem.kind) {
      case 'repeated-cursor':
        return `page ${problem.page} returned a cursor that was already used (${JSON.stringify(problem.cursor).slice(0, 60)}): pagination loops`;
      case 'page-cap':
        return `still returning a nextCursor after ${problem.pages} pages; mcpact stopped following it`;
      case 'invalid-page':
        return `page ${problem.page}: ${problem.reason}`;
    }
  });
  const page = capture.pages;
  if (capture.status === 'timeout') found.push(`page ${page} was not answered in time`);
  if (capture.status === 'closed') found.push(`the connection closed while fetching page ${page}`);
  if (capture.status === 'error' && capture.error?.code !== -32601) {
    // The server's own words say what went wrong: a backend down reads differently from a bug.
    found.push(`page ${page} failed with JSON-RPC error ${String(capture.error?.code).slice(0, 20)} ${quote(capture.error?.message ?? '', 160)}`);
  }
  if (capture.status === 'malformed' && capture.problems.length === 0) found.push(`page ${page} was neither a result nor an error`);
  return found;
}
