/**
 * The compatibility replay: invocations recorded against one server version are replayed against the next. A
 * rename whose old name is silently dropped is caught even though the declaration diff calls it compatible.
 */
import { withProbe } from '../support/probe.js';
import { describe, expect, it } from 'vitest';
import { recordInvocations, replayInvocations, type Invocation } from '../../src/drift/replay/invocations.js';
import type { Lockfile } from '../../src/drift/lockfile/lockfile.js';
import type { ServerSettings } from '../../src/config/schema.js';
import { getPrompt, type FakeServerSpec } from '../support/fake-server.js';
import type { Surface } from '../../src/surface/types.js';

const v1 = {
  prompts: [
    {
      name: 'review',
      description: 'r',
      arguments: [
        { name: 'language', required: true },
        { name: 'focus', required: false },
      ],
    },
    { name: 'plain', description: 'p' },
  ],
};

const record = (spec: FakeServerSpec, settings: ServerSettings = {}) => withProbe(spec, (probe, surface) => recordInvocations(surface, probe, settings));

function lockWith(invocations: Map<string, Invocation[]>): Lockfile {
  return {
    schemaVersion: 1,
    mcpactVersion: 'test',
    canonicalization: 1,
    server: { capabilities: {} },
    tools: [],
    prompts: v1.prompts.map((prompt) => ({ name: prompt.name, arguments: [], invocations: invocations.get(prompt.name) ?? [] })),
    resources: [],
    resourceTemplates: [],
  };
}

const replay = (spec: FakeServerSpec, lock: Lockfile, settings: ServerSettings = {}) =>
  withProbe(spec, (probe, surface) => replayInvocations(lock, surface, probe, settings));

describe('compatibility replay', () => {
  it('records the complete and the minimum map that worked, with config examples as placeholders', async () => {
    const recorded = await record(v1, { prompts: { review: { arguments: { language: 'rust' } } } });
    expect(recorded.get('review')).toEqual([
      { kind: 'complete', arguments: { language: '<config:language>', focus: 'mcpact-sample-focus' }, rendered: ['focus', 'language'] },
      { kind: 'minimum', arguments: { language: '<config:language>' }, rendered: ['language'] },
    ]);
    expect(recorded.get('plain')).toEqual([{ kind: 'complete', arguments: {}, rendered: [] }]);
  });

  it('replays cleanly against the same server, resolving placeholders from the config', async () => {
    const settings = { prompts: { review: { arguments: { language: 'rust' } } } };
    const lock = lockWith(await record(v1, settings));
    expect(await replay(v1, lock, settings)).toEqual({ changes: [], notes: [] });
  });

  it('catches a rename whose old name is silently dropped, naming the argument', async () => {
    const lock = lockWith(await record(v1));
    // v2 reads `lang` now (optional) and ignores keys it does not know: every old call still "works".
    const v2: FakeServerSpec = {
      prompts: [
        {
          name: 'review',
          description: 'r',
          arguments: [
            { name: 'lang', required: false },
            { name: 'focus', required: false },
          ],
        },
        v1.prompts[1]!,
      ],
      handle: (method, params) => {
        if (method !== 'prompts/get' || params?.name !== 'review') return undefined;
        const args = { ...(params.arguments as Record<string, unknown>) };
        delete args.language;
        return getPrompt(v2, { ...params, arguments: args });
      },
    };
    const { changes } = await replay(v2, lock);
    expect(changes.map((change) => [change.location.pointer, change.data?.argument, change.reason])).toEqual([
      ['/invocations/0', 'language', 'the complete argument map that worked at baseline now renders without the value of argument "language"'],
      ['/invocations/1', 'language', 'the minimum argument map that worked at baseline now renders without the value of argument "language"'],
    ]);
  });

  it('does not call a value dropped that the baseline rendering did not carry either (an argument used, not echoed)', async () => {
    // Like the bundled example's summarize_notes: `focus` is accepted and used, but never shown in the messages.
    const quiet: FakeServerSpec = {
      ...v1,
      handle: (method, params) => {
        if (method !== 'prompts/get' || params?.name !== 'review') return undefined;
        const { focus: _focus, ...shown } = params.arguments as Record<string, unknown>;
        return getPrompt(v1, { ...params, arguments: shown });
      },
    };
    const recorded = await record(quiet);
    expect(recorded.get('review')?.[0]?.rendered).toEqual(['language']);
    expect(await replay(quiet, lockWith(recorded))).toEqual({ changes: [], notes: [] });
  });

  it('judges no value dropped for a lockfile written before `rendered` was recorded', async () => {
    const recorded = await record(v1);
    const old = new Map([...recorded].map(([name, list]) => [name, list.map(({ rendered: _rendered, ...invocation }) => invocation)]));
    const silent: FakeServerSpec = { ...v1, handle: (method) => (method === 'prompts/get' ? { result: { messages: [] } } : undefined) };
    expect((await replay(silent, lockWith(old))).changes).toEqual([]);
  });

  it('catches a strict rename as a rejection naming the undeclared argument', async () => {
    const lock = lockWith(await record(v1));
    const strictV2 = { prompts: [{ name: 'review', description: 'r', arguments: [{ name: 'lang', required: true }] }, v1.prompts[1]!] };
    const { changes } = await replay(strictV2, lock);
    expect(changes[0]).toMatchObject({ id: 'prompt-invocation-broken', data: { argument: 'language', code: -32602 } });
    expect(changes[0]?.reason).toContain('is now rejected with JSON-RPC error -32602: argument "language" is no longer declared');
  });

  describe('an input-required prompt (2026-07-28)', () => {
    /** v1, but prompts/get answers input_required with a requestState first and renders (via `render`) on the retry. */
    const askingFirst = (render: (params: Record<string, unknown>) => Record<string, unknown> = (params) => params): FakeServerSpec => {
      const spec: FakeServerSpec = {
        ...v1,
        handle: (method, params) => {
          if (method !== 'prompts/get' || params === undefined) return undefined;
          if (params.requestState !== 's1') return { result: { resultType: 'input_required', requestState: 's1' } };
          return getPrompt(v1, render({ name: params.name, arguments: params.arguments }));
        },
      };
      return spec;
    };
    const modern = <T>(spec: FakeServerSpec, work: (probe: Parameters<Parameters<typeof withProbe>[1]>[0], surface: Surface) => Promise<T>) =>
      withProbe(spec, (probe, surface) => work(probe, { ...surface, era: 'modern' }));

    it('is recorded as what its completed round trip rendered, and replays cleanly', async () => {
      const recorded = await modern(askingFirst(), (probe, surface) => recordInvocations(surface, probe, {}));
      expect(recorded.get('review')?.[0]).toEqual({
        kind: 'complete',
        arguments: { language: 'mcpact-sample-language', focus: 'mcpact-sample-focus' },
        rendered: ['focus', 'language'],
      });
      const lock = lockWith(recorded);
      expect(await modern(askingFirst(), (probe, surface) => replayInvocations(lock, surface, probe, {}))).toEqual({ changes: [], notes: [] });
    });

    it('catches a value its round trip no longer renders', async () => {
      const lock = lockWith(await modern(askingFirst(), (probe, surface) => recordInvocations(surface, probe, {})));
      const dropsFocus = askingFirst((params) => ({ ...params, arguments: { ...(params.arguments as Record<string, unknown>), focus: '' } }));
      const { changes } = await modern(dropsFocus, (probe, surface) => replayInvocations(lock, surface, probe, {}));
      expect(changes[0]).toMatchObject({ id: 'prompt-invocation-broken', data: { argument: 'focus', outcome: 'result' } });
    });
  });

  it('does not replay an invocation whose config example is gone, and says so', async () => {
    const lock = lockWith(await record(v1, { prompts: { review: { arguments: { language: 'rust' } } } }));
    const { changes, notes } = await replay(v1, lock, {});
    expect(changes).toEqual([]);
    expect(notes[0]).toContain('review: the complete invocation uses config examples that are no longer in the config');
  });
});
