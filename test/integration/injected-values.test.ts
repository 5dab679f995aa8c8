/**
 * What the run itself caused is never the server's defect (fixtures/servers/injected-values.ts): a correct server
 * that renders mcpact's `{{subject}}` verbatim twice, embeds the URI argument it is given, reads a switch without
 * echoing it, and fails on the dummy token of the test environment. No finding rests on a value mcpact sent, and
 * the backend that is not set up is no verdict, never "cannot be read".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { runServer } from '../../src/engine/runner.js';
import type { ServerReport } from '../../src/model/report.js';
import { promptRules } from '../../src/rules/prompts/index.js';
import { resourcesRules } from '../../src/rules/resources/index.js';
import { toolsRules } from '../../src/rules/tools/index.js';
import { COMPUTE_REFUSAL, DUMMY_TOKEN_ERROR } from '../../fixtures/servers/injected-values.js';
import { ROOT } from '../support/cli.js';

const rule = (report: ServerReport, id: string) => report.rules.find((entry) => entry.id === id);

describe('values mcpact sent, and a backend the test environment does not set up', () => {
  let report: ServerReport;
  beforeAll(async () => {
    report = await runServer(
      {
        name: 'injected-values',
        target: { kind: 'stdio', command: process.execPath, args: [`${ROOT}dist/fixtures/servers/injected-values.js`], env: {} },
        timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 3_000 },
        expect: {},
        levels: {},
        settings: {},
      },
      { rules: [...promptRules, ...resourcesRules, ...toolsRules], clientVersion: 'test', concurrency: 4 },
    );
  });

  it('no finding rests on a rendered value mcpact sent: markers, URIs, switches', () => {
    expect(report.complete, report.error).toBe(true);
    for (const id of ['prompts/unresolved-markers', 'prompts/message-shape', 'prompts/argument-dropped']) {
      expect(report.findings.filter((finding) => finding.ruleId === id)).toEqual([]);
      if (id !== 'prompts/argument-dropped') expect(rule(report, id)?.status, id).toBe('pass');
    }
    // A value the description does not offer ('oui', 'non') is mcpact's, and how it renders says nothing; an
    // argument that shows when sent without its alternative is read under its own name.
    expect(rule(report, 'prompts/argument-dropped')).toMatchObject({ status: 'inconclusive' });
    expect(rule(report, 'prompts/argument-dropped')?.reason).toContain('"find_profile" argument "inclure_candidats" (its description offers "oui", "non"');
    expect(rule(report, 'prompts/argument-dropped')?.reason).toContain('"skills_map" argument "manager_id" shows in case optional-omitted');
    // The adversarial cases' values, embedded as given, are named in the note: not judged, not hidden.
    expect(rule(report, 'prompts/message-shape')?.reason).toMatch(/sit in a value mcpact sent.*embed_resource/);
  });

  it('a dummy credential is a backend not set up: no verdict, never "cannot be read" or "validated"', () => {
    expect(rule(report, 'resources/readable')).toMatchObject({ status: 'inconclusive' });
    expect(rule(report, 'resources/readable')?.reason).toContain('the backend is not set up (credentials)');
    expect(rule(report, 'tools/invalid-input')?.status).toBe('inconclusive');
    expect(rule(report, 'tools/invalid-input')?.reason).toContain(DUMMY_TOKEN_ERROR);
    expect(report.findings.filter((finding) => JSON.stringify(finding).includes(DUMMY_TOKEN_ERROR))).toEqual([]);
  });

  it('a refusal in words of a template value mcpact chose is not the resource; a listed contradiction still is', () => {
    // compute://{spec} expanded with "polygon" (from its description) answers a text/plain refusal: no verdict.
    const match = report.findings.filter((finding) => finding.ruleId === 'resources/contents-match');
    expect(match.map((finding) => finding.message)).toEqual([
      'resources/read of "data://stats": contents[0].mimeType "text/plain" contradicts the listed mimeType "application/json"',
    ]);
    expect(rule(report, 'resources/contents-match')?.status).toBe('fail');
    expect(report.findings.filter((finding) => JSON.stringify(finding).includes('compute://polygon'))).toEqual([]);
    expect(rule(report, 'resources/template-read')?.status).toBe('pass');
    expect(rule(report, 'resources/template-read')?.reason).toContain(COMPUTE_REFUSAL);
  });
});
