/**
 * Output-shape observation over a session: only tools without an outputSchema that the safe-call policy clears
 * are called, a few times with reproducible generated inputs; the replay makes the same calls and compares. Off
 * unless `drift.output_shapes` is set, and then nothing is called at all.
 */
import { withProbe } from '../support/probe.js';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import type { ServerSettings } from '../../src/config/schema.js';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { runServer } from '../../src/engine/runner.js';
import { driftRules, notesText } from '../../src/rules/drift/index.js';
import type { Lockfile, ObservedOutput } from '../../src/drift/lockfile/lockfile.js';
import { recordOutputShapes, replayOutputShapes } from '../../src/drift/replay/output-shapes.js';
import { McpactError } from '../../src/errors.js';
import { fakeServerTransport, type FakeServerSpec } from '../support/fake-server.js';

const readOnly = { readOnlyHint: true };
const TOOLS = [
  {
    name: 'lookup',
    inputSchema: { type: 'object', properties: { q: { type: 'string' }, n: { type: 'integer', minimum: 1, maximum: 5 } }, required: ['q'] },
    annotations: readOnly,
  },
  { name: 'declared', inputSchema: { type: 'object' }, outputSchema: { type: 'object' }, annotations: readOnly },
  { name: 'writer', inputSchema: { type: 'object' } },
  { name: 'broken', inputSchema: { type: 'object' }, annotations: readOnly },
];

/** A server whose `lookup` returns `result(args)`; every tools/call is recorded in `calls`. */
function server(result: (args: Record<string, unknown>) => unknown): { spec: FakeServerSpec; calls: { name: unknown; arguments: unknown }[] } {
  const calls: { name: unknown; arguments: unknown }[] = [];
  const spec: FakeServerSpec = {
    tools: TOOLS,
    handle: (method, params) => {
      if (method !== 'tools/call') return undefined;
      calls.push({ name: params?.name, arguments: params?.arguments });
      if (params?.name === 'broken') return { result: { content: [{ type: 'text', text: 'backend down' }], isError: true } };
      return { result: result((params?.arguments ?? {}) as Record<string, unknown>) };
    },
  };
  return { spec, calls };
}

const ON: ServerSettings = { drift: { output_shapes: true } };
const record = (spec: FakeServerSpec, settings: ServerSettings = ON) => withProbe(spec, (probe, surface) => recordOutputShapes(surface, probe, settings));
const replay = (spec: FakeServerSpec, lock: Lockfile, settings: ServerSettings = ON) =>
  withProbe(spec, (probe, surface) => replayOutputShapes(lock, surface, probe, settings));

function lockWith(observed: Map<string, ObservedOutput>): Lockfile {
  return {
    schemaVersion: 1,
    mcpactVersion: 'test',
    canonicalization: 1,
    server: { capabilities: {} },
    tools: TOOLS.map((tool) => {
      const observedOutput = observed.get(tool.name);
      return { name: tool.name, ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}), ...(observedOutput ? { observedOutput } : {}) };
    }),
    prompts: [],
    resources: [],
    resourceTemplates: [],
  };
}

const v1 = (args: Record<string, unknown>) => ({
  content: [{ type: 'text', text: 'ok' }],
  structuredContent: { query: args.q, hits: [{ id: 1, title: 't' }], total: 1 },
});
const v2 = (args: Record<string, unknown>) => ({
  content: [{ type: 'text', text: 'ok' }],
  structuredContent: { query: args.q, hits: [{ id: 'a1', title: 't', score: 0.5 }] },
});

describe('recordOutputShapes', () => {
  it('calls only the cleared tools without an outputSchema, N times with reproducible inputs, and notes the rest', async () => {
    const { spec, calls } = server(v1);
    const { observed, notes } = await record(spec);
    expect(calls.map((call) => call.name).sort()).toEqual(['broken', 'broken', 'broken', 'lookup', 'lookup', 'lookup']);
    expect(observed.get('lookup')).toEqual({
      calls: 3,
      source: 'structuredContent',
      content: ['text'],
      shape: {
        type: 'object',
        properties: {
          hits: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' } }, required: ['id', 'title'] } },
          query: { type: 'string' },
          total: { type: 'integer' },
        },
        required: ['hits', 'query', 'total'],
      },
    });
    expect([...observed.keys()]).toEqual(['lookup']);
    expect(notes).toEqual([
      '"writer": output shape not recorded: not called, not annotated readOnlyHint: true',
      '"broken": output shape not recorded: no call succeeded (3 tried; a result with isError: true)',
    ]);
    // The same seed gives the same inputs on the next session.
    const again = server(v1);
    await record(again.spec);
    expect(again.calls).toEqual(calls);
  });

  it('takes the number of calls from drift.output_samples and follows calls.deny', async () => {
    const { spec, calls } = server(v1);
    const { observed, notes } = await record(spec, { drift: { output_shapes: true, output_samples: 1 }, calls: { deny: ['broken'] } });
    expect(calls.map((call) => call.name)).toEqual(['lookup']);
    expect(observed.get('lookup')?.calls).toBe(1);
    expect(notes).toContain('"broken": output shape not recorded: not called, listed in calls.deny');
  });

  it('calls nothing without drift.output_shapes', async () => {
    const { spec, calls } = server(v1);
    expect(await record(spec, {})).toEqual({ observed: new Map(), notes: [] });
    expect(calls).toEqual([]);
  });
});

describe('replayOutputShapes', () => {
  it('makes as many calls as recorded, with the same inputs, and reports the drift as observed', async () => {
    const first = server(v1);
    const { observed } = await record(first.spec);
    const lock = lockWith(observed);
    const same = server(v1);
    expect(await replay(same.spec, lock)).toEqual({ changes: [], notes: [] });
    expect(same.calls).toEqual(first.calls.filter((call) => call.name === 'lookup'));

    const changed = server(v2);
    const { changes } = await replay(changed.spec, lock, { drift: { output_shapes: true, output_samples: 5 } });
    expect(changed.calls).toHaveLength(3);
    expect(changes.map((change) => [change.id, change.location.pointer, change.data?.observed])).toEqual([
      ['tool-output-breaking', '/observedOutput/shape/properties/hits/items/properties/id/type', true],
      ['tool-output-compatible', '/observedOutput/shape/properties/hits/items/properties/score', true],
      ['tool-output-breaking', '/observedOutput/shape/properties/total', true],
    ]);
  });

  it('a tool that now fails every call is breaking; one no longer cleared is noted and never called', async () => {
    const { observed } = await record(server(v1).spec);
    const lock = lockWith(observed);
    const failing: FakeServerSpec = { tools: TOOLS, handle: (method) => (method === 'tools/call' ? { error: { code: -32603, message: 'down' } } : undefined) };
    const { changes } = await replay(failing, lock);
    expect(changes).toEqual([
      {
        id: 'tool-output-breaking',
        location: { kind: 'tool', name: 'lookup', pointer: '/observedOutput' },
        reason: 'no call succeeded any more (3 tried; JSON-RPC error -32603): the output shape seen at baseline is gone',
        data: { observed: true, calls: 3, outcome: 'JSON-RPC error -32603' },
      },
    ]);
    const demoted = server(v1);
    demoted.spec.tools = TOOLS.map((tool) => (tool.name === 'lookup' ? { ...tool, annotations: {} } : tool));
    expect(await replay(demoted.spec, lock)).toEqual({
      changes: [],
      notes: ['"lookup": output shape not compared: not called, not annotated readOnlyHint: true'],
    });
    expect(demoted.calls).toEqual([]);
  });

  it('says when the option and the lockfile disagree, and calls nothing then', async () => {
    const { observed } = await record(server(v1).spec);
    const off = server(v1);
    expect(await replay(off.spec, lockWith(observed), {})).toEqual({
      changes: [],
      notes: ['the lockfile holds observed output shapes, but drift.output_shapes is off: not compared'],
    });
    const empty = server(v1);
    expect(await replay(empty.spec, lockWith(new Map()))).toEqual({
      changes: [],
      notes: ['drift.output_shapes is on, but the lockfile holds no observed output shape: refresh it with mcpact baseline'],
    });
    expect([...off.calls, ...empty.calls]).toEqual([]);
  });
});

describe('the notes of the observation', () => {
  it('are the reason of the tool-output-breaking result, bounded', () => {
    const notes = Array.from({ length: 12 }, (_, index) => `"t${index}": output shape not compared: not called`);
    expect(notesText(notes)).toBe(`${notes.slice(0, 10).join('; ')}; and 2 more`);
  });

  it('reach that result, and no other, in a run', async () => {
    const { observed } = await record(server(() => ({ content: [{ type: 'text', text: '{}' }], structuredContent: { ok: true } })).spec);
    const report = await runServer(
      {
        name: 'fake',
        target: { kind: 'memory', transport: fakeServerTransport(server(() => ({ content: [] })).spec) },
        timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 500 },
        expect: {},
        levels: {},
        settings: {},
        baseline: { lock: lockWith(observed), redact: (value) => value, file: 'mcpact.lock.json' },
      },
      { rules: driftRules, clientVersion: 'test', concurrency: 4 },
    );
    // Skipped rules give their reason too (the caching ids, on a legacy-era server): only the notes matter here.
    const noted = report.rules.filter((result) => result.reason !== undefined && result.status !== 'skip');
    expect(noted).toEqual([
      expect.objectContaining({
        id: 'drift/tool-output-breaking',
        reason: 'the lockfile holds observed output shapes, but drift.output_shapes is off: not compared',
      }),
    ]);
  });
});

describe('drift.output_shapes config', () => {
  const load = (drift: string) =>
    parseConfig(`server:\n  transport: stdio\n  command: node\n  drift:\n${drift}`, `${process.cwd()}/mcpact.yaml`, { env: {}, ruleIds: [] });

  it('accepts output_shapes and output_samples', () => {
    expect(load('    output_shapes: true\n    output_samples: 5\n').file.server?.drift).toEqual({ output_shapes: true, output_samples: 5 });
  });

  it.each([
    ['    output_samples: 2\n', /server\.drift\.output_samples.*has no effect without output_shapes: true/],
    ['    output_shapes: true\n    output_samples: 0\n', /server\.drift\.output_samples/],
    ['    output_shapes: yes\n', /server\.drift\.output_shapes/],
  ])('refuses %j', (drift, message) => {
    expect(() => load(drift)).toThrow(McpactError);
    expect(() => load(drift)).toThrow(message);
  });
});
