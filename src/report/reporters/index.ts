/** The reporters, one row for each name of model/reporters.ts (the compiler keeps the two in step). */
import type { Render } from './types.js';
import type { ReporterName } from '../../model/reporters.js';
import { renderConsole } from './console.js';
import { renderJson } from './json.js';
import { renderJunit } from './junit.js';
import { renderSarif } from './sarif.js';
import { renderMarkdown } from './markdown.js';
import { renderGithub } from './github.js';
import { renderHtml } from './html.js';

export const REPORTERS = {
  console: { description: 'Human-readable, streamed by rule family (stdout by default).', render: renderConsole },
  json: { description: 'Machine-readable RunReport, see schemas/report.v1.schema.json.', render: renderJson },
  junit: { description: 'JUnit XML: a test suite per rule family, a test case per rule (GitLab, Jenkins, test-report actions).', render: renderJunit },
  sarif: { description: 'SARIF 2.1.0 for code scanning (github/codeql-action/upload-sarif).', render: renderSarif },
  markdown: { description: 'GitHub-flavoured Markdown for $GITHUB_STEP_SUMMARY and pull-request comments.', render: renderMarkdown },
  github: {
    description: 'GitHub Actions workflow commands: an annotation for every finding at or above fail-on, at the config line (may share stdout with console).',
    render: renderGithub,
  },
  html: {
    description: 'One self-contained HTML page to open in a browser: findings with filters, spec quotes, drift word diffs, a latency chart (no network).',
    render: renderHtml,
  },
} as const satisfies Record<ReporterName, { description: string; render: Render }>;
