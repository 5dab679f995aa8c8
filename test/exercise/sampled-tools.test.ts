/**
 * A contract larger than `calls.max_tools` is sampled (issue #14): an evenly spread, stable set of tools is
 * exercised, the rest are counted in one note, and a defect in a sampled tool is still found.
 */
import { describe, expect, it } from 'vitest';
import { evenSample } from '../../src/util/sample.js';
import { invalidInput } from '../../src/rules/tools/invalid-input.js';
import { missingRequired } from '../../src/rules/prompts/missing-required.js';
import { runRuleOnFake } from '../support/rule-tester.js';

describe('evenSample', () => {
  it('keeps every tool up to the cap, then spreads the sample from end to end', () => {
    const tools = Array.from({ length: 10 }, (_, index) => index);
    expect([...evenSample(tools, 10)]).toEqual(tools);
    expect([...evenSample(tools, 4)]).toEqual([0, 2, 5, 7]);
    expect([...evenSample(tools, 1)]).toEqual([0]);
    expect([...evenSample(tools, 2, (item) => item === 9)].sort()).toEqual([0, 5, 9]);
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

  it('always exercises the tools named in calls.allow', async () => {
    const report = await runRuleOnFake(invalidInput, server, {}, { calls: { all: true, allow: ['tool_9'], max_tools: 4 } });
    const judged = new Set(report.findings.flatMap((finding) => [finding.location, ...(finding.locations ?? [])].map((location) => location.name)));
    expect([...judged].sort()).toEqual(['tool_0', 'tool_2', 'tool_5', 'tool_7', 'tool_9']);
  });

  it('exercises every tool when the cap allows', async () => {
    const report = await runRuleOnFake(invalidInput, server, {}, { calls: { all: true } });
    const judged = new Set(report.findings.flatMap((finding) => [finding.location, ...(finding.locations ?? [])].map((location) => location.name)));
    expect(judged.size).toBe(10);
  });
});

describe('the prompt matrix on a contract larger than prompts.max_prompts', () => {
  // Five prompts that render whatever they get, even without their required argument: every exercised one is a finding.
  const prompts = Array.from({ length: 5 }, (_, index) => ({
    name: `prompt_${index}`,
    description: `Prompt ${index}.`,
    arguments: [{ name: 'topic', required: true }],
  }));
  const server = {
    prompts,
    handle: (method: string) =>
      method === 'prompts/get' ? { result: { messages: [{ role: 'user', content: { type: 'text', text: 'Write about it.' } }] } } : undefined,
  };
  const judged = (report: Awaited<ReturnType<typeof runRuleOnFake>>) =>
    [...new Set(report.findings.flatMap((finding) => [finding.location, ...(finding.locations ?? [])].map((location) => location.name)))].sort();

  it('exercises the sample and the configured prompts, and says how many were left out', async () => {
    const report = await runRuleOnFake(missingRequired, server, {}, { prompts: { max_prompts: 2, prompt_4: { arguments: { topic: 'x' } } } });
    expect(judged(report)).toEqual(['prompt_0', 'prompt_2', 'prompt_4']);
    expect(report.rules[0]?.reason).toMatch(/2 prompts not exercised: the server has more prompts than `prompts.max_prompts`/);
  });

  it('exercises every prompt by default', async () => {
    expect(judged(await runRuleOnFake(missingRequired, server))).toHaveLength(5);
  });
});
