/**
 * The signature table against real SDK servers from npm (fixtures/servers/sdk/, the devDependencies sdk-1-0,
 * sdk-1-12, sdk-1-22, @modelcontextprotocol/sdk, @modelcontextprotocol/server and fastmcp): every row of the npm
 * SDKs marks its finding on the servers it names (the other SDKs' rows are pinned by their twins), every SDK identity is recognised on the servers that
 * have it and on no other, and a hand-written look-alike gets no mark at all. Each fixture runs once, with the
 * families the rows judge.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { runServer, type ServerPlan } from '../../src/engine/runner.js';
import { recognise } from '../../src/engine/inherited.js';
import { SDKS, SIGNATURES, zodDump, type SdkId } from '../../src/engine/signatures.js';
import { TS_SIGNATURES } from '../../src/engine/signatures/typescript.js';
import type { Outcome } from '../../src/connect/rpc.js';
import type { ServerReport } from '../../src/model/report.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { ROOT } from '../support/cli.js';
import { SDK_TWINS_DIR, readTwinManifest } from '../../scripts/sdk-twins/manifest.js';

const FIXTURES = ['low-level-1-0', 'low-level-1-32', 'mcp-server-1-12', 'mcp-server-1-22', 'mcp-server-1-32', 'mcp-server-2', 'fastmcp', 'look-alike'] as const;
type Fixture = (typeof FIXTURES)[number];

type TsSignatureId = keyof typeof TS_SIGNATURES;

/**
 * Where each row of the npm SDKs must mark its finding, and with which identity (its `sdk` and `versions`). The rows
 * of the other SDKs are pinned by their twins (fixtures/sdks/<sdk>/twin.json `known`, test/sdks/twins.test.ts).
 */
const EXPECTED: Record<TsSignatureId, Partial<Record<Fixture, SdkId>>> = {
  'sdk-1-malformed-call-zod4': { 'low-level-1-32': 'sdk-1-zod4', 'mcp-server-1-32': 'sdk-1-zod4', fastmcp: 'fastmcp' },
  'sdk-1-malformed-call-zod3': { 'low-level-1-0': 'sdk-1-zod3', 'mcp-server-1-12': 'sdk-1-zod3', 'mcp-server-1-22': 'sdk-1-zod3' },
  'sdk-malformed-prompts-get-zod4': { 'low-level-1-32': 'sdk-1-zod4', 'mcp-server-1-32': 'sdk-1-zod4', 'mcp-server-2': 'sdk-2', fastmcp: 'fastmcp' },
  'sdk-1-malformed-prompts-get-zod3': { 'low-level-1-0': 'sdk-1-zod3', 'mcp-server-1-12': 'sdk-1-zod3', 'mcp-server-1-22': 'sdk-1-zod3' },
  'sdk-prompt-argument-type-zod4': { 'low-level-1-32': 'sdk-1-zod4', 'mcp-server-1-32': 'sdk-1-zod4', 'mcp-server-2': 'sdk-2', fastmcp: 'fastmcp' },
  // mcp-server-1-12 validates its prompt arguments itself, with -32602: no finding to mark.
  'sdk-1-prompt-argument-type-zod3': { 'low-level-1-0': 'sdk-1-zod3', 'mcp-server-1-22': 'sdk-1-zod3' },
  'mcp-server-1-unknown-tool-result': { 'mcp-server-1-22': 'mcp-server-1-zod3', 'mcp-server-1-32': 'mcp-server-1-zod4' },
  // Only the McpServer on zod 4 lists a `.default()` as required; the other fixtures have no such argument.
  'mcp-server-1-default-required': { 'mcp-server-1-32': 'mcp-server-1-zod4' },
  'fastmcp-unknown-tool': { fastmcp: 'fastmcp' },
  'fastmcp-unknown-prompt': { fastmcp: 'fastmcp' },
  'fastmcp-prompt-missing-argument': { fastmcp: 'fastmcp' },
  'fastmcp-prompt-case-variant-argument': { fastmcp: 'fastmcp' },
  'fastmcp-completion-unknown-prompt': { fastmcp: 'fastmcp' },
  'sdk-stdio-invalid-request': {
    'low-level-1-0': 'sdk-1-zod3',
    'low-level-1-32': 'sdk-1-zod4',
    'mcp-server-1-12': 'sdk-1-zod3',
    'mcp-server-1-32': 'sdk-1-zod4',
    'mcp-server-2': 'sdk-2',
    fastmcp: 'fastmcp',
  },
  'sdk-stdio-parse-error': {
    'low-level-1-0': 'sdk-1-zod3',
    'low-level-1-32': 'sdk-1-zod4',
    'mcp-server-1-12': 'sdk-1-zod3',
    'mcp-server-1-22': 'sdk-1-zod3',
    'mcp-server-1-32': 'sdk-1-zod4',
    'mcp-server-2': 'sdk-2',
    fastmcp: 'fastmcp',
  },
  // fastmcp is left out: whether its first answer comes before initialize is a race of its start-up.
  'sdk-before-initialize': {
    'low-level-1-0': 'sdk-1-zod3',
    'low-level-1-32': 'sdk-1-zod4',
    'mcp-server-1-12': 'sdk-1-zod3',
    'mcp-server-1-22': 'sdk-1-zod3',
    'mcp-server-1-32': 'sdk-1-zod4',
    'mcp-server-2': 'sdk-2',
  },
  'sdk-1-set-level-zod4': { 'mcp-server-1-32': 'sdk-1-zod4' },
  // 1.12.1 installs the completion handler with the fixture's prompt and does not declare `completions`.
  'mcp-server-1-completion-undeclared': { 'mcp-server-1-12': 'mcp-server-1-old' },
  'mcp-server-1-unknown-resource': { 'mcp-server-1-12': 'mcp-server-1-old', 'mcp-server-1-22': 'mcp-server-1-zod3', 'mcp-server-1-32': 'mcp-server-1-zod4' },
  'mcp-server-2-unknown-resource': { 'mcp-server-2': 'mcp-server-2' },
  'sdk-list-ignores-cursor': {
    'mcp-server-1-12': 'mcp-server-1-old',
    'mcp-server-1-22': 'mcp-server-1-zod3',
    'mcp-server-1-32': 'mcp-server-1-zod4',
    'mcp-server-2': 'mcp-server-2',
    fastmcp: 'fastmcp',
  },
};

/** The identities each fixture has (engine/inherited.ts recognise); the look-alike has none. */
const IDENTITIES: Record<Fixture, SdkId[]> = {
  'low-level-1-0': ['sdk-1-zod3'],
  'low-level-1-32': ['sdk-1-zod4'],
  'mcp-server-1-12': ['mcp-server-1-old', 'sdk-1-zod3'],
  'mcp-server-1-22': ['mcp-server-1-zod3', 'sdk-1-zod3'],
  'mcp-server-1-32': ['mcp-server-1-zod4', 'sdk-1-zod4'],
  'mcp-server-2': ['mcp-server-2', 'sdk-2'],
  fastmcp: ['fastmcp', 'sdk-1-zod4'],
  'look-alike': [],
};

/** The SDK twins' manifests: the identities and rows their tests pin (test/sdks/twins.test.ts). */
const TWINS = readdirSync(path.join(ROOT, SDK_TWINS_DIR))
  .filter((name) => existsSync(path.join(ROOT, SDK_TWINS_DIR, name, 'twin.json')))
  .map((name) => readTwinManifest(path.join(ROOT, SDK_TWINS_DIR, name, 'twin.json')));

const reports = new Map<Fixture, ServerReport>();

function run(
  fixture: Fixture,
  policy: Pick<ServerPlan, 'levels' | 'inherited'> = { levels: {} },
  families = ['tools', 'prompts', 'protocol', 'stdio', 'resources'],
): Promise<ServerReport> {
  return runServer(
    {
      ...policy,
      name: fixture,
      target: { kind: 'stdio', command: process.execPath, args: [`${ROOT}dist/fixtures/servers/sdk/${fixture}.js`], env: {} },
      timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 3_000 },
      expect: {},
      settings: {},
    },
    { rules: ALL_RULES.filter((rule) => families.includes(rule.family)), clientVersion: 'test', concurrency: 4 },
  );
}

beforeAll(async () => {
  // Two at a time: two cores, and each fixture is a real SDK server with a stdio child per transport probe.
  const queue = [...FIXTURES];
  await Promise.all(
    [0, 1].map(async () => {
      for (let fixture = queue.shift(); fixture !== undefined; fixture = queue.shift()) reports.set(fixture, await run(fixture));
    }),
  );
}, 180_000);

describe('signature table', () => {
  for (const [id, where] of Object.entries(EXPECTED) as [TsSignatureId, Partial<Record<Fixture, SdkId>>][]) {
    it(`${id} (${SIGNATURES[id].ruleId}) marks the real SDK servers it names`, () => {
      for (const [fixture, sdk] of Object.entries(where) as [Fixture, SdkId][]) {
        const report = reports.get(fixture)!;
        expect(report.complete, fixture).toBe(true);
        const marked = report.findings.filter((finding) => finding.inherited?.signature === id);
        expect(marked.length, `${id} on ${fixture}`).toBeGreaterThan(0);
        for (const finding of marked) {
          expect(finding.ruleId).toBe(SIGNATURES[id].ruleId);
          expect(finding.severity).toBe('info');
          expect(finding.inherited).toMatchObject({ sdk: SDKS[sdk].name, versions: SDKS[sdk].versions });
        }
      }
    });
  }

  it('marks a finding only with an identity the server has', () => {
    for (const fixture of FIXTURES) {
      const allowed = IDENTITIES[fixture].map((id) => ({ sdk: SDKS[id].name, versions: SDKS[id].versions }));
      for (const finding of reports.get(fixture)!.findings) {
        if (!finding.inherited) continue;
        const { sdk, versions } = finding.inherited;
        expect(allowed, `${finding.inherited.signature} on ${fixture}`).toContainEqual({ sdk, versions });
      }
    }
  });

  it('recognises every identity of the table on a real server: an npm one here, or an SDK twin', () => {
    const tested = new Set<string>([...Object.values(IDENTITIES).flat(), ...TWINS.flatMap((twin) => twin.identities ?? [])]);
    expect([...tested].sort()).toEqual(Object.keys(SDKS).sort());
  });

  it('pins every row of the table on a real server: an npm one here, or an SDK twin', () => {
    const pinned = new Set<string>([
      ...Object.keys(EXPECTED),
      ...TWINS.flatMap((twin) => [...(twin.known ?? []).flatMap((known) => known.signature ?? []), ...Object.values(twin.alsoInherited ?? {}).flat()]),
    ]);
    expect([...pinned].sort()).toEqual(Object.keys(SIGNATURES).sort());
  });

  it('a hand-written look-alike (same codes, some of the same words) is never marked', () => {
    const report = reports.get('look-alike')!;
    // It has the findings the SDK servers have, in its own words...
    expect(report.findings.map((finding) => finding.ruleId)).toEqual(
      expect.arrayContaining(['tools/malformed-call', 'tools/unknown-tool', 'prompts/malformed-params', 'protocol/invalid-cursor', 'stdio/before-initialize']),
    );
    // ...and none is inherited: its answers to the evidence probes are no SDK's.
    expect(report.findings.filter((finding) => finding.inherited)).toEqual([]);
  });

  it('the author’s own findings stay at their rule’s level', () => {
    // The low-level servers throw plain errors for an unknown tool and prompt: -32603, the author's choice.
    const own = reports.get('low-level-1-32')!.findings.filter((finding) => !finding.inherited);
    expect(own.map((finding) => finding.ruleId)).toEqual(expect.arrayContaining(['tools/unknown-tool', 'prompts/unknown-prompt']));
    // Info only where the rule says so by itself: stdio, or leniency the spec permits (a policy finding).
    const lowered = own.filter((finding) => finding.severity === 'info' && !finding.ruleId.startsWith('stdio/') && finding.spec?.lenient !== true);
    expect(lowered.map((finding) => `${finding.ruleId}: ${finding.message}`)).toEqual([]);
  });
});

describe('the inherited: level', () => {
  const malformed = (report: ServerReport) => report.findings.filter((finding) => finding.ruleId === 'tools/malformed-call');
  const result = (report: ServerReport) => report.rules.find((rule) => rule.id === 'tools/malformed-call')!;

  it('warning: inherited findings are warnings, still marked', async () => {
    const report = await run('mcp-server-1-32', { levels: {}, inherited: 'warning' }, ['tools']);
    expect(malformed(report).length).toBeGreaterThan(0);
    expect(malformed(report).every((finding) => finding.severity === 'warning' && finding.inherited !== undefined)).toBe(true);
  });

  it('off: inherited findings are left out, and the rule passes with a note saying so', async () => {
    const report = await run('mcp-server-1-32', { levels: {}, inherited: 'off' }, ['tools']);
    expect(malformed(report)).toEqual([]);
    expect(result(report)).toMatchObject({
      status: 'pass',
      // Its tools may not be called, so only the request without "name" is judged; the other two are skipped.
      reason: expect.stringMatching(
        /^skipped: "arguments" is an array, "arguments" is a string .*; 1 finding inherited from the SDK not reported \(inherited: off\)$/,
      ),
    });
  });

  it('a rules: level for the rule wins over inherited:, and the finding stays marked', async () => {
    const report = await run('mcp-server-1-32', { levels: { 'tools/malformed-call': 'error' }, inherited: 'off' }, ['tools']);
    expect(malformed(report).length).toBeGreaterThan(0);
    expect(malformed(report).every((finding) => finding.severity === 'error' && finding.inherited !== undefined)).toBe(true);
  });

  it('recognises nothing when the evidence rules do not run (here: only the stdio family)', async () => {
    const report = await run('mcp-server-1-32', { levels: {} }, ['stdio']);
    expect(report.findings.length).toBeGreaterThan(0);
    expect(report.findings.filter((finding) => finding.inherited)).toEqual([]);
  });
});

describe('recognise', () => {
  const dump = {
    kind: 'error' as const,
    code: -32603,
    message: zodDump('zod4', { path: ['params', 'arguments'], expected: 'object', received: 'string' }),
    ms: 1,
  };
  const unknown = { kind: 'error' as const, code: -32601, message: 'MCP error -32601: Unknown tool: mcpact_unknown_tool', ms: 1 };
  const initialize = (capabilities: Record<string, unknown>) => ({ kind: 'result' as const, result: { capabilities }, ms: 0 });

  it('needs every trait of an identity: a low-level server throwing fastmcp’s words is SDK 1.x, not fastmcp', () => {
    // tavily-mcp 0.2.22 (SDK 1.x low-level Server) answers an unknown tool exactly as fastmcp does.
    const lowLevel = recognise({ 'malformed-arguments-string': dump, 'unknown-tool': unknown, initialize: initialize({ tools: {} }) }, 'mcpact_unknown_tool');
    expect([...lowLevel]).toEqual(['sdk-1-zod4']);
    const fast = recognise(
      { 'malformed-arguments-string': dump, 'unknown-tool': unknown, initialize: initialize({ tools: {}, logging: {}, completions: {} }) },
      'mcpact_unknown_tool',
    );
    expect([...fast].sort()).toEqual(['fastmcp', 'sdk-1-zod4']);
  });

  it('recognises nothing from words that differ by a character', () => {
    const near = { ...dump, message: dump.message.replace('record', 'object') };
    expect([...recognise({ 'malformed-arguments-string': near }, 'mcpact_unknown_tool')]).toEqual([]);
    expect([...recognise({ 'malformed-arguments-string': { ...dump, code: -32602 } }, 'mcpact_unknown_tool')]).toEqual([]);
  });

  it('recognises mcp-go by its own lookup of the tool, whatever answers `arguments` a string (twins mcp-go-plain, mcp-go-0.36; github-mcp-server)', () => {
    const lookup = (name: string) => ({ kind: 'error' as const, code: -32602, message: `tool '${name}' not found: tool not found`, ms: 1 });
    // Without WithInputSchemaValidation the author's handler answers `arguments` a string (github-mcp-server v0.15.0's words).
    const handler = { kind: 'result' as const, result: { content: [{ type: 'text', text: 'missing required parameter: owner' }], isError: true }, ms: 1 };
    const validated = {
      kind: 'result' as const,
      result: { content: [{ type: 'text', text: 'input schema validation failed: <root>: got string, want object' }], isError: true },
      ms: 1,
    };
    const go = (answers: Parameters<typeof recognise>[0]) => [...recognise(answers, 'mcpact_unknown_tool')].sort();
    expect(go({ 'malformed-arguments-string': handler, 'malformed-no-name': lookup(''), 'unknown-tool': lookup('mcpact_unknown_tool') })).toEqual([
      'mcp-go-server',
    ]);
    expect(go({ 'malformed-arguments-string': validated, 'malformed-no-name': lookup(''), 'unknown-tool': lookup('mcpact_unknown_tool') })).toEqual([
      'mcp-go',
      'mcp-go-server',
    ]);
    // The same words to one probe only, or a lookup that names another tool, are not enough.
    expect(go({ 'unknown-tool': lookup('mcpact_unknown_tool') })).toEqual([]);
    expect(go({ 'malformed-no-name': lookup('x'), 'unknown-tool': lookup('mcpact_unknown_tool') })).toEqual([]);
  });

  it('tells the three Python SDK APIs apart (their twins answered so), below them the session of any API, and needs the whole request-model answer', () => {
    // mcp 1.30.0, mcp 2.3.0 and fastmcp 4.2.3 refuse `arguments` a string alike; the unknown tool and the capabilities differ.
    const invalid = { kind: 'error' as const, code: -32602, message: 'Invalid request parameters', data: '', ms: 1 };
    const unknownTool = (text: string) => ({ kind: 'result' as const, result: { content: [{ type: 'text', text }], isError: true }, ms: 1 });
    // FastMCP 1.x lists each tool with the pydantic model of its function as inputSchema (python-mcp-1's search_notes).
    const generated = {
      kind: 'result' as const,
      result: { tools: [{ name: 'search_notes', inputSchema: { type: 'object', title: 'search_notesArguments' } }] },
      ms: 0,
    };
    const handWritten = { kind: 'result' as const, result: { tools: [{ name: 'search_notes', inputSchema: { type: 'object' } }] }, ms: 0 };
    const python = (unknown: string, capabilities: Record<string, unknown>, malformed: typeof invalid = invalid, tools: Outcome = generated) => [
      ...recognise(
        { 'malformed-arguments-string': malformed, 'unknown-tool': unknownTool(unknown), initialize: initialize(capabilities), 'tools-list': tools },
        'mcpact_unknown_tool',
      ),
    ];
    // mcp 1.x declares `experimental: {}`: FastMCP on it, and below it the 1.x low-level Server and session.
    expect(python('Unknown tool: mcpact_unknown_tool', { experimental: {}, tools: { listChanged: false } })).toEqual(['mcp-py-1', 'mcp-py-1-session']);
    expect(python('Unknown tool: mcpact_unknown_tool', { tools: { listChanged: false } })).toEqual(['mcp-py-2', 'mcp-py-session']);
    expect(python("Unknown tool: 'mcpact_unknown_tool'", { logging: {}, tools: { listChanged: true } })).toEqual(['fastmcp-py', 'mcp-py-session']);
    // A 1.x low-level Server raising ValueError(f"Unknown tool: {name}") as the SDK's docs do (python-mcp-1-lowlevel):
    // FastMCP's very words, but schemas written by hand, so not FastMCP; no tool listed is no FastMCP evidence either.
    expect(python('Unknown tool: mcpact_unknown_tool', { experimental: {}, tools: {} }, invalid, handWritten)).toEqual(['mcp-py-1-session']);
    expect(python('Unknown tool: mcpact_unknown_tool', { experimental: {}, tools: {} }, invalid, { ...generated, result: { tools: [] } })).toEqual([
      'mcp-py-1-session',
    ]);
    // The low-level Server (python-mcp-2-lowlevel): the unknown tool is the author's answer, so only the session speaks.
    const lowLevel = { kind: 'error' as const, code: -32602, message: 'Unknown tool: mcpact_unknown_tool', ms: 1 };
    expect([
      ...recognise({ 'malformed-arguments-string': invalid, 'unknown-tool': lowLevel, initialize: initialize({ tools: {} }) }, 'mcpact_unknown_tool'),
    ]).toEqual(['mcp-py-session']);
    // A low-level Server on mcp 1.x (`experimental: {}`) whose author wraps the words (mcp-shell-server 1.1.14): its session.
    expect(python('Error executing command: Unknown tool: mcpact_unknown_tool', { experimental: {}, tools: {} }, invalid, handWritten)).toEqual([
      'mcp-py-1-session',
    ]);
    // fastmcp 2.x on mcp 1.x (twin fastmcp-2, dimed-mcp 0.1.5): FastMCP 1.x's unknown-tool words and `experimental: {}`,
    // its own schemas, and `_meta._fastmcp` on every tool it lists; a tool without it is no fastmcp 2.x evidence.
    const tagged = { ...generated, result: { tools: [{ name: 'search_notes', inputSchema: { type: 'object' }, _meta: { _fastmcp: { tags: [] } } }] } };
    expect(python('Unknown tool: mcpact_unknown_tool', { experimental: {}, tools: { listChanged: true } }, invalid, tagged)).toEqual([
      'fastmcp-py-2',
      'mcp-py-1-session',
    ]);
    const untagged = { ...tagged, result: { tools: [...tagged.result.tools, { name: 'add_note', inputSchema: { type: 'object' } }] } };
    expect(python('Unknown tool: mcpact_unknown_tool', { experimental: {}, tools: {} }, invalid, untagged)).toEqual(['mcp-py-1-session']);
    // A hand-written server with the same words, without the SDK's empty data: nothing.
    const { data: _data, ...withoutData } = invalid;
    expect(python('Unknown tool: mcpact_unknown_tool', { experimental: {}, tools: {} }, withoutData as typeof invalid)).toEqual([]);
  });
});

describe('mcp-server-1-default-required (the shape, beside the fixture)', () => {
  const { match } = SIGNATURES['mcp-server-1-default-required'];
  const data = { case: 'missing-required', verdict: 'accepted', argument: 'formal' };
  const left = { case: 'missing-required', argument: 'formal', arguments: { name: 'Ada' }, digest: 'd-left' };
  const shown = (renders: { case: string; argument?: string; arguments: Record<string, unknown>; digest: string }[]) => ({
    data,
    name: 'greet',
    transport: 'stdio' as const,
    promptRenders: (prompt: string) => (prompt === 'greet' ? renders : []),
  });

  it('marks a left-out argument rendered exactly as one of its values, the other arguments alike', () => {
    expect(
      match(
        shown([
          { case: 'complete', arguments: { name: 'Ada', formal: 'true' }, digest: 'd-true' },
          left,
          { case: 'switch-flipped', argument: 'formal', arguments: { formal: 'false', name: 'Ada' }, digest: 'd-left' },
        ]),
      ),
    ).toBe(true);
  });

  it('does not mark a left-out argument rendered unlike every value sent, or like a rendering with other arguments', () => {
    expect(match(shown([{ case: 'complete', arguments: { name: 'Ada', formal: 'true' }, digest: 'd-true' }, left]))).toBe(false);
    expect(match(shown([left, { case: 'complete', arguments: { name: 'Bob', formal: 'false' }, digest: 'd-left' }]))).toBe(false);
    // Without the renders (another rule's finding, or no prompts exercise), nothing is claimed.
    expect(match({ data, name: 'greet', transport: 'stdio' })).toBe(false);
    expect(match({ ...shown([left]), data: { ...data, verdict: 'wrong-code' } })).toBe(false);
  });
});

describe('fastmcp-py-wrapped-result (the shape, beside twin fastmcp-2)', () => {
  const { match } = SIGNATURES['fastmcp-py-wrapped-result'];
  const shown = (data: Record<string, unknown>) => ({ data, name: 'search_notes', transport: 'stdio' as const });

  it('marks a value wrapped as {"result": ...} beside its bare text, under an outputSchema fastmcp marked', () => {
    expect(match(shown({ shape: 'value-wrapped', outputSchemaMarks: ['x-fastmcp-wrap-result'] }))).toBe(true);
  });

  it('does not mark the same shape under an unmarked outputSchema, nor other structured content under a marked one', () => {
    expect(match(shown({ shape: 'value-wrapped' }))).toBe(false);
    expect(match(shown({ shape: 'value-wrapped', outputSchemaMarks: ['x-other'] }))).toBe(false);
    expect(match(shown({ outputSchemaMarks: ['x-fastmcp-wrap-result'] }))).toBe(false);
  });
});
