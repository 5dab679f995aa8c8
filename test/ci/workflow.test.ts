/**
 * The CI recipes, run locally step by step against the good and the malformed fixture servers: the GitHub
 * workflow and the GitLab job from docs/ci.md, and the composite action in action.yml. `npx -y mcpact@VERSION` is
 * answered by a stand-in that runs this checkout's build. What they leave behind for JUnit consumers, code
 * scanning and the job summary is checked with the same validators as the reporter tests.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runReportSchema } from '../../src/model/report.js';
import { MARKDOWN_MARKER } from '../../src/report/reporters/markdown.js';
import { checkJunit, codeScanningProblems, multitoolProblems, renderGfm, sarifSchemaErrors } from '../support/ci-validators.js';
import { CLI, ROOT } from '../support/cli.js';

const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

interface Step {
  name?: string;
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
}

interface Workspace {
  dir: string;
  summary: string;
  output: string;
  npxLog: string;
  run(script: string, env?: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }>;
}

/** A checkout with an mcpact.yaml naming both fixture servers, and a PATH whose `npx` runs the local build. */
function workspace(): Workspace {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-ci-'));
  const server = (name: string) =>
    `  - name: ${name}\n    transport: stdio\n    command: ${JSON.stringify(process.execPath)}\n    args: [${JSON.stringify(path.join(ROOT, `dist/fixtures/servers/${name}.js`))}]\n`;
  writeFileSync(path.join(dir, 'mcpact.yaml'), `# the servers under test\nservers:\n${server('good')}${server('malformed')}`);
  const bin = path.join(dir, '.bin');
  mkdirSync(bin);
  writeFileSync(
    path.join(bin, 'npx'),
    [
      '#!/bin/sh',
      '# Stands in for `npx -y mcpact@VERSION ...`: checks the call, logs the version, runs the local build.',
      'case "$1" in -y|--yes) shift ;; *) echo "fake npx: expected -y, got $1" >&2; exit 90 ;; esac',
      'case "$1" in mcpact@*) echo "$1" >> "$NPX_LOG"; shift ;; *) echo "fake npx: expected mcpact@VERSION, got $1" >&2; exit 91 ;; esac',
      'exec "$MCPACT_NODE" "$MCPACT_CLI" "$@"',
      '',
    ].join('\n'),
  );
  chmodSync(path.join(bin, 'npx'), 0o755);
  const files = { summary: path.join(dir, '.github-step-summary.md'), output: path.join(dir, '.github-output'), npxLog: path.join(dir, '.npx-log') };
  for (const file of Object.values(files)) writeFileSync(file, '');
  return {
    dir,
    ...files,
    run: (script, env = {}) =>
      new Promise((resolve, reject) => {
        // How GitHub runs a `run:` step with the bash shell.
        const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
          cwd: dir,
          env: {
            PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
            HOME: process.env.HOME,
            NO_COLOR: '1',
            GITHUB_STEP_SUMMARY: files.summary,
            GITHUB_OUTPUT: files.output,
            GITHUB_WORKSPACE: dir,
            NPX_LOG: files.npxLog,
            MCPACT_NODE: process.execPath,
            MCPACT_CLI: CLI,
            ...env,
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      }),
  };
}

/** The YAML block docs/ci.md marks with `<!-- tested: NAME -->`. */
function docsBlock(name: string): unknown {
  const docs = readFileSync(path.join(ROOT, 'docs/ci.md'), 'utf8');
  const match = new RegExp(`<!-- tested: ${name} -->\\n\`\`\`yaml\\n([\\s\\S]*?)\\n\`\`\``).exec(docs);
  if (!match?.[1]) throw new Error(`docs/ci.md has no block marked "tested: ${name}"`);
  return parse(match[1]);
}

async function expectValidOutputs(dir: string, files: { junit: string; sarif: string; markdown: string }): Promise<void> {
  const junit = await checkJunit(readFileSync(path.join(dir, files.junit), 'utf8'));
  expect(junit.errors).toEqual([]);
  const suites = junit.document.testsuites.testsuite?.map((suite) => suite.name) ?? [];
  expect(suites).toEqual(expect.arrayContaining(['good / protocol', 'good / schema', 'malformed / protocol', 'malformed / schema']));
  expect(Number(junit.document.testsuites.failures)).toBeGreaterThan(0);

  const sarifFile = path.join(dir, files.sarif);
  const sarif = JSON.parse(readFileSync(sarifFile, 'utf8')) as {
    runs: { results: { locations: { physicalLocation?: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[] }[];
  };
  expect(sarifSchemaErrors(sarif)).toEqual([]);
  expect(codeScanningProblems(sarif)).toEqual([]);
  expect(multitoolProblems(sarifFile)).toEqual([]);
  const results = sarif.runs[0]?.results ?? [];
  expect(results.length).toBeGreaterThan(0);
  // Every finding is the malformed server's, defined on line 7 of the workspace's mcpact.yaml.
  for (const result of results) expect(result.locations[0]?.physicalLocation).toEqual({ artifactLocation: { uri: 'mcpact.yaml' }, region: { startLine: 7 } });

  const markdown = readFileSync(path.join(dir, files.markdown), 'utf8');
  expect(markdown.startsWith(MARKDOWN_MARKER)).toBe(true);
  expect(markdown).toContain('## mcpact: ❌ failed');
  expect(renderGfm(markdown).elements.filter((element) => element.tagName === 'tr')).toHaveLength(3);
}

describe('the GitHub workflow in docs/ci.md', () => {
  let ws: Workspace;
  const ran: { name: string; code: number | null }[] = [];
  const skipped: string[] = [];
  const uploads: Step[] = [];

  beforeAll(async () => {
    ws = workspace();
    const workflow = docsBlock('github-workflow') as { jobs: Record<string, { steps: Step[] }> };
    const [job] = Object.values(workflow.jobs);
    let failed = false;
    for (const step of job?.steps ?? []) {
      const name = step.name ?? step.uses ?? '?';
      // As on GitHub: after a failed step, only steps marked if: always() run.
      if (failed && !/always\(\)/.test(step.if ?? '')) {
        skipped.push(name);
        continue;
      }
      if (step.uses !== undefined) {
        uploads.push(step);
        continue;
      }
      // Steps that build the user's own server have nothing to do here.
      if (step.run === undefined || !/mcpact|GITHUB_STEP_SUMMARY/.test(step.run)) {
        skipped.push(name);
        continue;
      }
      const result = await ws.run(step.run);
      ran.push({ name, code: result.code });
      if (result.code !== 0) failed = true;
    }
  }, 60_000);

  it('runs the pinned release, which is this version, and fails the step on the malformed server', () => {
    expect(ran).toEqual([
      { name: 'Contract tests', code: 1 },
      { name: 'Job summary', code: 0 },
    ]);
    expect(skipped).toEqual(['Build the server']);
    expect(readFileSync(ws.npxLog, 'utf8')).toBe(`mcpact@${VERSION}\n`);
  });

  it('still uploads SARIF and the reports after the failure, and those files are there', () => {
    const sarif = uploads.find((step) => step.uses?.startsWith('github/codeql-action/upload-sarif'));
    const artifact = uploads.find((step) => step.uses?.startsWith('actions/upload-artifact'));
    expect(sarif?.with?.sarif_file).toBe('mcpact-report/mcpact.sarif');
    expect(existsSync(path.join(ws.dir, String(sarif?.with?.sarif_file)))).toBe(true);
    for (const file of ['junit.xml', 'mcpact.sarif', 'summary.md']) expect(existsSync(path.join(ws.dir, String(artifact?.with?.path), file))).toBe(true);
  });

  it('produces JUnit a JUnit consumer parses, SARIF the official schema accepts, and a Markdown summary', async () => {
    await expectValidOutputs(ws.dir, { junit: 'mcpact-report/junit.xml', sarif: 'mcpact-report/mcpact.sarif', markdown: 'mcpact-report/summary.md' });
  }, 30_000);

  it('appends the Markdown report to the job summary', () => {
    expect(readFileSync(ws.summary, 'utf8')).toBe(readFileSync(path.join(ws.dir, 'mcpact-report/summary.md'), 'utf8'));
  });
});

describe('the GitHub workflows in docs/ci.md', () => {
  it('set up a maintained Node with the npm cache, and upload SARIF with codeql-action v4', () => {
    for (const name of ['github-workflow', 'github-matrix']) {
      const workflow = docsBlock(name) as { jobs: Record<string, { steps: Step[] }> };
      const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
      const setups = steps.filter((step) => step.uses?.startsWith('actions/setup-node@'));
      expect(setups.length, name).toBeGreaterThan(0);
      // Node 20 reached its end of life on 2026-04-30.
      for (const setup of setups) expect(setup.with, name).toMatchObject({ 'node-version': 24, cache: 'npm' });
      for (const step of steps.filter((candidate) => candidate.uses?.startsWith('github/codeql-action/'))) {
        expect(step.uses, name).toBe('github/codeql-action/upload-sarif@v4');
      }
    }
  });
});

describe('the GitLab job in docs/ci.md', () => {
  it('writes the JUnit report GitLab reads, and keeps the other reports as artifacts', async () => {
    const ws = workspace();
    const [job] = Object.values(docsBlock('gitlab-ci') as Record<string, { script: string[]; artifacts: { paths: string[]; reports: { junit: string } } }>);
    const scripts = job?.script.filter((line) => line.includes('mcpact')) ?? [];
    expect(scripts).toHaveLength(1);
    for (const script of scripts) expect((await ws.run(script)).code).toBe(1);
    const junitPath = job?.artifacts.reports.junit ?? '';
    expect((await checkJunit(readFileSync(path.join(ws.dir, junitPath), 'utf8'))).errors).toEqual([]);
    for (const folder of job?.artifacts.paths ?? []) expect(existsSync(path.join(ws.dir, folder, 'mcpact.sarif'))).toBe(true);
  }, 60_000);
});

describe('the sharded GitHub workflow in docs/ci.md', () => {
  it('runs each matrix job on its shard, and the merge job writes the reports of one run', async () => {
    const ws = workspace();
    const workflow = docsBlock('github-matrix') as {
      jobs: { shard: { strategy: { matrix: { shard: number[] } }; steps: Step[] }; report: { needs: string; if: string; steps: Step[] } };
    };
    const { shard, report } = workflow.jobs;
    const shards = shard.strategy.matrix.shard;
    const runStep = shard.steps.find((step) => step.run?.includes('mcpact'))!;
    const codes: (number | null)[] = [];
    for (const index of shards) {
      // What GitHub substitutes for the expressions of this matrix job.
      const script = runStep.run!.replaceAll('${{ matrix.shard }}', String(index)).replaceAll('${{ strategy.job-total }}', String(shards.length));
      codes.push((await ws.run(script)).code);
      // upload-artifact then download-artifact (pattern, no merge-multiple): a folder per artifact.
      const upload = shard.steps.find((step) => step.uses?.startsWith('actions/upload-artifact'))!;
      const name = String(upload.with?.name).replace('${{ matrix.shard }}', String(index));
      await ws.run(`mkdir -p downloaded/${name} && mv ${String(upload.with?.path)}* downloaded/${name}/`);
    }
    // good and malformed over three shards: one shard runs neither and passes; malformed's fails.
    expect(codes.filter((code) => code === 1)).toHaveLength(1);
    expect(codes.filter((code) => code === 0)).toHaveLength(2);
    expect(report.if).toBe('always()');
    const download = report.steps.find((step) => step.uses?.startsWith('actions/download-artifact'))!;
    await ws.run(`mv downloaded ${String(download.with?.path)}`);
    const merged = [];
    for (const step of report.steps.filter((candidate) => candidate.run !== undefined)) merged.push((await ws.run(step.run!)).code);
    expect(merged).toEqual([1, 0]);
    await expectValidOutputs(ws.dir, { junit: 'mcpact-report/junit.xml', sarif: 'mcpact-report/mcpact.sarif', markdown: 'mcpact-report/summary.md' });
  }, 90_000);
});

describe('the GitLab parallel jobs in docs/ci.md', () => {
  it('runs shard CI_NODE_INDEX of CI_NODE_TOTAL in each job, and the report job merges them', async () => {
    const ws = workspace();
    const jobs = docsBlock('gitlab-parallel') as Record<string, { parallel?: number; script: string[]; needs?: string[]; when?: string }>;
    const shardJob = jobs['mcpact-shard']!;
    const codes: (number | null)[] = [];
    for (let index = 1; index <= shardJob.parallel!; index++) {
      for (const line of shardJob.script.filter((candidate) => candidate.includes('mcpact'))) {
        codes.push((await ws.run(line, { CI_NODE_INDEX: String(index), CI_NODE_TOTAL: String(shardJob.parallel) })).code);
      }
    }
    expect(codes.sort()).toEqual([0, 0, 1]);
    const reportJob = jobs['mcpact-report']!;
    expect(reportJob.when).toBe('always');
    expect(reportJob.needs).toEqual(['mcpact-shard']);
    const [merge] = reportJob.script;
    expect((await ws.run(merge!)).code).toBe(1);
    await expectValidOutputs(ws.dir, { junit: 'mcpact-report/junit.xml', sarif: 'mcpact-report/mcpact.sarif', markdown: 'mcpact-report/summary.md' });
  }, 90_000);
});

describe('action.yml', () => {
  const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as {
    inputs: Record<string, { default?: string }>;
    outputs: Record<string, { value: string }>;
    runs: { using: string; steps: (Step & { env: Record<string, string>; shell: string; 'working-directory'?: string })[] };
  };
  const [step] = action.runs.steps;
  if (!step?.run) throw new Error('action.yml: the composite step has no script');

  /** The step's environment as GitHub would fill it from these inputs (defaults for the rest). */
  function inputEnv(inputs: Record<string, string>): Record<string, string> {
    const values: Record<string, string> = {};
    for (const [name, input] of Object.entries(action.inputs)) values[name] = inputs[name] ?? input.default ?? '';
    values['github-token'] = inputs['github-token'] ?? 'ghs_fake_token';
    return Object.fromEntries(
      Object.entries(step?.env ?? {}).map(([key, expression]) => {
        const input = /^\$\{\{ inputs\.([\w-]+) \}\}$/.exec(expression)?.[1];
        if (input === undefined) throw new Error(`action.yml: env ${key} is not a plain input expression`);
        return [key, values[input] ?? ''];
      }),
    );
  }

  function outputs(file: string): Record<string, string> {
    return Object.fromEntries(
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
  }

  it('is a composite action that hands every input to its script through the environment', () => {
    expect(action.runs.using).toBe('composite');
    expect(step.shell).toBe('bash');
    const used = [...Object.values(step.env), step['working-directory']].join(' ');
    for (const name of Object.keys(action.inputs)) expect(used).toContain(`inputs.${name} `);
    expect(step.run).not.toMatch(/\$\{\{/);
    expect(action.outputs['exit-code']?.value).toBe('${{ steps.run.outputs.exit-code }}');
    expect(action.outputs['report-path']?.value).toBe('${{ steps.run.outputs.report-path }}');
    expect(action.inputs.version?.default).toBe(VERSION);
  });

  it('annotates by default: the github reporter next to the console, JUnit and SARIF', () => {
    expect(action.inputs.reporter?.default?.trim().split('\n')).toEqual([
      'console',
      'github',
      'junit:mcpact-report/junit.xml',
      'sarif:mcpact-report/mcpact.sarif',
    ]);
  });

  it('runs the pinned mcpact, writes the reports, the job summary and its outputs, and exits with the exit code', async () => {
    const ws = workspace();
    const result = await ws.run(step.run ?? '', inputEnv({}));
    expect(result.code).toBe(1);
    // The annotations follow the console on stdout, each at the line of mcpact.yaml that defines the malformed server.
    const annotations = result.stdout.split('\n').filter((line) => line.startsWith('::'));
    expect(annotations.length).toBeGreaterThan(0);
    for (const line of annotations) expect(line).toMatch(/^::(error|warning|notice) file=mcpact\.yaml,line=7,title=mcpact /);
    expect(readFileSync(ws.npxLog, 'utf8')).toBe(`mcpact@${VERSION}\n`);
    const out = outputs(ws.output);
    expect(out).toEqual({ 'exit-code': '1', 'report-path': path.join(ws.dir, 'mcpact-report/report.json') });
    const report = runReportSchema.safeParse(JSON.parse(readFileSync(out['report-path'] ?? '', 'utf8')));
    expect(report.error).toBeUndefined();
    expect(readFileSync(ws.summary, 'utf8')).toBe(readFileSync(path.join(ws.dir, 'mcpact-report/summary.md'), 'utf8'));
    await expectValidOutputs(ws.dir, { junit: 'mcpact-report/junit.xml', sarif: 'mcpact-report/mcpact.sarif', markdown: 'mcpact-report/summary.md' });
  }, 60_000);

  it('passes extra arguments, a config and another working layout through, and reports a clean run as 0', async () => {
    const ws = workspace();
    const result = await ws.run(
      step.run ?? '',
      inputEnv({
        config: 'mcpact.yaml',
        args: '--server good  --fail-on warning',
        reporter: 'junit:out/j.xml',
        'output-dir': 'reports',
        'step-summary': 'false',
      }),
    );
    expect(result.code).toBe(0);
    expect(outputs(ws.output)).toEqual({ 'exit-code': '0', 'report-path': path.join(ws.dir, 'reports/report.json') });
    expect(existsSync(path.join(ws.dir, 'out/j.xml'))).toBe(true);
    expect(readFileSync(ws.summary, 'utf8')).toBe('');
    expect(result.stdout).toBe('');
  }, 60_000);
});
