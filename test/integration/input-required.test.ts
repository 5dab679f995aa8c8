/**
 * Input-required answers to prompts/get (2026-07-28 multi round-trip requests) against the SDK 2.x eras fixture as
 * a real child process, over stdio and Streamable HTTP on 127.0.0.1: its weekly_report prompt answers with a
 * requestState first and renders on the retry (`--defect input-required`), or breaks one requirement per defect.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS, type ServerSettings } from '../../src/config/schema.js';
import type { SessionTarget } from '../../src/connect/session.js';
import { runServer } from '../../src/engine/runner.js';
import type { ServerReport } from '../../src/model/report.js';
import type { EraChoice } from '../../src/model/spec.js';
import { promptRules } from '../../src/rules/prompts/index.js';
import { erasHttp, erasStdio } from '../support/eras.js';

const OWN = ['prompts/input-required', 'prompts/request-state'];

/** What the rendering must read (prompts/expectations judges the `complete` case: here, what the retry rendered). */
const RENDERED: ServerSettings = { prompts: { weekly_report: { expect: { match: ["^Summarize this week's work of team "] } } } };

function run(target: SessionTarget, era: EraChoice = 'modern'): Promise<ServerReport> {
  return runServer(
    { name: 'eras', target, timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 3_000 }, expect: {}, levels: {}, settings: RENDERED, protocolEra: era },
    { rules: [...promptRules], clientVersion: 'test', concurrency: 4 },
  );
}

const status = (report: ServerReport, id: string) => report.rules.find((rule) => rule.id === id)?.status;
const own = (report: ServerReport) =>
  report.findings.filter((finding) => OWN.includes(finding.ruleId)).map((finding) => `${finding.ruleId}: ${finding.message}`);

/** What each defect must show, and nothing more from the two rules. */
const DEFECTS: [defect: string, findings: string[]][] = [
  ['input-required-empty', ['prompts/input-required: input-required result has neither inputRequests nor requestState (case complete)']],
  [
    'input-required-undeclared',
    ['prompts/input-required: input request "week" is elicitation/create, but the request declared no elicitation capability (case complete)'],
  ],
  [
    'request-state-rejected',
    ['prompts/request-state: the retry of prompts/get (case complete), with the requestState echoed unchanged, was refused: JSON-RPC error -32602'],
  ],
  [
    'missing-input-error',
    [
      'prompts/input-required: input request "week" is elicitation/create, but the request declared no elicitation capability (case complete)',
      'prompts/request-state: the retry of prompts/get without answers to input request "week" (after case complete) got JSON-RPC error -32602; expected a new input-required result asking again',
    ],
  ],
  [
    'input-responses-strict',
    [
      'prompts/request-state: the retry of prompts/get with an unexpected inputResponses entry "mcpact_unexpected_input" (after case complete) got JSON-RPC error -32602; expected the entry to be ignored',
    ],
  ],
];

const targets = (defect: string) => ({ stdio: erasStdio('modern', defect), http: erasHttp('modern', defect) });
const good = targets('input-required');
const defects = DEFECTS.map(([defect, findings]) => ({ defect, findings, ...targets(defect) }));

describe.each(['stdio', 'http'] as const)('input-required prompts over %s', (transport) => {
  it('a correct input-required prompt: both rules pass, and the matrix judges what the retry rendered', async () => {
    const report = await run(good[transport]());
    expect(report.era).toBe('modern');
    expect(report.complete).toBe(true);
    expect(own(report)).toEqual([]);
    for (const id of OWN) expect(status(report, id), id).toBe('pass');
    expect(status(report, 'prompts/message-shape')).toBe('pass');
    expect(status(report, 'prompts/argument-dropped')).toBe('pass');
    expect(status(report, 'prompts/expectations')).toBe('pass');
  });

  it.each(defects.map((entry) => [entry.defect, entry] as const))('--defect %s', async (_name, entry) => {
    const report = await run(entry[transport]());
    expect(report.complete).toBe(true);
    expect(own(report)).toEqual(entry.findings);
  });
});

describe('input-required prompts in the legacy era', () => {
  it('a dual-era server tested with --protocol-era legacy: the rules are not listed, and the SDK renders the prompt itself', async () => {
    const report = await run(erasStdio('dual', 'input-required')(), 'legacy');
    expect(report.era).toBe('legacy');
    for (const id of OWN) expect(status(report, id), id).toBeUndefined();
    for (const id of ['prompts/message-shape', 'prompts/argument-dropped', 'prompts/expectations']) expect(status(report, id), id).toBe('pass');
  });
});
