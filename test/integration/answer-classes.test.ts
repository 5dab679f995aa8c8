/**
 * The answer classes end to end over real stdio: one fixture server answers each class on a tool and on a prompt
 * (fixtures/servers/answer-classes.ts), and each class gets its verdict: rejected correctly passes, validated with
 * the wrong code is a warning of its own rule, not validated is an error (tools) or the prompt rule's finding, and an
 * unreachable backend is no verdict at all, said on the rule's result.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { runServer } from '../../src/engine/runner.js';
import type { Finding, ServerReport } from '../../src/model/report.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { ROOT } from '../support/cli.js';

const RULES = ALL_RULES.filter((rule) => rule.family === 'tools' || rule.family === 'prompts');
let report: ServerReport;

beforeAll(async () => {
  report = await runServer(
    {
      name: 'answer-classes',
      target: { kind: 'stdio', command: process.execPath, args: [`${ROOT}dist/fixtures/servers/answer-classes.js`], env: {} },
      timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 3_000 },
      expect: {},
      levels: {},
      settings: {},
    },
    { rules: RULES, clientVersion: 'test', concurrency: 4 },
  );
});

const of = (ruleId: string): Finding[] => report.findings.filter((finding) => finding.ruleId === ruleId);
const places = (findings: Finding[]) => [...new Set(findings.map((finding) => finding.location.name))].sort();
const classes = (findings: Finding[]) => [...new Set(findings.map((finding) => finding.answer?.class))].sort();
const rule = (id: string) => report.rules.find((result) => result.id === id);

describe('answer classes on a tool', () => {
  it('not validated: one error of tools/invalid-input, on the lax tool and the tool that sent every input out', () => {
    // Beside it, two findings rest on mcpact's policy, with no answer class: the undeclared property the lax tool
    // accepted (a warning), and the number sent for its string id, which a coercing validator serves as text
    // (information: lenient, as the specification permits).
    const all = of('tools/invalid-input');
    expect(
      all
        .filter((finding) => finding.spec?.basis === 'policy')
        .map((finding) => [finding.location.name, finding.severity])
        .sort(),
    ).toEqual([
      ['lax_lookup', 'info'],
      ['lax_lookup', 'warning'],
    ]);
    // One missing check is one cause: one finding, each place with its own message.
    const errors = all.filter((finding) => finding.spec?.basis !== 'policy');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ severity: 'error', answer: { class: 'not-validated' } });
    const locations = errors[0]?.locations ?? [];
    expect([...new Set(locations.map((location) => location.name))].sort()).toEqual(['forward_lookup', 'lax_lookup']);
    const lax = locations.filter((location) => location.name === 'lax_lookup');
    expect(lax.length).toBeGreaterThan(0);
    for (const location of lax) expect(location.message).toContain('it was answered like a valid call (a success)');
  });

  it('validated, wrong code: a warning of tools/invalid-input-code, with the words that show it validated', () => {
    const findings = of('tools/invalid-input-code');
    expect(places(findings)).toEqual(['coded_lookup']);
    expect(classes(findings)).toEqual(['validated-wrong-code']);
    expect(findings.every((finding) => finding.severity === 'warning')).toBe(true);
    expect(findings[0]).toMatchObject({ answer: { code: -32603, said: expect.stringContaining('Invalid arguments') } });
    expect(findings[0]?.spec).toMatchObject({ keyword: 'none', section: 'server/tools#error-handling' });
  });

  it('backend unreachable: no finding on the remote tool, said once on the rule with the server words', () => {
    expect(report.findings.filter((finding) => finding.location.name === 'remote_lookup')).toEqual([]);
    expect(rule('tools/invalid-input')?.reason).toMatch(
      /"remote_lookup"(, "forward_lookup")?: the server's backend was unreachable \(a DNS failure; it said "fetch failed/,
    );
  });

  it('backend unreachable for every input, none refused, two of them no validator lets through: not validated', () => {
    // Its cases are places of the one finding of the missing check (above): the first stands for it.
    const [finding] = of('tools/invalid-input').filter((entry) => entry.severity === 'error');
    expect(finding).toMatchObject({
      location: { name: 'forward_lookup' },
      answer: { class: 'not-validated', said: expect.stringContaining('ENOTFOUND records.invalid') },
      message: expect.stringContaining('as every invalid input to the tool did, none refused'),
    });
    const forward = (finding?.locations ?? []).filter((location) => location.name === 'forward_lookup');
    expect(forward).toHaveLength(2);
    for (const location of forward) expect(location.message ?? finding?.message).toContain('as every invalid input to the tool did, none refused');
    // The others (the number for the string id, the empty id, the undeclared key) a lenient validator may pass on.
    expect(rule('tools/invalid-input')?.reason).toMatch(/"forward_lookup"/);
  });

  it('rejected correctly: nothing on the strict tool', () => {
    expect(report.findings.filter((finding) => finding.location.name === 'strict_lookup')).toEqual([]);
  });
});

describe('answer classes on a prompt', () => {
  it('validated with the wrong code and not validated are both findings of prompts/missing-required, each with its class', () => {
    const findings = of('prompts/missing-required');
    expect(places(findings)).toEqual(['coded_summary', 'lax_summary']);
    const byPrompt = new Map(findings.map((finding) => [finding.location.name, finding]));
    expect(byPrompt.get('coded_summary')).toMatchObject({
      answer: { class: 'validated-wrong-code', code: -32603, said: 'Missing required argument: text' },
      message: expect.stringContaining('validated, wrong code'),
    });
    expect(byPrompt.get('lax_summary')).toMatchObject({ answer: { class: 'not-validated', said: 'Summarize the text.' } });
  });

  it('backend unreachable: no finding on the remote prompt in any rule, and the rules say so', () => {
    expect(report.findings.filter((finding) => finding.location.name === 'remote_summary')).toEqual([]);
    for (const id of ['prompts/missing-required', 'prompts/wrong-type', 'prompts/empty-required']) {
      expect(rule(id)?.reason, id).toMatch(/"remote_summary": the server's backend was unreachable/);
    }
  });

  it('rejected correctly: nothing on the strict prompt', () => {
    expect(report.findings.filter((finding) => finding.location.name === 'strict_summary')).toEqual([]);
  });
});
