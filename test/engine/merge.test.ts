/** One cause, one finding: merging by cause, unit by unit and through the engine on a 50-tool server. */
import { describe, expect, it } from 'vitest';
import { causeKey, mergeByCause } from '../../src/engine/merge.js';
import type { Finding } from '../../src/model/report.js';
import { toolDescription } from '../../src/rules/schema/tool-description.js';
import { runRuleOnFake } from '../support/rule-tester.js';

const stamped = (name: string, message: string, data?: Record<string, unknown>): Finding => ({
  ruleId: 'tools/invalid-input',
  severity: 'error',
  message,
  location: { kind: 'tool', name },
  ...(data && { data }),
});
const finding = (name: string, message: string, data?: Record<string, unknown>) => ({ finding: stamped(name, message, data) });

describe('mergeByCause', () => {
  it('merges messages that differ only in names, numbers and quoted values, keeping every location', () => {
    const merged = mergeByCause([
      finding('get_issue', '"get_issue" with property "owner" missing got -32603; expected -32602 after 12 ms'),
      finding('create_issue', '"create_issue" with property "title" missing got -32603; expected -32602 after 7 ms'),
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ count: 2, message: expect.stringContaining('get_issue') as unknown, location: { name: 'get_issue' } });
    expect(merged[0]!.locations?.map((location) => location.name)).toEqual(['get_issue', 'create_issue']);
  });

  it('keeps causes apart: another error code, another data code, another rule or severity', () => {
    const base = stamped('a_tool', '"a_tool" got -32603');
    expect(mergeByCause([{ finding: base }, finding('b_tool', '"b_tool" got -32601')])).toHaveLength(2);
    expect(mergeByCause([finding('a_tool', 'x', { code: 1 }), finding('b_tool', 'x', { code: 2 })])).toHaveLength(2);
    expect(causeKey(base)).not.toBe(causeKey({ ...base, ruleId: 'tools/valid-input' }));
    expect(causeKey(base)).not.toBe(causeKey({ ...base, severity: 'warning' }));
  });

  it('never puts one place twice into a merged finding: two defects of one shape at one place stay two', () => {
    const merged = mergeByCause([
      finding('code_review', 'the value of argument "focus" appears nowhere'),
      finding('code_review', 'the value of argument "language" appears nowhere'),
      finding('summarize', 'the value of argument "text" appears nowhere'),
    ]);
    expect(merged.map((item) => [item.message, item.count, item.locations?.map((location) => location.name)])).toEqual([
      ['the value of argument "focus" appears nowhere', 2, ['code_review', 'summarize']],
      ['the value of argument "language" appears nowhere', undefined, undefined],
    ]);
  });

  it("merges by the rule's own cause, the server's answer, keeping each occurrence's message", () => {
    const said = (tool: string) => `-32603 Invalid arguments for tool ${tool}: expected string, received number`;
    const merged = mergeByCause([
      { finding: stamped('get_issue', '"get_issue" with property "owner" of the wrong type got -32603'), cause: said('get_issue') },
      { finding: stamped('get_issue', '"get_issue" with required property "repo" missing got -32603'), cause: said('get_issue') },
      { finding: stamped('list_issues', '"list_issues" with property "state" outside its enum got -32603'), cause: said('list_issues') },
      { finding: stamped('list_issues', '"list_issues" got a success'), cause: 'result ok' },
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({ count: 3, location: { name: 'get_issue' } });
    expect(merged[0]!.locations).toEqual([
      { kind: 'tool', name: 'get_issue' },
      { kind: 'tool', name: 'get_issue', message: '"get_issue" with required property "repo" missing got -32603' },
      { kind: 'tool', name: 'list_issues', message: '"list_issues" with property "state" outside its enum got -32603' },
    ]);
  });

  it("lists the cases of bad input one cause of the rule's stands for in data.cases, as merge-answers does", () => {
    const malformed = (variant: string, said: string): Finding => ({
      ruleId: 'tools/malformed-call',
      severity: 'warning',
      message: `a tools/call with ${variant} got a result (validated, wrong code)`,
      location: { kind: 'server' },
      answer: { class: 'validated-wrong-code', said },
      data: { variant, outcome: 'result' },
    });
    const cause = 'validated-wrong-code isError result tool error';
    const merged = mergeByCause([
      { finding: malformed('arguments is a string', 'Tool error: Invalid input: invalid type: string "mcpact", expected struct AuditInput'), cause },
      { finding: malformed('arguments is an array', 'Tool error: Invalid input: invalid length 0, expected struct AuditInput with 3 elements'), cause },
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ count: 2, data: { variant: 'arguments is a string' } });
    expect(merged[0]!.data?.cases).toEqual([
      { ruleId: 'tools/malformed-call', variant: 'arguments is a string', count: 1, severity: 'warning' },
      { ruleId: 'tools/malformed-call', variant: 'arguments is an array', count: 1, severity: 'warning' },
    ]);
    // One case at many places (the invalid-input probes of several tools) is no list of cases.
    const tools = mergeByCause([
      { finding: { ...stamped('a_tool', 'x'), answer: { class: 'validated-wrong-code' } }, cause: 'c' },
      { finding: { ...stamped('b_tool', 'y'), answer: { class: 'validated-wrong-code' } }, cause: 'c' },
    ]);
    expect(tools[0]!.data).toBeUndefined();
  });

  it('leaves a single finding as it is, without count or locations', () => {
    const single = finding('only', '"only" got -32603');
    expect(mergeByCause([single])).toEqual([single.finding]);
  });
});

describe('merging in the engine', () => {
  it('reports one defect on 50 tools as one finding with count 50', async () => {
    const tools = Array.from({ length: 50 }, (_, index) => ({ name: `tool_${String(index).padStart(2, '0')}`, inputSchema: { type: 'object' } }));
    const report = await runRuleOnFake(toolDescription, { tools });
    expect(report.findings).toHaveLength(1);
    const [only] = report.findings;
    expect(only).toMatchObject({ ruleId: 'schema/tool-description', count: 50, location: { name: 'tool_00' } });
    expect(only!.locations).toHaveLength(50);
    expect(new Set(only!.locations!.map((location) => location.name)).size).toBe(50);
  });
});
