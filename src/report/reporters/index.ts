/**
 * The reporters, one row each. `--reporter NAME[:PATH]` accepts exactly these names; anything else is a usage
 * error (exit 2), never a silent fallback.
 */
import { usageError } from '../../errors.js';
import { closest } from '../../util/did-you-mean.js';
import type { Render } from './types.js';
import { renderConsole } from './console.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderSarif } from './sarif.js';
import { renderMarkdown } from './markdown.js';

export const REPORTERS = {
  console: { description: 'Human-readable, streamed by rule family (stdout by default).', render: renderConsole },
  json: { description: 'Machine-readable RunReport, see schemas/report.v1.schema.json.', render: renderJson },
  junit: { description: 'JUnit XML: a test suite per rule family, a test case per rule (GitLab, Jenkins, test-report actions).', render: renderJunit },
  sarif: { description: 'SARIF 2.1.0 for code scanning (github/codeql-action/upload-sarif).', render: renderSarif },
  markdown: { description: 'GitHub-flavoured Markdown for $GITHUB_STEP_SUMMARY and pull-request comments.', render: renderMarkdown },
} as const satisfies Record<string, { description: string; render: Render }>;

export type ReporterName = keyof typeof REPORTERS;
export const REPORTER_NAMES = Object.keys(REPORTERS) as ReporterName[];

export interface ReporterSpec {
  name: ReporterName;
  /** Output file; undefined means stdout. */
  path?: string;
}

export function parseReporterSpec(text: string): ReporterSpec {
  const colon = text.indexOf(':');
  const name = colon === -1 ? text : text.slice(0, colon);
  const path = colon === -1 ? undefined : text.slice(colon + 1);
  if (!(REPORTER_NAMES as string[]).includes(name)) {
    const hint = closest(name, REPORTER_NAMES);
    throw usageError(`unknown reporter "${name}"${hint ? ` (did you mean "${hint}"?)` : ''}; available: ${REPORTER_NAMES.join(', ')}`);
  }
  if (path === '') throw usageError(`reporter "${name}": empty output path after ":"`);
  return { name: name as ReporterName, path };
}
