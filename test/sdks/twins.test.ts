/**
 * mcpact on the twin-notes server of every SDK (fixtures/sdks/README.md): the TypeScript twins and those that
 * scripts/sdk-twins.ts built (npm test builds them first; a twin whose toolchain is missing is skipped with the
 * reason). Each twin is a real process over real stdio pipes, and over Streamable HTTP on 127.0.0.1 where its SDK
 * offers it:
 *   - the correct twin gets no error over stdio, and exactly the findings its manifest lists as known (`known`):
 *     every warning, and every finding marked inherited with the signature that marks it, so each signature row of
 *     the SDK is pinned here against the real SDK; its marks name only the twin's own SDK identities;
 *   - in the legacy era as well, and over Streamable HTTP (in both eras), it gets no error, and the signatures seen
 *     only there (`alsoInherited`) mark their findings;
 *   - with every defect switch on, each defect is found by the rule contract.json names for it, except the defects
 *     the SDK does not allow (`sdkRefuses`), for which what the SDK does instead is checked;
 *   - an unknown defect switch is the twin's usage error (exit 2), so a misspelt switch cannot pass unnoticed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SDKS } from '../../src/engine/signatures.js';
import type { RunReport, ServerReport } from '../../src/model/report.js';
import { asRecord } from '../../src/util/json.js';
import { ROOT, runCli } from '../support/cli.js';
import { SDK_TWINS_DIR, TWIN_INDEX, readTwinManifest, type BuiltTwin, type TwinIndex, type TwinManifest } from '../../scripts/sdk-twins/manifest.js';

const CONTRACT = JSON.parse(readFileSync(path.join(ROOT, SDK_TWINS_DIR, 'contract.json'), 'utf8')) as {
  defects: Record<string, { rule: string; transports?: string[] }>;
};
const DEFECTS = Object.keys(CONTRACT.defects);
/**
 * A JVM or a Python interpreter with its imports can take seconds to start on a busy 2-core machine, and a run of
 * the Java twin starts the JVM several times, one after another (the stdio rules' fresh processes): about 30 s on
 * an idle machine, past 80 s in CI beside the rest of the suite.
 */
const RUN_MS = 150_000;

function readIndex(): TwinIndex {
  const file = path.join(ROOT, TWIN_INDEX);
  if (!existsSync(file)) throw new Error(`${TWIN_INDEX} is missing: build the SDK twins with npm run sdk-twins (npm test does)`);
  return JSON.parse(readFileSync(file, 'utf8')) as TwinIndex;
}

interface Twin {
  name: string;
  manifest: TwinManifest;
  built: BuiltTwin;
}

const index = readIndex();
const TWINS: Twin[] = Object.entries(index).map(([name, built]) => ({
  name,
  built,
  manifest: readTwinManifest(path.join(ROOT, SDK_TWINS_DIR, name, 'twin.json')),
}));

/** The findings that decide: errors, warnings and inherited ones, as "severity rule-id signature", sorted. */
function verdicts(server: ServerReport): string[] {
  return server.findings
    .filter((finding) => finding.severity === 'error' || finding.severity === 'warning' || finding.inherited !== undefined)
    .map((finding) => `${finding.severity} ${finding.ruleId} ${finding.inherited?.signature ?? '(not inherited)'}`)
    .sort();
}

function expectedVerdicts(manifest: TwinManifest): string[] {
  return (manifest.known ?? []).map((known) => `${known.severity} ${known.rule} ${known.signature ?? '(not inherited)'}`).sort();
}

const errors = (server: ServerReport) => verdicts(server).filter((verdict) => verdict.startsWith('error'));

/** What the errors and warnings said, for the message of a failed assertion: a run under CI load is not kept. */
const said = (server: ServerReport) =>
  server.findings
    .filter((finding) => finding.severity === 'error' || finding.severity === 'warning')
    .map((finding) => `${finding.ruleId}: ${finding.message}`)
    .join('\n');

/** The signatures that marked a finding of the run, or a member merged into one (`data.cases`, engine/merge-answers.ts). */
function marks(server: ServerReport): Set<string> {
  return new Set(
    server.findings.flatMap((finding) => [
      ...(finding.inherited ? [finding.inherited.signature] : []),
      ...(Array.isArray(finding.data?.cases)
        ? finding.data.cases.flatMap((member) => {
            const signature = asRecord(member)?.signature;
            return typeof signature === 'string' ? [signature] : [];
          })
        : []),
    ]),
  );
}

/** The signatures of `expected` that mark no finding of the run. */
const unmarked = (server: ServerReport, expected: readonly string[] = []) => expected.filter((signature) => !marks(server).has(signature));

/**
 * The stdio rules start fresh children of their own; one that does not initialize within connect_ms is skipped
 * (rightly: mcpact could not decide). A JVM on a 2-core machine running the whole suite beside it has taken longer
 * than the default 10 s, which dropped the Java twin's stdio findings: these runs wait as long as the test does.
 */
const CONNECT_MS = 45_000;

async function mcpact(args: string[]): Promise<ServerReport> {
  const result = await runCli(['run', '-r', 'json', '--run-timeout', String(RUN_MS - 10_000), '--connect-timeout', String(CONNECT_MS), ...args], {
    timeoutMs: RUN_MS,
  });
  expect(result.code, result.stderr).not.toBe(2);
  const server = (JSON.parse(result.stdout) as RunReport).servers[0]!;
  expect(server.complete, result.stderr).toBe(true);
  return server;
}

/** Every answer's words in a --trace file: each text block of a result, and each error's message. */
function answersIn(trace: string): string[] {
  return readFileSync(trace, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      const entry = asRecord(JSON.parse(line));
      const message = entry?.direction === 'in' ? asRecord(entry.message) : undefined;
      const error = asRecord(message?.error);
      if (typeof error?.message === 'string') return [error.message];
      const content = asRecord(message?.result)?.content;
      return Array.isArray(content) ? content.flatMap((block) => (typeof asRecord(block)?.text === 'string' ? [asRecord(block)!.text as string] : [])) : [];
    });
}

/** The twin over Streamable HTTP: started with --http, its URL read from its first line, stopped after the tests. */
function httpTwin(twin: Twin): () => string {
  let child: ChildProcess | undefined;
  let url: string | undefined;
  beforeAll(async () => {
    const [command, ...args] = twin.built.start;
    child = spawn(command!, [...args, '--http'], { stdio: ['pipe', 'pipe', 'inherit'] });
    url = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child!.stdout! }).once('line', resolve);
      child!.once('exit', (code) => reject(new Error(`${twin.name} --http exited (${code}) before printing its URL`)));
    });
  }, RUN_MS);
  afterAll(async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.stdin?.end();
    child.kill('SIGTERM');
    await exited;
  });
  return () => url!;
}

// The twins side by side (each test spawns its own processes and waits on them): one after the other, the JVM's and
// the Python interpreters' start-ups and the SDKs' unanswered requests (which mcpact waits out) added up to minutes.
describe.concurrent('SDK twins', () => {
  for (const twin of TWINS) {
    const refused = twin.manifest.sdkRefuses ?? {};
    // A defect the SDK refuses at start would stop the run of every other defect: it is checked on its own.
    const together = DEFECTS.filter((defect) => refused[defect]?.exits === undefined);
    describe.skipIf(twin.built.status === 'skipped')(
      `${twin.manifest.sdk} ${twin.manifest.version} (${twin.name})${twin.built.reason ? `: ${twin.built.reason}` : ''}`,
      () => {
        const start = () => ['--', ...twin.built.start];

        it('correct, over stdio: no error, exactly the known findings, marked with its own SDK', { timeout: RUN_MS }, async () => {
          const server = await mcpact(start());
          expect(server.era).toBe(twin.manifest.eras.includes('modern') ? 'modern' : 'legacy');
          expect(verdicts(server), said(server)).toEqual(expectedVerdicts(twin.manifest));
          const own = (twin.manifest.identities ?? []).map((id) => (SDKS as Record<string, { name: string; versions: string }>)[id]);
          expect(own, 'every identity of twin.json is in engine/signatures.ts').not.toContain(undefined);
          const marked = server.findings.flatMap((finding) =>
            finding.inherited ? [{ sdk: finding.inherited.sdk, versions: finding.inherited.versions }] : [],
          );
          const named = own.map((sdk) => ({ sdk: sdk!.name, versions: sdk!.versions }));
          for (const mark of marked) expect(named).toContainEqual(mark);
          for (const identity of named) expect(marked).toContainEqual(identity);
        });

        const bothEras = twin.manifest.eras.includes('modern') && twin.manifest.eras.includes('legacy');
        const modernOnly = !twin.manifest.eras.includes('legacy');

        /** A twin that serves 2026-07-28 only refuses the initialize handshake: mcpact stops (exit 2) on the spec's -32022. */
        async function refusesLegacy(args: string[]) {
          const result = await runCli(['run', '-r', 'json', '--protocol-era', 'legacy', ...args], { timeoutMs: RUN_MS });
          expect(result.code, result.stderr).toBe(2);
          expect(result.stderr).toMatch(/-32022\b/);
        }

        it.runIf(bothEras)('correct, in the legacy era as well: no error', { timeout: RUN_MS }, async () => {
          const server = await mcpact(['--protocol-era', 'legacy', ...start()]);
          expect(server.era).toBe('legacy');
          expect(errors(server), said(server)).toEqual([]);
          expect(unmarked(server, twin.manifest.alsoInherited?.legacy)).toEqual([]);
        });

        it.runIf(modernOnly)('the legacy era refused, as eras says: -32022 to initialize', { timeout: RUN_MS }, async () => {
          await refusesLegacy(start());
        });

        it('every defect found by its rule, or refused by the SDK as twin.json says', { timeout: RUN_MS }, async () => {
          const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-twin-'));
          try {
            const trace = path.join(dir, 'trace.jsonl');
            const server = await mcpact(['--trace', trace, '--', ...twin.built.start, '--defect', together.join(',')]);
            const found = new Set(server.findings.map((finding) => finding.ruleId));
            expect(together.filter((defect) => refused[defect] === undefined && !found.has(CONTRACT.defects[defect]!.rule))).toEqual([]);
            const answers = answersIn(trace);
            for (const defect of together.filter((name) => refused[name] !== undefined)) {
              const { rule, answer } = refused[defect]!;
              if (rule !== undefined) expect(found, `${defect}: ${rule}`).toContain(rule);
              if (answer !== undefined) expect(answers, defect).toContain(answer);
            }
          } finally {
            rmSync(dir, { recursive: true, force: true });
          }
        });

        for (const [defect, { exits }] of Object.entries(refused)) {
          if (exits === undefined) continue;
          it(`--defect ${defect}: the SDK refuses it at start (exit ${exits})`, () => {
            const [command, ...args] = twin.built.start;
            const result = spawnSync(command!, [...args, '--defect', defect], { input: '', timeout: RUN_MS - 10_000 });
            expect(result.status, result.stderr.toString()).toBe(exits);
          });
        }

        // A Python or JVM twin may take seconds to start and refuse on a busy machine: the run's deadline, not vitest's 20 s.
        it('an unknown defect switch: exit 2', { timeout: RUN_MS }, () => {
          const [command, ...args] = twin.built.start;
          const result = spawnSync(command!, [...args, '--defect', 'no-such-defect'], { input: '', timeout: RUN_MS - 10_000 });
          expect(result.status).toBe(2);
        });

        if (twin.manifest.http) {
          const url = httpTwin(twin);
          it('correct, over Streamable HTTP: no error', { timeout: RUN_MS }, async () => {
            const server = await mcpact(['--url', url()]);
            expect(errors(server), said(server)).toEqual([]);
            expect(unmarked(server, twin.manifest.alsoInherited?.http)).toEqual([]);
          });
          it.runIf(modernOnly)('the legacy era refused over Streamable HTTP as well: -32022 to initialize', { timeout: RUN_MS }, async () => {
            await refusesLegacy(['--url', url()]);
          });
          it.runIf(bothEras)('correct, over Streamable HTTP in the legacy era: no error', { timeout: RUN_MS }, async () => {
            const server = await mcpact(['--protocol-era', 'legacy', '--url', url()]);
            expect(server.era).toBe('legacy');
            expect(errors(server), said(server)).toEqual([]);
            expect(unmarked(server, twin.manifest.alsoInherited?.['http-legacy'])).toEqual([]);
          });
        }
      },
    );
  }
});
