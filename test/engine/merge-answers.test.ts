/** One cause, one finding across the rules and cases of a family: findings that rest on the same answer to bad input. */
import { describe, expect, it } from 'vitest';
import { answerGist, mergeByAnswer } from '../../src/engine/merge-answers.js';
import type { Finding } from '../../src/model/report.js';

/** A prompt-matrix finding as the prompt rules stamp it: the case, the argument, and the server's answer. */
function caseFinding(ruleId: string, prompt: string, argument: string, kase: string, parts: Partial<Finding> = {}): Finding {
  return {
    ruleId,
    severity: 'warning',
    message: `argument "${argument}" (case ${kase}) got JSON-RPC error -32603 (validated, wrong code); expected JSON-RPC error -32602`,
    location: { kind: 'prompt', name: prompt },
    answer: { class: 'validated-wrong-code', code: -32603, said: `Missing required argument: ${argument}` },
    data: { case: kase, argument, expected: -32602, code: -32603 },
    ...parts,
  };
}

const RULES = ['prompts/missing-required', 'prompts/empty-required', 'prompts/wrong-type', 'prompts/unknown-argument'];
const rank = (ruleId: string) => RULES.indexOf(ruleId);

describe('mergeByAnswer', () => {
  it('merges one answer judged by several rules and cases into one finding that lists them', () => {
    const { findings, absorbed } = mergeByAnswer(
      [
        caseFinding('prompts/empty-required', 'summarize', 'text', 'empty-required'),
        caseFinding('prompts/empty-required', 'translate', 'language', 'whitespace-required'),
        caseFinding('prompts/missing-required', 'summarize', 'text', 'missing-required', {
          count: 2,
          locations: [
            { kind: 'prompt', name: 'summarize' },
            { kind: 'prompt', name: 'translate', message: 'other words' },
          ],
        }),
        caseFinding('prompts/unknown-argument', 'summarize', 'text', 'case-variant-argument', {
          data: { case: 'case-variant-argument', argument: 'text', variant: 'Text', expected: -32602 },
        }),
        caseFinding('prompts/wrong-type', 'summarize', 'text', 'wrong-type', {
          data: { case: 'wrong-type', argument: 'text', variant: 'number', variants: ['number', 'null'], expected: -32602 },
        }),
      ],
      rank,
    );
    expect(findings).toHaveLength(1);
    const [merged] = findings;
    // The plainest rule of the family stands for the cause among findings of one severity.
    expect(merged).toMatchObject({ ruleId: 'prompts/missing-required', count: 6, location: { name: 'summarize' } });
    expect(merged!.locations).toEqual([
      { kind: 'prompt', name: 'summarize' },
      { kind: 'prompt', name: 'translate', message: 'other words' },
      { kind: 'prompt', name: 'summarize', ruleId: 'prompts/empty-required', message: expect.stringContaining('empty-required') as unknown },
      { kind: 'prompt', name: 'translate', ruleId: 'prompts/empty-required', message: expect.stringContaining('whitespace-required') as unknown },
      { kind: 'prompt', name: 'summarize', ruleId: 'prompts/unknown-argument', message: expect.stringContaining('case-variant') as unknown },
      { kind: 'prompt', name: 'summarize', ruleId: 'prompts/wrong-type', message: expect.stringContaining('wrong-type') as unknown },
    ]);
    expect(merged!.data?.cases).toEqual([
      { ruleId: 'prompts/missing-required', case: 'missing-required', count: 2, severity: 'warning' },
      { ruleId: 'prompts/empty-required', case: 'empty-required', count: 1, severity: 'warning' },
      { ruleId: 'prompts/empty-required', case: 'whitespace-required', count: 1, severity: 'warning' },
      { ruleId: 'prompts/unknown-argument', case: 'case-variant-argument', variant: 'Text', count: 1, severity: 'warning' },
      { ruleId: 'prompts/wrong-type', case: 'wrong-type', variant: 'number, null', count: 1, severity: 'warning' },
    ]);
    expect([...absorbed.entries()].sort()).toEqual([
      ['prompts/empty-required', 'prompts/missing-required'],
      ['prompts/unknown-argument', 'prompts/missing-required'],
      ['prompts/wrong-type', 'prompts/missing-required'],
    ]);
  });

  it('keeps the highest severity, and the message, data and spec of the member that sets it', () => {
    const spec = { basis: 'spec', revision: '2025-11-25', level: 'MUST', section: 'server/prompts', url: 'https://example.invalid' } as const;
    const { findings } = mergeByAnswer(
      [
        caseFinding('prompts/missing-required', 'p', 'a', 'missing-required'),
        caseFinding('prompts/wrong-type', 'p', 'a', 'wrong-type', { severity: 'error', spec }),
      ],
      rank,
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ ruleId: 'prompts/wrong-type', severity: 'error', spec, data: { case: 'wrong-type' } });
    expect(findings[0]!.data?.cases).toEqual([
      { ruleId: 'prompts/wrong-type', case: 'wrong-type', count: 1, severity: 'error' },
      { ruleId: 'prompts/missing-required', case: 'missing-required', count: 1, severity: 'warning' },
    ]);
  });

  it.each<[string, Partial<Finding>]>([
    ['another code', { answer: { class: 'validated-wrong-code', code: -32601, said: 'Missing required argument: a' } }],
    ['another class', { answer: { class: 'not-validated', code: -32603, said: 'Missing required argument: a' } }],
    ['other words', { answer: { class: 'validated-wrong-code', code: -32603, said: 'Database is locked' } }],
    ['another expectation', { data: { case: 'optional-omitted', argument: 'a', expected: 'a rendered result' } }],
    ['another kind of place', { location: { kind: 'server' } }],
    ['another family', { ruleId: 'tools/invalid-input-code' }],
    ["the SDK's behaviour beside the author's", { inherited: { sdk: '@modelcontextprotocol/sdk', versions: '>=1.23.0', signature: 'x' } }],
  ])('keeps two causes apart: %s', (_name, parts) => {
    const { findings, absorbed } = mergeByAnswer(
      [caseFinding('prompts/missing-required', 'p', 'a', 'missing-required'), caseFinding('prompts/wrong-type', 'p', 'a', 'wrong-type', parts)],
      rank,
    );
    expect(findings).toHaveLength(2);
    expect(absorbed.size).toBe(0);
  });

  it("merges a name the server's lookup answered, located at the item it was made from, with the server-wide probe", () => {
    const said = (name: string) => ({ class: 'not-validated' as const, code: -32603, said: `Prompt not found: ${name}` });
    const variant: Finding = {
      ruleId: 'prompts/unknown-prompt',
      severity: 'warning',
      message: 'prompts/get for "Find-places-nearby" (case case-variant-prompt) got JSON-RPC error -32603',
      location: { kind: 'prompt', name: 'find-places-nearby' },
      answer: said('Find-places-nearby'),
      data: { case: 'case-variant-prompt', variant: 'Find-places-nearby', expected: -32602, code: -32603, answeredAt: 'server' },
    };
    const unknown: Finding = {
      ruleId: 'prompts/unknown-prompt',
      severity: 'warning',
      message: 'prompts/get for a prompt that does not exist (case unknown-prompt) got JSON-RPC error -32603',
      location: { kind: 'server' },
      answer: said('mcpact-no-such-prompt'),
      data: { case: 'unknown-prompt', expected: -32602, code: -32603 },
    };
    // Report order puts the prompt first; the server-wide probe stands for the cause.
    const { findings } = mergeByAnswer([variant, unknown]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ location: { kind: 'server' }, count: 2, data: { case: 'unknown-prompt' } });
    expect(findings[0]!.locations?.[1]).toMatchObject({ kind: 'prompt', name: 'find-places-nearby' });
    // Without the marker a finding at a prompt is another place, as before.
    const { answeredAt: _, ...unmarked } = variant.data!;
    expect(mergeByAnswer([{ ...variant, data: unmarked }, unknown]).findings).toHaveLength(2);
  });

  it('merges an isError result like an error: the same words to two malformed calls', () => {
    const isError = (what: string): Finding => ({
      ruleId: 'tools/malformed-call',
      severity: 'warning',
      message: `a tools/call with ${what} got a result (validated, wrong code)`,
      location: { kind: 'server' },
      answer: { class: 'validated-wrong-code', said: 'Tool mcpact_unknown_tool not found' },
      data: { variant: what, expected: -32602 },
    });
    const { findings } = mergeByAnswer([isError('arguments is a string'), isError('arguments is an array')]);
    expect(findings).toHaveLength(1);
    expect(findings[0]?.data?.cases).toEqual([
      { ruleId: 'tools/malformed-call', variant: 'arguments is a string', count: 1, severity: 'warning' },
      { ruleId: 'tools/malformed-call', variant: 'arguments is an array', count: 1, severity: 'warning' },
    ]);
  });

  it('leaves findings that rest on no answer to bad input as they are: two rendered results are two defects', () => {
    const rendered = (ruleId: string, kase: string): Finding => caseFinding(ruleId, 'p', 'a', kase, { answer: { class: 'not-validated', said: 'Prompt p.' } });
    const hang: Finding = { ruleId: 'prompts/robustness', severity: 'warning', message: 'hung', location: { kind: 'prompt', name: 'p' } };
    const input = [rendered('prompts/missing-required', 'missing-required'), rendered('prompts/unknown-argument', 'unknown-argument'), hang];
    expect(mergeByAnswer(input, rank).findings).toEqual(input);
  });
});

describe('answerGist', () => {
  it("sets aside the SDK's wrapper, the names of the probe, quoted values and numbers", () => {
    const gist = (said: string, argument = 'city') =>
      answerGist(caseFinding('prompts/missing-required', 'weather', argument, 'missing-required', { answer: { said } }));
    expect(gist('MCP error -32603: Missing required argument: City')).toBe('missing required argument: <name>');
    expect(gist('Missing required argument: language', 'language')).toBe(gist('missing required argument: city'));
    expect(gist('Prompt weather needs "city" (3 chars max)')).toBe('prompt <name> needs "<value>" (<n> chars max)');
    // A name inside another word is not a name.
    expect(gist('velocity is required')).toBe('velocity is required');
    // Names and values mcpact made up for its probes are names.
    expect(gist('Unknown prompt: mcpact-no-such-prompt')).toBe('unknown prompt: <name>');
    expect(gist('Unknown argument mcpact_unknown_argument (got mcpact-sample-text)')).toBe('unknown argument <name> (got <name>)');
  });
});

describe('mergeByAnswer of a finding that already lists its cases', () => {
  it("keeps the cases a rule's own cause merged, beside another rule's", () => {
    const listed: Finding = {
      ruleId: 'tools/malformed-call',
      severity: 'warning',
      message: 'a tools/call with "arguments" is a string or "arguments" is an array got JSON-RPC error -32603 (validated, wrong code)',
      location: { kind: 'server' },
      answer: { class: 'validated-wrong-code', code: -32603, said: 'Internal error' },
      count: 2,
      locations: [{ kind: 'server' }, { kind: 'server', message: 'a tools/call with "arguments" is an array got JSON-RPC error -32603' }],
      data: {
        variant: 'arguments is a string',
        expected: -32602,
        cases: [
          { ruleId: 'tools/malformed-call', variant: 'arguments is a string', count: 1, severity: 'warning' },
          { ruleId: 'tools/malformed-call', variant: 'arguments is an array', count: 1, severity: 'warning' },
        ],
      },
    };
    const unknown: Finding = {
      ruleId: 'tools/unknown-tool',
      severity: 'warning',
      message: 'a tools/call for a tool that does not exist got JSON-RPC error -32603 (validated, wrong code)',
      location: { kind: 'server' },
      answer: { class: 'validated-wrong-code', code: -32603, said: 'Internal error' },
      data: { expected: -32602 },
    };
    const { findings } = mergeByAnswer([listed, unknown], (ruleId) => (ruleId === 'tools/malformed-call' ? 0 : 1));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ ruleId: 'tools/malformed-call', count: 3 });
    expect(findings[0]!.data?.cases).toEqual([
      { ruleId: 'tools/malformed-call', variant: 'arguments is a string', count: 1, severity: 'warning' },
      { ruleId: 'tools/malformed-call', variant: 'arguments is an array', count: 1, severity: 'warning' },
      { ruleId: 'tools/unknown-tool', count: 1, severity: 'warning' },
    ]);
  });
});
