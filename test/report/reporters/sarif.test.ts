/**
 * The SARIF reporter on the hostile report: the official SARIF 2.1.0 JSON Schema and Microsoft's SARIF Multitool
 * accept it; rules come from the registry with docs links; results carry physical and logical locations and
 * fingerprints that stay stable across runs.
 */
import { describe, expect, it } from 'vitest';
import { FINGERPRINT_KEY, PSEUDO_SERVER_DIR, renderSarif } from '../../../src/report/reporters/sarif.js';
import { RULES_DOCS_URL } from '../../../src/model/rule-meta.js';
import { ALL_RULES } from '../../../src/rules/index.js';
import { codeScanningProblems, multitoolProblemsOf, sarifSchemaErrors, writeTemp } from '../../support/ci-validators.js';
import { HOSTILE, hostileReport, reporterContext } from '../../support/hostile-report.js';

interface SarifResult {
  ruleId: string;
  ruleIndex?: number;
  level: string;
  message: { text: string };
  locations: {
    physicalLocation?: { artifactLocation: { uri: string }; region: { startLine: number } };
    logicalLocations: { name: string; fullyQualifiedName: string; kind: string }[];
  }[];
  partialFingerprints: Record<string, string>;
  properties: { server: string; location: { kind: string; name?: string } };
}
interface SarifLog {
  version: string;
  runs: {
    tool: {
      driver: {
        name: string;
        version: string;
        rules: {
          id: string;
          helpUri?: string;
          shortDescription: { text: string };
          fullDescription?: { text: string };
          defaultConfiguration: { level: string };
        }[];
      };
    };
    invocations: { executionSuccessful: boolean; toolExecutionNotifications: { level: string; message: { text: string }; descriptor?: { id: string } }[] }[];
    results: SarifResult[];
  }[];
}

const text = renderSarif(hostileReport(), reporterContext());
const log = JSON.parse(text) as SarifLog;
const [run] = log.runs;
if (!run) throw new Error('no run');

describe('sarif reporter', () => {
  it('emits a log the official SARIF 2.1.0 JSON Schema accepts, with the physical locations code scanning needs', () => {
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(codeScanningProblems(log)).toEqual([]);
    expect(log.version).toBe('2.1.0');
  });

  it('emits a log the SARIF Multitool validates without errors', { timeout: 60_000 }, () => {
    // The harness itself sees problems: line 0 is one. Both logs go through one run of the Multitool.
    const broken = {
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'x', version: '1', informationUri: 'https://example.com/' } },
          results: [
            {
              ruleId: 'a',
              level: 'warning',
              message: { text: 'x' },
              locations: [{ physicalLocation: { artifactLocation: { uri: 'a.txt' }, region: { startLine: 0 } } }],
            },
          ],
        },
      ],
    };
    const fileless = hostileReport();
    for (const server of fileless.servers) delete server.source;
    const [hostile, pseudo, harness] = multitoolProblemsOf([
      writeTemp('hostile.sarif', text),
      writeTemp('pseudo.sarif', renderSarif(fileless, reporterContext())),
      writeTemp('broken.sarif', JSON.stringify(broken)),
    ]);
    expect(hostile).toEqual([]);
    expect(pseudo).toEqual([]);
    expect(harness).toContainEqual(expect.stringMatching(/^error JSON1008: .*startLine/));
  });

  it('describes every registry rule: description, docs, docs link and default level', () => {
    const rules = run.tool.driver.rules;
    for (const rule of ALL_RULES) {
      const descriptor = rules.find((candidate) => candidate.id === rule.id);
      expect(descriptor, rule.id).toBeDefined();
      expect(descriptor?.shortDescription.text).toBe(rule.description);
      expect(descriptor?.fullDescription?.text).toBe(rule.docs);
      expect(descriptor?.helpUri).toBe(`${RULES_DOCS_URL}#${rule.id.replace(/[^a-z0-9-]/g, '')}`);
      expect(descriptor?.defaultConfiguration.level).toBe(rule.defaultSeverity === 'info' ? 'note' : rule.defaultSeverity);
    }
  });

  it('describes drift rules like any other, and adds an entry for a rule id the registry does not know', () => {
    const drift = run.tool.driver.rules.find((candidate) => candidate.id === 'drift/tool-description-changed');
    expect(drift).toMatchObject({ defaultConfiguration: { level: 'error' }, helpUri: `${RULES_DOCS_URL}#drifttool-description-changed` });
    for (const result of run.results) expect(run.tool.driver.rules[result.ruleIndex ?? -1]?.id).toBe(result.ruleId);
    // A report of another mcpact version may name a rule this one does not have.
    const report = hostileReport();
    const finding = { ...report.servers[0]!.findings[0]!, ruleId: 'future/unknown-rule', severity: 'warning' as const };
    report.servers[0]!.findings.push(finding);
    const other = (JSON.parse(renderSarif(report, reporterContext())) as SarifLog).runs[0]!;
    const unknown = other.tool.driver.rules.find((candidate) => candidate.id === 'future/unknown-rule');
    expect(unknown).toMatchObject({ defaultConfiguration: { level: 'warning' } });
    expect(other.results.find((result) => result.ruleId === 'future/unknown-rule')?.ruleIndex).toBe(other.tool.driver.rules.indexOf(unknown!));
  });

  it('gives each finding a result with level, message, and the config line plus the item as locations', () => {
    expect(run.results).toHaveLength(hostileReport().servers.flatMap((server) => server.findings).length);
    const [first] = run.results;
    expect(first).toMatchObject({ ruleId: 'schema/tool-name', level: 'error' });
    expect(first?.locations[0]?.physicalLocation).toEqual({ artifactLocation: { uri: 'config%20dir/mcpact.yaml' }, region: { startLine: 3 } });
    const html = run.results.find((result) => result.properties.location.name === HOSTILE.html);
    expect(html?.locations[0]?.logicalLocations[0]).toEqual({
      name: HOSTILE.html,
      fullyQualifiedName: `notes/tool/${HOSTILE.html}#/properties/${HOSTILE.html}`,
      kind: 'function',
    });
    expect(run.results.find((result) => result.properties.location.kind === 'server')?.locations[0]?.logicalLocations[0]).toMatchObject({
      name: 'notes',
      kind: 'module',
    });
  });

  it('maps info to note', () => {
    expect(run.results.filter((result) => result.level === 'note')).toHaveLength(1);
  });

  it('has a fingerprint per result that ignores the message, is unique within the run and stable across runs', () => {
    const prints = run.results.map((result) => result.partialFingerprints[FINGERPRINT_KEY]);
    expect(new Set(prints).size).toBe(prints.length);
    for (const print of prints) expect(print).toMatch(/^[0-9a-f]{64}:\d+$/);
    const again = JSON.parse(renderSarif(hostileReport(), reporterContext())) as SarifLog;
    expect(again.runs[0]?.results.map((result) => result.partialFingerprints[FINGERPRINT_KEY])).toEqual(prints);
    const twice = run.results.filter((result) => result.properties.location.name === 'twice').map((result) => result.partialFingerprints[FINGERPRINT_KEY]);
    expect(twice.map((print) => print?.split(':')[0])).toEqual([twice[0]?.split(':')[0], twice[0]?.split(':')[0]]);
    expect(twice.map((print) => print?.split(':')[1])).toEqual(['1', '2']);

    const reworded = hostileReport();
    for (const finding of reworded.servers[0]?.findings ?? []) finding.message = `${finding.message} (now with 3 more)`;
    const rewordedLog = JSON.parse(renderSarif(reworded, reporterContext())) as SarifLog;
    expect(rewordedLog.runs[0]?.results.map((result) => result.partialFingerprints[FINGERPRINT_KEY])).toEqual(prints);
  });

  it('locates a server with no file (a --url run outside a project) at its pseudo-path, line 1, which code scanning takes', () => {
    const report = hostileReport();
    for (const server of report.servers) delete server.source;
    // One cause at two places: the related location is on the same server.
    const [first] = report.servers[0]!.findings;
    first!.locations = [first!.location, { kind: 'tool', name: 'other' }];
    const zeroConfig = JSON.parse(renderSarif(report, reporterContext())) as SarifLog & {
      runs: { results: { relatedLocations?: { physicalLocation?: unknown }[] }[] }[];
    };
    expect(sarifSchemaErrors(zeroConfig)).toEqual([]);
    expect(codeScanningProblems(zeroConfig)).toEqual([]);
    const results = zeroConfig.runs[0]?.results ?? [];
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) {
      expect(result.locations[0]?.physicalLocation).toEqual({ artifactLocation: { uri: `${PSEUDO_SERVER_DIR}/notes` }, region: { startLine: 1 } });
      expect(result.locations[0]?.logicalLocations).toHaveLength(1);
    }
    expect(results[0]?.relatedLocations?.[0]?.physicalLocation).toEqual(results[0]?.locations[0]?.physicalLocation);
  });

  it('keeps a pseudo-path inside its folder whatever the server is called', () => {
    const uriOf = (name: string) => {
      const report = hostileReport();
      report.servers = report.servers.slice(0, 1).map((server) => ({ ...server, name, source: undefined }));
      return (JSON.parse(renderSarif(report, reporterContext())) as SarifLog).runs[0]!.results[0]!.locations[0]!.physicalLocation!.artifactLocation.uri;
    };
    expect(uriOf('..')).toBe(`${PSEUDO_SERVER_DIR}/%2E%2E`);
    expect(uriOf('a/../b c')).toBe(`${PSEUDO_SERVER_DIR}/a%2F..%2Fb%20c`);
  });

  it('reports crashed rules and unreachable servers as tool notifications, and the run as not successful', () => {
    const [invocation] = run.invocations;
    expect(invocation?.executionSuccessful).toBe(false);
    expect(invocation?.toolExecutionNotifications.map((notification) => notification.descriptor?.id)).toEqual(['protocol/unknown-method', undefined]);
    expect(invocation?.toolExecutionNotifications[1]?.message.text).toContain('cannot connect: ECONNREFUSED');
  });

  it('escapes message text: no control characters, no embedded links, bounded length', () => {
    for (const result of run.results) {
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      expect(result.message.text).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
      expect(result.message.text).not.toMatch(/(?<!\\)\[[^\]]*(?<!\\)\]\(/);
      expect(result.message.text.length).toBeLessThan(1_100);
    }
    const link = run.results.find((result) => result.properties.location.name === HOSTILE.link);
    expect(link?.message.text).toBe('Tool name "\\[x\\](javascript:alert(1)) \\[ref\\]\\[1\\] \\[1\\]: https://evil.example" is not valid (link)');
    // Literal braces are doubled: a SARIF viewer would take `{0}` for a placeholder (SARIF 2.1.0 §3.11.5).
    const braces = run.results.find((result) => result.properties.location.name === HOSTILE.braces);
    expect(braces?.message.text).toBe('Tool name "{{0}} {{{{1}}}} {{name}} }}{{" is not valid (braces)');
    expect(text).not.toContain('\\u001b');
    expect(text).not.toMatch(/\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])/i);
  });
});
