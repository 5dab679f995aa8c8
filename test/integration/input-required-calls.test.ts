/**
 * Input-required answers to tools/call and resources/read (2026-07-28 multi round-trip requests) against the SDK 2.x
 * eras fixture as a real child process, over stdio and Streamable HTTP on 127.0.0.1: its team_status tool and its
 * docs://guide/draft resource answer with a requestState first and serve the retry (`--defect tool-input-required`,
 * `resource-input-required`), or break one requirement per defect.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import type { SessionTarget } from '../../src/connect/session.js';
import { runServer } from '../../src/engine/runner.js';
import type { ServerReport } from '../../src/model/report.js';
import { resultType } from '../../src/rules/protocol/result-type.js';
import { resourcesRules } from '../../src/rules/resources/index.js';
import { toolsRules } from '../../src/rules/tools/index.js';
import { erasHttp, erasStdio } from '../support/eras.js';

const OWN = ['tools/input-required', 'tools/request-state', 'resources/input-required', 'protocol/result-type'];

function run(target: SessionTarget): Promise<ServerReport> {
  return runServer(
    { name: 'eras', target, timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 3_000 }, expect: {}, levels: {}, settings: {}, protocolEra: 'modern' },
    { rules: [...toolsRules, ...resourcesRules, resultType], clientVersion: 'test', concurrency: 4 },
  );
}

const status = (report: ServerReport, id: string) => report.rules.find((rule) => rule.id === id)?.status;
const findings = (report: ServerReport) => report.findings.map((finding) => `${finding.ruleId}: ${finding.message}`);

const ASKED_WEEK = 'input request "week" is elicitation/create, but the request declared no elicitation capability';
const TAKEN_COMPLETE = 'but no resultType; a client MUST treat an absent resultType as "complete", so the input is never given';

/** Every finding of the run (all tools and resources rules, and protocol/result-type) each defect must show. */
const DEFECTS: [defect: string, findings: string[]][] = [
  ['tool-input-no-result-type', [`protocol/result-type: tools/call of "team_status" answered with inputRequests ${TAKEN_COMPLETE}`]],
  ['tool-input-undeclared', [`tools/input-required: ${ASKED_WEEK} (tools/call of "team_status" (valid example 1))`]],
  [
    'tool-state-unverified',
    [
      'tools/request-state: the retry of tools/call of "team_status" (valid example 1) with its requestState changed in one character was served as a complete result, although the retry without a requestState was not (asked for input again): state that fails verification must be rejected',
    ],
  ],
  [
    'resource-input-no-result-type',
    [
      `protocol/result-type: resources/read answered with inputRequests ${TAKEN_COMPLETE}`,
      // Taken as complete, it is a read without contents: what a client makes of it.
      'resources/contents-shape: resources/read of "docs://guide/draft" (listed): the result has no contents array',
    ],
  ],
  ['resource-input-undeclared', [`resources/input-required: ${ASKED_WEEK} (resources/read of "docs://guide/draft", listed)`]],
];

const targets = (defect: string) => ({ stdio: erasStdio('modern', defect), http: erasHttp('modern', defect) });
const tool = targets('tool-input-required');
const resource = targets('resource-input-required');
const defects = DEFECTS.map(([defect, expected]) => ({ defect, expected, ...targets(defect) }));

describe.each(['stdio', 'http'] as const)('input-required tools and resources over %s', (transport) => {
  it('a tool that asks for input correctly: the round trip is followed, and every rule judges what the retry returned', async () => {
    const report = await run(tool[transport]());
    expect(report.complete).toBe(true);
    expect(findings(report)).toEqual([]);
    for (const id of ['tools/input-required', 'tools/request-state', 'protocol/result-type', 'tools/valid-input']) expect(status(report, id), id).toBe('pass');
  });

  it('a resource that asks for input correctly: the read is what the retry returned', async () => {
    const report = await run(resource[transport]());
    expect(report.complete).toBe(true);
    expect(findings(report)).toEqual([]);
    for (const id of ['resources/input-required', 'protocol/result-type', 'resources/readable', 'resources/contents-shape'])
      expect(status(report, id), id).toBe('pass');
  });

  it.each(defects.map((entry) => [entry.defect, entry] as const))('--defect %s', async (_name, entry) => {
    const report = await run(entry[transport]());
    expect(report.complete).toBe(true);
    expect(findings(report)).toEqual(entry.expected);
    for (const id of OWN) expect(['pass', 'fail', 'skip']).toContain(status(report, id));
  });
});
