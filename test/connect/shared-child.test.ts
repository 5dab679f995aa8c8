/**
 * The stdio probes share one fresh child (engine/shared-child.ts): run together, on every defect of the raw stdio
 * fixture, each rule must give the verdict its own table gives it alone (test/rules/stdio, version-negotiation),
 * with the number of server processes the sharing promises: 1 besides the session for a server that stays fit
 * (4 with --depth thorough), more each time a probe leaves the shared child unfit. The coordinator's own rules (which child a step
 * gets) are pinned down first, on fake children.
 */
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/connect/rpc.js';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { SharedChildren, type ShareableConnection } from '../../src/connect/shared-child.js';
import { TARGET_REVISION } from '../../src/model/spec.js';
import { defineRule } from '../../src/engine/rule.js';
import { runServer } from '../../src/engine/runner.js';
import type { StdioDefect } from '../../fixtures/servers/stdio-defects.js';
import { versionNegotiation } from '../../src/rules/protocol/version-negotiation.js';
import { stdioRules } from '../../src/rules/stdio/index.js';
import { defectStdio } from '../rules/stdio/support.js';
import { testSpec } from '../support/test-spec.js';

/** A fake child: answers initialize with a result unless the version is refused, and can be made to die. */
class FakeChild implements ShareableConnection {
  readonly pings: Promise<Outcome>[] = [];
  gone = false;
  initializedWith: string | undefined;
  private answer: Promise<Outcome> | undefined;
  constructor(
    readonly id: number,
    private readonly refuses: readonly string[],
  ) {}
  initialize(version = TARGET_REVISION): Promise<Outcome> {
    this.initializedWith ??= version;
    this.answer ??= Promise.resolve(
      this.refuses.includes(version)
        ? { kind: 'error', code: -32602, message: 'unsupported', ms: 0 }
        : { kind: 'result', result: { protocolVersion: version }, ms: 0 },
    );
    return this.answer;
  }
  ping(): Promise<Outcome> {
    const ping = Promise.resolve<Outcome>(this.gone ? { kind: 'closed', ms: 0 } : { kind: 'result', result: {}, ms: 0 });
    this.pings.push(ping);
    return ping;
  }
  discardUnmatched(): void {}
}

function fakes(refuses: readonly string[] = []) {
  const children: FakeChild[] = [];
  const shared = new SharedChildren<FakeChild>(async (work) => {
    const child = new FakeChild(children.length + 1, refuses);
    children.push(child);
    return work(child);
  });
  return { shared, children };
}

describe('SharedChildren', () => {
  it('runs the steps of one turn on one child in stage order, initialized with the version of the first handshake', async () => {
    const { shared, children } = fakes();
    const order: string[] = [];
    const on = new Set<FakeChild>();
    const step = (name: string) => async (child: FakeChild) => {
      order.push(`${name}:${child.initializedWith ?? 'uninitialized'}`);
      on.add(child);
      await child.ping();
    };
    const results = await Promise.all([
      shared.step('closing', step('close')),
      shared.handshake('2025-06-18'),
      shared.handshake('2025-03-26'),
      shared.step('initialized', step('framing')),
      shared.step('uninitialized', step('before')),
    ]);
    expect(order).toEqual(['before:uninitialized', 'framing:2025-06-18', 'close:2025-06-18']);
    expect(on.size).toBe(1);
    expect(results[1]).toMatchObject({ kind: 'result', result: { protocolVersion: '2025-06-18' } });
    // A connection initializes once: the second handshake has a child of its own.
    expect(children.map((child) => child.initializedWith).sort()).toEqual(['2025-03-26', '2025-06-18']);
  });

  it('moves the steps after one that left the child unfit to a fresh child, initialized with the target revision', async () => {
    const { shared, children } = fakes();
    const seen: number[] = [];
    await Promise.all([
      shared.handshake('2025-06-18'),
      shared.step('initialized', async (child) => {
        seen.push(child.id);
        child.gone = true;
        await child.ping();
      }),
      shared.step('initialized', async (child) => void seen.push(child.id)),
      shared.step('closing', async (child) => void seen.push(child.id)),
    ]);
    expect(seen).toEqual([1, 2, 2]);
    expect(children.map((child) => child.initializedWith)).toEqual(['2025-06-18', TARGET_REVISION]);
  });

  it('asks a refused version again on a child of its own when something came before initialize, and leaves the other steps to the target revision', async () => {
    const { shared, children } = fakes(['1999-01-01']);
    const seen: string[] = [];
    const [, refused] = await Promise.all([
      shared.step('uninitialized', async (child) => void seen.push(`before@${child.id}`)),
      shared.handshake('1999-01-01'),
      shared.step('initialized', async (child) => void seen.push(`after@${child.id}:${child.initializedWith}`)),
    ]);
    expect(refused).toMatchObject({ kind: 'error', code: -32602 });
    expect(seen).toEqual(['before@1', `after@${children.find((child) => child.initializedWith === TARGET_REVISION)?.id}:${TARGET_REVISION}`]);
    expect(children.filter((child) => child.initializedWith === '1999-01-01')).toHaveLength(2);
  });

  it('gives a second closing step, a step asked for later and the steps after a crashing one children of their own', async () => {
    const { shared, children } = fakes();
    const seen: number[] = [];
    const crash = shared.step('initialized', async () => {
      throw new Error('kaput');
    });
    const first = shared.step('closing', async (child) => void seen.push(child.id));
    const second = shared.step('closing', async (child) => void seen.push(child.id));
    await expect(crash).rejects.toThrow('kaput');
    await Promise.all([first, second]);
    await shared.step('initialized', async (child) => void seen.push(child.id));
    expect(seen).toEqual([2, 3, 4]);
    expect(children).toHaveLength(4);
  });
});

/** Reads how many connections the transport probe opened, once every other rule is done. */
function counter() {
  const seen = { opened: -1 };
  const rule = defineRule({
    id: 'stdio/test-count',
    family: 'stdio',
    description: 'counts the probe connections',
    defaultSeverity: 'info',
    spec: testSpec(),
    docs: 'A rule that exists only in this test.',
    afterOthers: true,
    check({ transport }) {
      seen.opened = transport?.opened ?? -1;
    },
  });
  return { rule, seen };
}

type Verdicts = Partial<Record<string, number>>;

/**
 * Failing rules with their number of findings, and rules without a verdict (every other rule passes); processes
 * besides the session.
 */
const CASES: { defect?: StdioDefect; fails: Verdicts; inconclusive?: string[]; children: number }[] = [
  { fails: {}, children: 1 },
  // The session's different lines are one cause, one finding (each line among its places); the lines the probe
  // child printed are the session's lines again (its banner at start), so they add nothing of their own.
  { defect: 'foreign-stdout', fails: { 'stdio/stdout-json-only': 1 }, children: 1 },
  { defect: 'silent-parse-error', fails: { 'stdio/parse-error': 1 }, children: 1 },
  { defect: 'wrong-parse-error-code', fails: { 'stdio/parse-error': 1 }, children: 1 },
  // The shared child exits at the batch of bad input: stdin's close goes to a fresh child, and the bad inputs go
  // one at a time, the malformed line on a fresh one (which exits too) and the invalid requests on the next. The
  // missing -32700 is the exit seen again: survives-bad-line's finding only.
  { defect: 'crash-on-malformed', fails: { 'stdio/survives-bad-line': 1 }, inconclusive: ['stdio/parse-error'], children: 4 },
  // Both invalid requests served alike: one cause, one finding.
  { defect: 'serves-invalid-requests', fails: { 'stdio/invalid-request': 1 }, children: 1 },
  // Deaf after the batch: stdin's close goes to a fresh child, then the inputs one at a time on another, which goes
  // deaf at the first invalid request, so the second is sent on a fourth.
  { defect: 'deaf-after-invalid-request', fails: { 'stdio/survives-bad-line': 2 }, children: 4 },
  { defect: 'serves-before-initialize', fails: { 'stdio/before-initialize': 1 }, children: 1 },
  { defect: 'ignores-stdin-close', fails: { 'stdio/exit-on-stdin-close': 1 }, children: 1 },
  { defect: 'echoes-any-version', fails: { 'protocol/version-negotiation': 1 }, children: 1 },
];

describe('stdio probes on a shared child', () => {
  for (const { defect, fails, inconclusive = [], children } of CASES) {
    it.concurrent(`${defect ?? 'no defect'}: each rule's verdict as on a child of its own`, async () => {
      const { rule, seen } = counter();
      const report = await runServer(
        {
          name: 'shared',
          target: defectStdio(defect)(),
          timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 500, run_ms: 10_000 },
          expect: {},
          levels: {},
          settings: {},
        },
        { rules: [versionNegotiation, ...stdioRules, rule], clientVersion: 'test', concurrency: 4 },
      );
      expect(report.error).toBeUndefined();
      const verdicts = Object.fromEntries(report.rules.filter((result) => result.id !== rule.id).map((result) => [result.id, result.status]));
      const status = (id: string) => (fails[id] !== undefined ? 'fail' : inconclusive.includes(id) ? 'inconclusive' : 'pass');
      const expected = Object.fromEntries([versionNegotiation, ...stdioRules].map((each) => [each.id, status(each.id)]));
      expect(verdicts).toEqual(expected);
      const counts: Verdicts = {};
      for (const finding of report.findings) counts[finding.ruleId] = (counts[finding.ruleId] ?? 0) + 1;
      expect(counts).toEqual(fails);
      expect(seen.opened).toBe(children);
    });
  }
  it.concurrent('--depth thorough: each older revision gets a child of its own', async () => {
    const { rule, seen } = counter();
    const report = await runServer(
      {
        name: 'shared',
        target: defectStdio()(),
        timeouts: { ...DEFAULT_TIMEOUTS, call_ms: 500, run_ms: 10_000 },
        expect: {},
        levels: {},
        settings: { depth: 'thorough' },
      },
      { rules: [versionNegotiation, ...stdioRules, rule], clientVersion: 'test', concurrency: 4 },
    );
    expect(report.findings).toEqual([]);
    // One handshake initializes the shared child; the other two older revisions and the unknown one are on their own.
    expect(seen.opened).toBe(4);
  });
});
