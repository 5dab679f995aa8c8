/**
 * SARIF 2.1.0 for code scanning (GitHub upload-sarif and other SARIF viewers): the registry's rules with their
 * docs links, one result per finding with a physical location (the config line that defines the server, or the
 * file a zero-config run names, else a pseudo-path named after the server) and a logical one (the item and JSON
 * pointer), and a fingerprint that stays the same across runs so code scanning recognizes a finding it has seen
 * before.
 */
import { entryLabel, STALE_HINT } from '../known-findings.js';
import { createHash } from 'node:crypto';
import type { Severity } from '../../model/severity.js';
import type { Finding, RunReport, ServerReport } from '../../model/report.js';
import { visibleText } from '../sanitize.js';
import { truncate } from '../../util/text.js';
import type { Render, ReporterContext } from './types.js';
import type { RuleMeta } from '../../model/rule-meta.js';

const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
/** Key of our fingerprint in `partialFingerprints`; bump the version if what it hashes ever changes. */
export const FINGERPRINT_KEY = 'mcpactFinding/v1';
const INFORMATION_URI = 'https://github.com/mcpact/mcpact';
/**
 * Where a server with no file of its own is located: `mcpact-server/<name>`, line 1. Code scanning refuses a result
 * without a physical location ("locationFromSarifResult: expected a physical location") and takes any path relative
 * to the repository, present or not; the name keeps the path, and with it the alert, the same across runs.
 */
export const PSEUDO_SERVER_DIR = 'mcpact-server';
const MESSAGE_LIMIT = 1_000;

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };
/** SARIF's suggested logical location kinds closest to each MCP item. */
const LOGICAL_KIND: Record<Finding['location']['kind'], string> = {
  server: 'module',
  transport: 'module',
  tool: 'function',
  prompt: 'function',
  resource: 'resource',
  resourceTemplate: 'resource',
};

interface ReportingDescriptor {
  id: string;
  name?: string;
  shortDescription: { text: string };
  fullDescription?: { text: string };
  help?: { text: string; markdown: string };
  helpUri?: string;
  defaultConfiguration: { level: 'error' | 'warning' | 'note' };
  properties: Record<string, unknown>;
}

export const renderSarif: Render = (report, context) => JSON.stringify(sarifLog(report, context), null, 2) + '\n';

function sarifLog(report: RunReport, context: Pick<ReporterContext, 'rules'>): Record<string, unknown> {
  const rules = descriptors(report, context.rules);
  const index = new Map(rules.map((rule, position) => [rule.id, position]));
  const seen = new Map<string, number>();
  const results = report.servers.flatMap((server) =>
    server.findings.map((finding) => {
      const hash = fingerprint(server, finding);
      const occurrence = (seen.get(hash) ?? 0) + 1;
      seen.set(hash, occurrence);
      return result(server, finding, index.get(finding.ruleId), `${hash}:${occurrence}`, report.knownFindings?.file);
    }),
  );
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'mcpact',
            version: report.tool.version,
            semanticVersion: report.tool.version,
            informationUri: INFORMATION_URI,
            rules,
          },
        },
        invocations: [{ executionSuccessful: report.complete, toolExecutionNotifications: notifications(report, index) }],
        results,
        ...latencyProperties(report),
      },
    ],
  };
}

/** Every registry rule, then any rule id a result uses that the registry does not know (a report of another mcpact version). */
function descriptors(report: RunReport, registry: readonly RuleMeta[]): ReportingDescriptor[] {
  const known = registry.map((rule): ReportingDescriptor => ({
    id: rule.id,
    name: ruleName(rule.id),
    shortDescription: { text: rule.description },
    fullDescription: { text: rule.docs },
    help: { text: `${rule.description}\n\n${rule.docs}`, markdown: `${rule.description}\n\n${rule.docs}\n\n[Rule reference](${rule.helpUri})` },
    helpUri: rule.helpUri,
    defaultConfiguration: { level: LEVEL[rule.defaultSeverity] },
    // `basis` (and the `policy` tag code scanning filters by) says when the rule rests on mcpact's own policy.
    properties: {
      tags: ['mcp', rule.family, ...(rule.spec?.basis === 'policy' ? ['policy'] : [])],
      family: rule.family,
      ...(rule.spec && { basis: rule.spec.basis, spec: rule.spec }),
    },
  }));
  const ids = new Set(known.map((rule) => rule.id));
  const extra = new Map<string, ReportingDescriptor>();
  for (const finding of report.servers.flatMap((server) => server.findings)) {
    if (ids.has(finding.ruleId) || extra.has(finding.ruleId)) continue;
    const family = finding.ruleId.split('/')[0] ?? finding.ruleId;
    extra.set(finding.ruleId, {
      id: finding.ruleId,
      name: ruleName(finding.ruleId),
      shortDescription: { text: visibleText(finding.ruleId) },
      defaultConfiguration: { level: LEVEL[finding.severity] },
      properties: { tags: ['mcp', family], family },
    });
  }
  return [...known, ...[...extra.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))];
}

/** The logical location of a place in the server's contract: `server/tool/name#pointer`. */
function logicalLocation(server: ServerReport, location: Finding['location']): Record<string, unknown> {
  const name = location.name ?? server.name;
  const qualified =
    [server.name, location.kind, location.name].filter((part) => part !== undefined).join('/') + (location.pointer ? `#${location.pointer}` : '');
  return { name: visibleText(truncate(name, 200)), fullyQualifiedName: visibleText(truncate(qualified, 400)), kind: LOGICAL_KIND[location.kind] };
}

function result(
  server: ServerReport,
  finding: Finding,
  ruleIndex: number | undefined,
  fingerprintValue: string,
  knownFile: string | undefined,
): Record<string, unknown> {
  const { location } = finding;
  const logical = logicalLocation(server, location);
  const physical = physicalLocation(server);
  // A finding that stands for several places (one cause): the first is its location, every other one related.
  const related = (finding.locations ?? [])
    .slice(1)
    .map((other, index) => ({ id: index + 1, physicalLocation: physical, logicalLocations: [logicalLocation(server, other)] }));
  return {
    ruleId: finding.ruleId,
    ...(ruleIndex !== undefined && { ruleIndex }),
    level: LEVEL[finding.severity],
    message: { text: messageText(truncate(finding.message, MESSAGE_LIMIT)) },
    locations: [{ physicalLocation: physical, logicalLocations: [logical] }],
    ...(related.length > 0 && { relatedLocations: related }),
    partialFingerprints: { [FINGERPRINT_KEY]: fingerprintValue },
    // A known finding (docs/ci.md#known-findings) is suppressed outside the code: code scanning shows it as dismissed.
    ...(finding.known && {
      suppressions: [{ kind: 'external', status: 'accepted', justification: messageText(`listed in the known-findings file ${knownFile ?? ''}`.trim()) }],
    }),
    properties: visibleDeep({
      server: server.name,
      location,
      ...(finding.count !== undefined && { count: finding.count }),
      ...(finding.spec && { basis: finding.spec.basis, spec: finding.spec }),
      ...(finding.answer && { answer: finding.answer }),
      ...(finding.data && { data: finding.data }),
      ...(finding.inherited && { inherited: finding.inherited }),
    }),
  };
}

/** The server's definition: its config line or the file its command names (`source`), else its pseudo-path. */
function physicalLocation(server: ServerReport): { artifactLocation: { uri: string }; region: { startLine: number } } {
  if (server.source) {
    return { artifactLocation: { uri: server.source.file.split('/').map(encodeURIComponent).join('/') }, region: { startLine: server.source.line } };
  }
  // A name of dots would climb out of the folder: its dots are escaped.
  const segment = /^\.+$/.test(server.name) ? server.name.replaceAll('.', '%2E') : encodeURIComponent(visibleText(server.name) || 'server');
  return { artifactLocation: { uri: `${PSEUDO_SERVER_DIR}/${segment}` }, region: { startLine: 1 } };
}

/** Latency measurements of the servers that were timed, as run properties (SARIF has no place for metrics). */
function latencyProperties(report: RunReport): { properties?: Record<string, unknown> } {
  const latency = report.servers.flatMap((server) => (server.latency ? [{ server: server.name, ...server.latency }] : []));
  return latency.length > 0 ? { properties: { latency: visibleDeep(latency) } } : {};
}

/** Rule errors and servers that could not be fully tested: the tool's own failures, not results. */
function notifications(report: RunReport, index: Map<string, number>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  // Stale known findings fail the run without being results (nothing was found): said as errors of the run.
  for (const entry of report.knownFindings?.stale ?? []) {
    out.push({
      level: 'error',
      message: { text: messageText(`stale known finding ${truncate(entryLabel(entry), MESSAGE_LIMIT)} (${report.knownFindings!.file}): ${STALE_HINT}`) },
    });
  }
  for (const server of report.servers) {
    if (server.error !== undefined) out.push({ level: 'error', message: { text: messageText(`${server.name}: ${truncate(server.error, MESSAGE_LIMIT)}`) } });
    for (const rule of server.rules.filter((candidate) => candidate.status === 'error')) {
      const position = index.get(rule.id);
      out.push({
        level: 'error',
        message: { text: messageText(`${server.name}: rule ${rule.id} crashed: ${truncate(rule.reason ?? 'unknown error', MESSAGE_LIMIT)}`) },
        ...(position !== undefined && { descriptor: { id: rule.id, index: position } }),
      });
    }
    for (const rule of server.rules.filter((candidate) => candidate.status === 'inconclusive')) {
      const position = index.get(rule.id);
      out.push({
        level: 'note',
        message: { text: messageText(`${server.name}: rule ${rule.id} was inconclusive: ${truncate(rule.reason ?? 'no verdict', MESSAGE_LIMIT)}`) },
        ...(position !== undefined && { descriptor: { id: rule.id, index: position } }),
      });
    }
  }
  return out;
}

/**
 * Stable across runs: the rule, the server and where in its contract, never the message (which may carry counts
 * or values that change). A second finding with the same key in one run gets the next occurrence number.
 */
function fingerprint(server: ServerReport, finding: Finding): string {
  const { kind, name, pointer } = finding.location;
  return createHash('sha256')
    .update(JSON.stringify([finding.ruleId, server.name, kind, name ?? null, pointer ?? null]))
    .digest('hex');
}

/**
 * Plain-text SARIF messages: visible control characters, and `\`, `[` and `]` escaped with a backslash (SARIF
 * 3.11.6), so server text cannot form an embedded link that a viewer would follow.
 */
/** SARIF message text: Markdown brackets escaped, and literal braces doubled (SARIF 2.1.0 §3.11.5: `{` starts a placeholder). */
function messageText(text: string): string {
  return visibleText(text)
    .replace(/[\\[\]]/g, '\\$&')
    .replace(/[{}]/g, '$&$&');
}

/** Raw values stay raw, but no string in them keeps a control character or an unencodable code unit. */
function visibleDeep(value: unknown): unknown {
  if (typeof value === 'string') return visibleText(value);
  if (Array.isArray(value)) return value.map(visibleDeep);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [visibleText(key), visibleDeep(item)]));
  return value;
}

/** `schema/tool-name` -> `SchemaToolName`: SARIF's `name` is an identifier-like form of the id. */
function ruleName(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
