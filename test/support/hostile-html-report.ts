/**
 * A RunReport with the HTML attacks of fixtures/hostile/html-text.ts in every field the HTML report prints:
 * server names and serverInfo, messages, locations and occurrences, the server's answer (class line and whole
 * words), spec quotes and URLs, inherited marks with a `javascript:` reference, drift before/after texts with
 * hidden characters, latency tool names, rule reasons, a server error and an unreachable backend. Every severity,
 * an inherited finding, a drift finding and two servers, so each section of the page is drawn.
 */
import { HTML_ATTACKS } from '../../fixtures/hostile/html-text.js';
import { runReportSchema, type Finding, type RunReport, type ServerReport } from '../../src/model/report.js';
import { buildRunReport } from '../../src/report/build.js';

const ALL = Object.values(HTML_ATTACKS).join(' ');
const entries = Object.entries(HTML_ATTACKS);

const spec = {
  basis: 'spec',
  revision: '2025-06-18',
  level: 'MUST',
  section: 'server/tools#tool',
  keyword: 'MUST',
  binds: 'server',
  quote: `Servers MUST ${HTML_ATTACKS.scriptEnd}`,
  url: HTML_ATTACKS.javascriptUrl,
} as const;
/** A policy is printed in words of its own: a report read back (merge-reports) may carry anything there. */
const policy = { ...spec, basis: 'policy', level: 'POLICY', policy: `mcpact expects ${HTML_ATTACKS.img}`, lenient: true } as const;

const own: Finding[] = entries.map(([key, text], index) => ({
  ruleId: index % 2 === 0 ? 'schema/tool-name' : 'tools/unknown-tool',
  severity: (['error', 'warning', 'info'] as const)[index % 3]!,
  message: `${key}: ${text}`,
  location: { kind: 'tool', name: text, pointer: `/${text}` },
  spec: index % 4 === 3 ? policy : spec,
  answer: { class: 'not-validated', code: -32603, said: text, evidence: text },
  data: { said: `${text}\n${ALL}` },
}));

const merged: Finding = {
  ruleId: 'schema/tool-description',
  severity: 'warning',
  message: HTML_ATTACKS.img,
  location: { kind: 'tool', name: HTML_ATTACKS.link },
  count: 2,
  locations: [
    { kind: 'tool', name: HTML_ATTACKS.link },
    { kind: 'tool', name: HTML_ATTACKS.iframe, message: HTML_ATTACKS.meta },
  ],
};

const inherited: Finding = {
  ruleId: 'protocol/invalid-cursor',
  severity: 'info',
  message: HTML_ATTACKS.template,
  location: { kind: 'server' },
  inherited: { sdk: HTML_ATTACKS.img, versions: HTML_ATTACKS.swallow, signature: HTML_ATTACKS.attributeBreak, reference: HTML_ATTACKS.javascriptUrl },
};

const drift: Finding = {
  ruleId: 'drift/tool-description-changed',
  severity: 'warning',
  message: `description of tool "${HTML_ATTACKS.script}" changed`,
  location: { kind: 'tool', name: HTML_ATTACKS.script, pointer: '/description' },
  data: {
    level: `risky${HTML_ATTACKS.attributeBreak}`,
    before: `Adds two numbers. ${HTML_ATTACKS.img}`,
    after: `Adds three numbers.\u200b ${HTML_ATTACKS.img} ${HTML_ATTACKS.hidden}`,
  },
};

const first: ServerReport = {
  name: HTML_ATTACKS.img,
  transport: 'stdio',
  serverInfo: {
    name: HTML_ATTACKS.scriptEnd,
    version: HTML_ATTACKS.singleQuoteBreak,
    icons: [{ src: HTML_ATTACKS.pixel }],
    websiteUrl: HTML_ATTACKS.javascriptUrl,
  },
  protocolVersion: '2025-06-18',
  complete: true,
  source: { file: `conf/${HTML_ATTACKS.base}.yaml`, line: 2 },
  backend: { calls: 4, unreachable: 3, evidence: HTML_ATTACKS.stylesheet, said: HTML_ATTACKS.separators },
  rules: [
    { id: 'schema/tool-name', family: 'schema', status: 'fail', severity: 'error', durationMs: 1 },
    { id: 'tools/unknown-tool', family: 'tools', status: 'fail', severity: 'warning', durationMs: 1 },
    { id: 'schema/tool-description', family: 'schema', status: 'fail', severity: 'warning', durationMs: 1 },
    { id: 'protocol/invalid-cursor', family: 'protocol', status: 'fail', severity: 'info', durationMs: 1 },
    { id: 'drift/tool-description-changed', family: 'drift', status: 'fail', severity: 'warning', durationMs: 1 },
    { id: 'protocol/ping', family: 'protocol', status: 'error', severity: 'error', durationMs: 1, reason: ALL },
    { id: 'protocol/unknown-method', family: 'protocol', status: 'inconclusive', severity: 'error', durationMs: 1, reason: HTML_ATTACKS.scriptEnd },
  ],
  findings: [...own, merged, inherited, drift],
  latency: {
    tools: entries
      .slice(0, 4)
      .map(([, text], index) => ({ name: text, samples: 5, errors: 0, timeouts: 0, p50Ms: 3 + index, p95Ms: 9 + index * 4, budget: { p95Ms: 15 } })),
    overall: { samples: 20, p50Ms: 4, p95Ms: 18 },
    skipped: [{ name: HTML_ATTACKS.meta, reason: HTML_ATTACKS.iframe }],
  },
};

const second: ServerReport = {
  name: HTML_ATTACKS.hidden,
  transport: 'http',
  serverInfo: null,
  protocolVersion: null,
  complete: false,
  error: `cannot connect\n${ALL}`,
  rules: [],
  findings: [],
};

export function hostileHtmlReport(): RunReport {
  return runReportSchema.parse(buildRunReport({ version: HTML_ATTACKS.img, servers: [first, second], durationMs: 1_234, failOn: 'error' }));
}
