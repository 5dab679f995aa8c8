import { LATENCY_DEFAULTS, type LatencyBudget } from '../../config/latency.js';
import { defineRule, type RuleContext } from '../../engine/rule.js';
import type { LatencyReport, LatencyToolReport } from '../../model/report.js';
import { truncate } from '../../util/text.js';
import { percentile } from '../../util/percentile.js';
import { quote } from '../../util/text.js';
import { MAX_TIMEOUTS, timeTool, timingPlan, type ToolTiming } from '../../exercise/latency.js';
import { since } from '../../model/spec.js';

export const budget = defineRule({
  id: 'latency/budget',
  family: 'latency',
  needs: ['tools'],
  description: 'Tools answer within the p50/p95 latency budgets of the config (opt-in; only tools the safe-call policy allows).',
  defaultSeverity: 'error',
  spec: {
    basis: 'config',
    texts: since('2024-11-05', {
      keyword: 'none',
      binds: 'server',
      section: 'server/tools#calling-tools',
      quote: 'To invoke a tool, clients send a `tools/call` request:',
      note: "The budgets are the config's own (`latency:`); the text sets no latency.",
    }),
  },
  docs:
    'With `latency:` in a server entry, mcpact times `samples` calls (after `warmup` untimed ones) to each tool in ' +
    '`latency.tools` (default: every tool the safe-call policy allows), one at a time and after every other rule ' +
    'has finished, so nothing else of mcpact loads the server meanwhile. A tool the policy forbids is never ' +
    'called: it is listed as skipped with the reason. Only results without `isError` are samples; `isError` ' +
    'results, JSON-RPC errors and timeouts are counted separately and never pass for fast calls. Each budget ' +
    '(`p50_ms`, `p95_ms`, per tool in `per_tool`) that a tool exceeds is a finding naming the tool; so is a timed ' +
    'call that timed out, and a budgeted tool without a single successful call. Per-tool and overall p50/p95 ' +
    'appear in every reporter, whether or not a budget failed. See docs/suites.md#latency-budgets.',
  afterOthers: true,
  async check(context) {
    const latency = context.settings.latency;
    if (latency === undefined) return context.skip('no latency in the config');
    const plan = timingPlan(context.surface, context.settings);
    for (const name of plan.unknown) {
      context.report({
        message: `latency.tools names tool ${quote(name, 60)}, which the server does not list`,
        location: toolLocation(name),
        data: { tool: name },
      });
    }
    if (plan.skipped.length > 0) context.note(`not timed: ${plan.skipped.map((entry) => `${quote(entry.name, 60)} (${entry.reason})`).join('; ')}`);

    const counts = { samples: latency.samples ?? LATENCY_DEFAULTS.samples, warmup: latency.warmup ?? LATENCY_DEFAULTS.warmup };
    const timings: ToolTiming[] = [];
    // One tool at a time, one call at a time: concurrent calls would time each other.
    for (const tool of plan.tools) timings.push(await timeTool(context.probe, tool.name, tool.args, counts));

    const tools = timings.map((timing) => toolReport(timing, budgetFor(latency, timing.name)));
    const pooled = timings.flatMap((timing) => timing.samples);
    const report: LatencyReport = {
      tools,
      overall: { samples: pooled.length, p50Ms: percentile(pooled, 50), p95Ms: percentile(pooled, 95) },
      skipped: plan.skipped,
    };
    context.metrics({ latency: report });
    for (const tool of tools) judge(context, tool, plan.tools.find((entry) => entry.name === tool.name)?.source);
    if (plan.tools.length === 0 && plan.unknown.length === 0) {
      const why = plan.skipped
        .slice(0, 10)
        .map((entry) => `${quote(entry.name, 60)}: ${entry.reason}`)
        .join('; ');
      context.skip(`no tool could be timed: ${why || 'the server lists no tool the safe-call policy allows'}`);
    }
  },
});

function budgetFor(latency: { p50_ms?: number; p95_ms?: number; per_tool?: Record<string, LatencyBudget> }, name: string): LatencyToolReport['budget'] {
  const own = latency.per_tool && Object.hasOwn(latency.per_tool, name) ? latency.per_tool[name] : undefined;
  const p50Ms = own?.p50_ms ?? latency.p50_ms;
  const p95Ms = own?.p95_ms ?? latency.p95_ms;
  if (p50Ms === undefined && p95Ms === undefined) return undefined;
  return { ...(p50Ms !== undefined && { p50Ms }), ...(p95Ms !== undefined && { p95Ms }) };
}

function toolReport(timing: ToolTiming, budget: LatencyToolReport['budget']): LatencyToolReport {
  return {
    name: timing.name,
    samples: timing.samples.length,
    errors: timing.errors,
    timeouts: timing.timeouts,
    p50Ms: percentile(timing.samples, 50),
    p95Ms: percentile(timing.samples, 95),
    ...(budget && { budget }),
  };
}

function judge(context: RuleContext, tool: LatencyToolReport, source: string | undefined): void {
  const { budget: limits } = tool;
  if (!limits) return;
  const data = {
    tool: tool.name,
    samples: tool.samples,
    errors: tool.errors,
    timeouts: tool.timeouts,
    p50Ms: tool.p50Ms,
    p95Ms: tool.p95Ms,
    budget: limits,
    argumentsFrom: source,
  };
  const name = quote(tool.name, 60);
  const calls = tool.samples + tool.errors + tool.timeouts;
  if (tool.timeouts > 0) {
    const stopped = tool.timeouts >= MAX_TIMEOUTS ? ` (timing stopped after ${MAX_TIMEOUTS})` : '';
    context.report({
      message: `tool ${name}: ${tool.timeouts} of ${calls} timed calls got no answer within ${context.probe.options.callMs} ms${stopped}, over any budget`,
      location: toolLocation(tool.name),
      data: { ...data, percentile: 'timeouts' },
    });
  } else if (tool.samples === 0) {
    context.report({
      message: `tool ${name}: none of ${calls} timed calls succeeded (${tool.errors} errors), so its budget cannot be checked`,
      location: toolLocation(tool.name),
      data: { ...data, percentile: 'none' },
    });
  }
  for (const [key, measured, limit] of [
    ['p50', tool.p50Ms, limits.p50Ms],
    ['p95', tool.p95Ms, limits.p95Ms],
  ] as const) {
    if (measured === null || limit === undefined || measured <= limit) continue;
    context.report({
      message: `tool ${name}: ${key} is ${measured} ms, over its budget of ${limit} ms (${tool.samples} samples)`,
      location: toolLocation(tool.name),
      data: { ...data, percentile: key, measuredMs: measured, budgetMs: limit },
    });
  }
}

function toolLocation(name: string): { kind: 'tool'; name: string } {
  return { kind: 'tool', name: truncate(name, 200) };
}
