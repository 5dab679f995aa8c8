/**
 * One RunReport for every reporter test, full of what a hostile server (or an unlucky one) can put in names,
 * messages, reasons and data: characters XML 1.0 forbids, lone surrogates, CDATA and comment terminators, HTML,
 * Markdown links, images and autolinks, mentions, issue references, ANSI and OSC 8 escapes, bidi overrides, table
 * pipes, backticks, `</details>`, and a 100 kB string. It covers every rule status, every severity, a drift
 * finding with a diff, a finding twice on one location, a server with a config source and one without, and a
 * server that could not be fully tested.
 */
import { buildRunReport } from '../../src/report/build.js';
import { runReportSchema, type Finding, type RunReport, type ServerReport } from '../../src/model/report.js';
import { ruleMeta } from '../../src/engine/rule.js';
import type { ReporterContext } from '../../src/report/reporters/types.js';
import { ALL_RULES } from '../../src/rules/index.js';

export const HOSTILE = {
  xmlForbidden: 'nul\u0000 bs\u0008 vt\u000b ff\u000c us\u001f nonchars\ufffe\uffff end',
  loneSurrogates: 'high\ud800 low\udc00 pair😀 end',
  cdataEnd: 'before ]]> after --> <!-- <![CDATA[ x',
  html: '<script>alert(1)</script><img src=x onerror=alert(1)><b>bold</b>',
  link: '[x](javascript:alert(1)) [ref][1] [1]: https://evil.example',
  image: '![img](http://evil.example/x.png)',
  mention: '@everyone @here @octocat, see #1 and owner/repo#2',
  autolink: 'https://evil.example www.evil.example <https://evil.example/a> mail@evil.example',
  ansi: '\u001b[31mred\u001b[0m \u001b[2J\u001b[H',
  osc8: '\u001b]8;;https://evil.example\u0007click me\u001b]8;;\u0007',
  bidi: 'abc\u202edef\u2066ghi\u200bjkl',
  pipes: 'a | b || c \\| d',
  backticks: '``` `code` ```` ~~~',
  details: '</details></summary><details open><summary>x',
  entities: '&lt;b&gt; &amp; &#64;everyone &#x3C;',
  markdownBlocks: '# heading\n- item\n> quote\n\n| t | t |\n| - | - |\n***\n1. one',
  emphasis: '**bold** _it_ ~~strike~~ $x^2$ :smile:',
  quotes: `"double" 'single' \\ back\\slash`,
  braces: '{0} {{1}} {name} }{',
} as const;

/** 100,000 characters of one message: reporters must bound what they print. */
export const LONG = 'L'.repeat(50_000) + '<script>'.repeat(6_250);

const ALL = Object.values(HOSTILE).join(' ');

const spec = {
  basis: 'spec',
  revision: '2025-11-25',
  level: 'MUST',
  section: 'server/tools#tool',
  url: 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool',
} as const;

function finding(ruleId: string, severity: Finding['severity'], message: string, location: Finding['location'], data?: Record<string, unknown>): Finding {
  return { ruleId, severity, message, location, spec, ...(data && { data }) };
}

const hostileFindings: Finding[] = Object.entries(HOSTILE).map(([key, value]) =>
  finding('schema/tool-name', 'error', `Tool name "${value}" is not valid (${key})`, { kind: 'tool', name: value, pointer: `/properties/${value}` }, { value }),
);

const notes: ServerReport = {
  name: 'notes',
  transport: 'stdio',
  serverInfo: { name: HOSTILE.html, version: HOSTILE.ansi },
  protocolVersion: '2025-11-25',
  complete: true,
  source: { file: 'config dir/mcpact.yaml', line: 3 },
  rules: [
    { id: 'protocol/ping', family: 'protocol', status: 'pass', severity: 'error', durationMs: 12 },
    { id: 'protocol/unknown-method', family: 'protocol', status: 'error', severity: 'error', durationMs: 5, reason: `TypeError: ${ALL}` },
    { id: 'schema/tool-name', family: 'schema', status: 'fail', severity: 'error', durationMs: 1_234 },
    { id: 'schema/tool-description', family: 'schema', status: 'fail', severity: 'warning', durationMs: 3 },
    {
      id: 'schema/prompt-description',
      family: 'schema',
      status: 'skip',
      severity: 'warning',
      durationMs: 0,
      reason: `no prompts ${HOSTILE.details} ${HOSTILE.xmlForbidden}`,
    },
    { id: 'schema/resource-uri', family: 'schema', status: 'pass', severity: 'error', durationMs: 7, reason: `note: ${HOSTILE.mention}` },
    // Drift is a family like the others: its findings have a rule result too.
    { id: 'drift/tool-description-changed', family: 'drift', status: 'fail', severity: 'warning', durationMs: 0 },
  ],
  findings: [
    ...hostileFindings,
    finding('schema/tool-name', 'error', LONG, { kind: 'tool', name: LONG, pointer: `/${LONG}` }, { value: LONG }),
    // Twice on the same location: two results, two distinct fingerprints.
    finding('schema/tool-description', 'warning', 'Tool has no description', { kind: 'tool', name: 'twice' }),
    finding('schema/tool-description', 'warning', 'Tool description is empty', { kind: 'tool', name: 'twice' }),
    finding('schema/tool-description', 'info', `Server says: ${ALL}`, { kind: 'server', pointer: '/serverInfo' }),
    finding(
      'drift/tool-description-changed',
      'warning',
      `Description of tool "${HOSTILE.mention}" changed`,
      { kind: 'tool', name: HOSTILE.details },
      {
        level: 'risky',
        diff: `Adds [-two-]{+three+} numbers.\n${HOSTILE.backticks}\n${HOSTILE.details}\n${HOSTILE.ansi}\n${HOSTILE.mention}\n\n${HOSTILE.html}`,
      },
    ),
  ],
};

const remote: ServerReport = {
  name: `remote|${HOSTILE.mention}`,
  transport: 'http',
  serverInfo: null,
  protocolVersion: null,
  complete: false,
  error: `cannot connect: ECONNREFUSED\n${HOSTILE.ansi}\n${HOSTILE.details}\n${HOSTILE.backticks}`,
  rules: [],
  findings: [],
};

export function hostileReport(): RunReport {
  return runReportSchema.parse(buildRunReport({ version: '0.0.0-test', servers: [notes, remote], durationMs: 2_345, failOn: 'error' }));
}

/** The same rules as the CLI hands reporters. */
export function reporterContext(): ReporterContext {
  return { color: false, verbose: false, quiet: false, rules: ALL_RULES.map(ruleMeta) };
}
