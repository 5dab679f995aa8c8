/**
 * Runs the official conformance suite (`@modelcontextprotocol/conformance`, pinned in package.json) against one
 * server: the scenarios one revision requires, exactly as its requirement set names them (`--requirements`), at
 * that revision's wire, each check as the suite wrote it to its results folder.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../support/cli.js';

const SUITE_CLI = `${ROOT}node_modules/@modelcontextprotocol/conformance/dist/index.js`;
/** Supplies `fs.globSync` to the suite on Node 20 (./node20/register.ts says why). */
const NODE20_PRELOAD = `${ROOT}dist/test/conformance/node20/register.js`;

/** The suite's check statuses (its checks.json). */
export const CHECK_STATUSES = ['SUCCESS', 'FAILURE', 'WARNING', 'INFO', 'SKIPPED'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export interface SuiteCheck {
  id: string;
  status: CheckStatus;
  errorMessage?: string;
}

export interface ScenarioRun {
  scenario: string;
  checks: SuiteCheck[];
}

/** The revisions that have a requirement set in the pinned suite (its requirements/ folder). */
export type RequirementRevision = '2025-11-25' | '2026-07-28';

/**
 * Every server scenario the revision's requirement set names, run against `url`, in the order of their names; or
 * the one `scenario` given, at that revision's wire.
 */
export async function runSuite(url: string, revision: RequirementRevision, scenario?: string): Promise<ScenarioRun[]> {
  const out = mkdtempSync(path.join(tmpdir(), 'mcpact-conformance-'));
  const selection = scenario === undefined ? ['--requirements', revision] : ['--scenario', scenario, '--spec-version', revision];
  try {
    const { code, stderr } = await run(['--import', NODE20_PRELOAD, SUITE_CLI, 'server', '--url', url, ...selection, '-o', out]);
    // Exit 1 is a failing scenario, which is what the table is about; anything else is the suite not running.
    if (code !== 0 && code !== 1) throw new Error(`the conformance suite exited ${code}: ${stderr.slice(-2_000)}`);
    return readdirSync(out)
      .sort()
      .map((folder) => ({ scenario: scenarioOf(folder), checks: readChecks(path.join(out, folder, 'checks.json')) }));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** `server-<scenario>-<ISO time with dashes>Z` */
function scenarioOf(folder: string): string {
  const match = /^server-(.+)-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/.exec(folder);
  if (!match) throw new Error(`unexpected results folder of the conformance suite: ${folder}`);
  return match[1]!;
}

function readChecks(file: string): SuiteCheck[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file} is not an array of checks`);
  return parsed.map((check: unknown) => {
    const { id, status, errorMessage } = (check ?? {}) as Record<string, unknown>;
    if (typeof id !== 'string' || !CHECK_STATUSES.includes(status as CheckStatus)) throw new Error(`${file}: a check without an id or a known status`);
    return { id, status: status as CheckStatus, ...(typeof errorMessage === 'string' && { errorMessage }) };
  });
}

function run(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { PATH: process.env.PATH, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}
