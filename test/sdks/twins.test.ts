/**
 * mcpact on the twin-notes server of every SDK (fixtures/sdks/README.md): the TypeScript twins and those that
 * scripts/sdk-twins.ts built (npm test builds them first; a twin whose toolchain is missing is skipped with the
 * reason). Each twin is a real process over real stdio pipes, and over Streamable HTTP on 127.0.0.1 where its SDK
 * offers it:
 *   - the correct twin gets no error, and exactly the warnings its manifest lists as known (`known`);
 *   - with every defect switch on, each defect is found by the rule contract.json names for it;
 *   - an unknown defect switch is the twin's usage error (exit 2), so a misspelt switch cannot pass unnoticed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport, ServerReport } from '../../src/model/report.js';
import { ROOT, runCli } from '../support/cli.js';
import { SDK_TWINS_DIR, TWIN_INDEX, readTwinManifest, type BuiltTwin, type TwinIndex, type TwinManifest } from '../../scripts/sdk-twins/manifest.js';

const CONTRACT = JSON.parse(readFileSync(path.join(ROOT, SDK_TWINS_DIR, 'contract.json'), 'utf8')) as {
  defects: Record<string, { rule: string; transports?: string[] }>;
};
const DEFECTS = Object.keys(CONTRACT.defects);
/** A JVM or a Python interpreter with its imports can take seconds to start on a busy 2-core machine. */
const RUN_MS = 90_000;

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

/** The findings that decide: errors and warnings, as "severity rule-id", sorted. */
function verdicts(server: ServerReport): string[] {
  return server.findings
    .filter((finding) => finding.severity === 'error' || finding.severity === 'warning')
    .map((finding) => `${finding.severity} ${finding.ruleId}${finding.inherited ? ' (inherited)' : ''}`)
    .sort();
}

function expectedVerdicts(manifest: TwinManifest): string[] {
  return (manifest.known ?? [])
    .filter((known) => known.severity === 'warning')
    .map((known) => `warning ${known.rule}${known.inherited ? ' (inherited)' : ''}`)
    .sort();
}

async function mcpact(args: string[]): Promise<ServerReport> {
  const result = await runCli(['run', '-r', 'json', '--run-timeout', String(RUN_MS - 10_000), ...args], { timeoutMs: RUN_MS });
  expect(result.code, result.stderr).not.toBe(2);
  const server = (JSON.parse(result.stdout) as RunReport).servers[0]!;
  expect(server.complete, result.stderr).toBe(true);
  return server;
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

for (const twin of TWINS) {
  describe.skipIf(twin.built.status === 'skipped')(
    `${twin.manifest.sdk} ${twin.manifest.version} (${twin.name})${twin.built.reason ? `: ${twin.built.reason}` : ''}`,
    () => {
      const start = () => ['--', ...twin.built.start];

      it('correct, over stdio: no error, only the known warnings', { timeout: RUN_MS }, async () => {
        const server = await mcpact(start());
        expect(server.era).toBe(twin.manifest.eras.includes('modern') ? 'modern' : 'legacy');
        expect(verdicts(server)).toEqual(expectedVerdicts(twin.manifest));
      });

      it.runIf(twin.manifest.eras.includes('modern'))('correct, in the legacy era as well: no error', { timeout: RUN_MS }, async () => {
        const server = await mcpact(['--protocol-era', 'legacy', ...start()]);
        expect(server.era).toBe('legacy');
        expect(verdicts(server).filter((verdict) => verdict.startsWith('error'))).toEqual([]);
      });

      it('every defect found by its rule', { timeout: RUN_MS }, async () => {
        const server = await mcpact(['--', ...twin.built.start, '--defect', DEFECTS.join(',')]);
        const found = new Set(server.findings.map((finding) => finding.ruleId));
        expect(DEFECTS.filter((defect) => !found.has(CONTRACT.defects[defect]!.rule))).toEqual([]);
      });

      it('an unknown defect switch: exit 2', () => {
        const [command, ...args] = twin.built.start;
        const result = spawnSync(command!, [...args, '--defect', 'no-such-defect'], { input: '', timeout: RUN_MS - 10_000 });
        expect(result.status).toBe(2);
      });

      if (twin.manifest.http) {
        const url = httpTwin(twin);
        it('correct, over Streamable HTTP: no error, only the known warnings', { timeout: RUN_MS }, async () => {
          const server = await mcpact(['--url', url()]);
          expect(verdicts(server).filter((verdict) => verdict.startsWith('error'))).toEqual([]);
        });
      }
    },
  );
}
