/**
 * CLI scenario goldens: a small table of mcpact invocations through the built CLI, each compared, normalised
 * (test/support/golden.ts), with test/golden/cli/<scenario>/expected.txt: every step's command line, exit code,
 * stdout and stderr. A config a scenario reads sits beside its expected.txt; a file a scenario writes (a
 * lockfile, a generated config) is compared with a golden file of its own there. Refresh deliberately with
 * UPDATE_GOLDEN=1 (see test/golden/README.md). Needs the build (npm test does it).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { ROOT, runCli } from '../support/cli.js';
import { expectGolden, formatRun, MCPACT_VERSION, normalise, pool, type Mask } from '../support/golden.js';

interface Context {
  /** A fresh temporary directory of the scenario's own (removed afterwards). */
  temp: string;
}

interface Step {
  args: (context: Context) => string[];
  /** `temp` runs the CLI in the scenario's temporary directory; default the repository root. */
  cwd?: 'root' | 'temp';
}

interface Scenario {
  name: string;
  steps: Step[];
  /** Files the scenario writes into its temporary directory, each compared with test/golden/cli/<name>/<golden>. */
  writes?: { file: string; golden: string }[];
  masks?: Mask[];
}

const dist = (file: string) => path.join(ROOT, 'dist', file);

const SCENARIOS: Scenario[] = [
  // The longest first (each runs every rule family against a real server).
  { name: 'zero-config-stdio', steps: [{ args: () => ['run', '--', 'node', 'dist/fixtures/servers/good.js'] }] },
  { name: 'run-example', steps: [{ args: () => ['run', '-c', 'examples/mcpact.yaml'] }] },
  {
    // The JSON report on stdout (two families only: the report shape is the point, and poisoned has findings in both).
    name: 'run-json-stdout',
    steps: [{ args: () => ['run', '--reporter', 'json', '--only', 'schema,security', '--', 'node', 'dist/fixtures/servers/poisoned.js'] }],
  },
  {
    // Pin v1 of the drift fixture, diff it against itself (clean) and against v2 (every change id). In a temporary
    // directory, so the lockfile is the zero-config default there, named after the server (mcpact.server-v1.lock.json);
    // its bytes are a golden file too.
    name: 'drift-baseline-diff',
    steps: [
      { args: () => ['baseline', '--', 'node', dist('fixtures/drift/server-v1.js')], cwd: 'temp' },
      { args: () => ['baseline', '--', 'node', dist('fixtures/drift/server-v1.js')], cwd: 'temp' },
      { args: () => ['diff', '--', 'node', dist('fixtures/drift/server-v1.js')], cwd: 'temp' },
      // v2 is another script, so another zero-config name: the lockfile of v1 is named.
      { args: () => ['diff', '--lockfile', 'mcpact.server-v1.lock.json', '--', 'node', dist('fixtures/drift/server-v2.js')], cwd: 'temp' },
    ],
    writes: [{ file: 'mcpact.server-v1.lock.json', golden: 'mcpact.server-v1.lock.json' }],
  },
  {
    name: 'init-from-server',
    steps: [{ args: () => ['init', '--', 'node', dist('fixtures/servers/good.js')], cwd: 'temp' }],
    writes: [{ file: 'mcpact.yaml', golden: 'written-mcpact.yaml' }],
  },
  { name: 'rules', steps: [{ args: () => ['rules'] }] },
  { name: 'rules-json', steps: [{ args: () => ['rules', '--json'] }] },
  { name: 'diff-list-changes', steps: [{ args: () => ['diff', '--list-changes'] }] },
  { name: 'usage-unknown-reporter', steps: [{ args: () => ['run', '--reporter', 'jsn', '--', 'node', 'dist/fixtures/servers/good.js'] }] },
  { name: 'usage-unknown-family', steps: [{ args: () => ['run', '--only', 'protocl', '--', 'node', 'dist/fixtures/servers/good.js'] }] },
  { name: 'config-unknown-key', steps: [{ args: () => ['run', '-c', 'test/golden/cli/config-unknown-key/mcpact.yaml'] }] },
  // Port 1 on loopback: fetch refuses it before connecting (one of the Fetch standard's blocked ports), so the run
  // fails at once (exit 2, nothing tested); a port nothing listens on is test/cli/http-errors.test.ts.
  { name: 'connection-refused', steps: [{ args: () => ['run', '--url', 'http://127.0.0.1:1/mcp'] }] },
  {
    name: 'version',
    steps: [{ args: () => ['--version'] }],
    masks: [{ pattern: new RegExp(`^${MCPACT_VERSION.replace(/\./g, '\\.')}$`, 'm'), replace: '<version>', why: "mcpact's version" }],
  },
  { name: 'help', steps: [{ args: () => ['--help'] }] },
  { name: 'help-run', steps: [{ args: () => ['run', '--help'] }] },
];

async function runScenario(scenario: Scenario): Promise<{ expected: string; writes: { golden: string; text: string }[] }> {
  const temp = mkdtempSync(path.join(tmpdir(), 'mcpact-golden-cli-'));
  try {
    const options = { tempDirs: [temp], masks: scenario.masks };
    const parts: string[] = [`# mcpact CLI scenario "${scenario.name}" (golden: UPDATE_GOLDEN=1 npx vitest run test/golden)\n`];
    for (const step of scenario.steps) {
      const args = step.args({ temp });
      const result = await runCli(args, { cwd: step.cwd === 'temp' ? temp : ROOT, timeoutMs: 60_000 });
      const where = step.cwd === 'temp' ? '(in <tmp>) ' : '';
      parts.push(`\n${formatRun({ command: `${where}mcpact ${args.join(' ')}`, ...result })}`);
    }
    const writes = (scenario.writes ?? []).map(({ file, golden }) => ({ golden, text: normalise(readFileSync(path.join(temp, file), 'utf8'), options) }));
    return { expected: normalise(parts.join(''), options), writes };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

// Two at a time: most scenarios are a fraction of a second; the three `run`s take one to two seconds of CPU each.
const limit = pool(2);

describe.concurrent('CLI scenario golden', () => {
  for (const scenario of SCENARIOS) {
    it(
      scenario.name,
      async ({ expect }) => {
        const { expected, writes } = await limit(() => runScenario(scenario));
        expectGolden(`cli/${scenario.name}/expected.txt`, expected, expect);
        for (const { golden, text } of writes) expectGolden(`cli/${scenario.name}/${golden}`, text, expect);
      },
      120_000,
    );
  }
});
