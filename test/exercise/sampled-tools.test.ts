/**
 * A contract larger than `calls.max_tools` is sampled (issue #14): an evenly spread, stable set of tools is
 * exercised, the rest are counted in one note, and a defect in a sampled tool is still found.
 */
import { describe, expect, it } from 'vitest';
import { sampledTools } from '../../src/exercise/tools.js';
import { invalidInput } from '../../src/rules/tools/invalid-input.js';
import { runRuleOnFake } from '../support/rule-tester.js';

describe('sampledTools', () => {
  it('keeps every tool up to the cap, then spreads the sample from end to end', () => {
    const tools = Array.from({ length: 10 }, (_, index) => index);
    expect([...sampledTools(tools, 10)]).toEqual(tools);
    expect([...sampledTools(tools, 4)]).toEqual([0, 2, 5, 7]);
    expect([...sampledTools(tools, 1)]).toEqual([0]);
  });
});

describe('tools/invalid-input on a contract larger than calls.max_tools', () => {
  // Ten tools that all run whatever they get (no validation): every exercised one is a finding.
  const tools = Array.from({ length: 10 }, (_, index) => ({
    name: `tool_${index}`,
    description: `Tool ${index}.`,
    inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  }));
  const server = { tools, handle: (method: string) => (method === 'tools/call' ? { result: { content: [{ type: 'text', text: 'done' }] } } : undefined) };

  it('exercises the sample only, and says how many tools were left out', async () => {
    const report = await runRuleOnFake(invalidInput, server, {}, { calls: { all: true, max_tools: 4 } });
    const judged = new Set(report.findings.flatMap((finding) => [finding.location, ...(finding.locations ?? [])].map((location) => location.name)));
    expect([...judged].sort()).toEqual(['tool_0', 'tool_2', 'tool_5', 'tool_7']);
    expect(report.rules[0]?.reason).toMatch(/6 tools not exercised \(the server has more tools than `calls.max_tools`/);
  });

  it('exercises every tool when the cap allows', async () => {
    const report = await runRuleOnFake(invalidInput, server, {}, { calls: { all: true } });
    const judged = new Set(report.findings.flatMap((finding) => [finding.location, ...(finding.locations ?? [])].map((location) => location.name)));
    expect(judged.size).toBe(10);
  });
});
