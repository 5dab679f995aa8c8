/**
 * `--help` (#32): every command ends with examples that use only options it has, --only and --skip list the
 * registry's families, each --fail-on says which values it takes, and `mcpact` alone is a usage error (exit 2).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../src/cli/help-examples.js';
import { ALL_RULES } from '../../src/rules/index.js';
import { ROOT, runCli } from '../support/cli.js';

const COMMANDS = ['run', 'baseline', 'diff', 'record', 'mock', 'merge-reports', 'init', 'login', 'logout', 'rules'] as const;
const NAMES = ['mcpact', ...COMMANDS] as const;

/** The flags a help text lists under Options (`-c, --config <path>` gives -c and --config). */
function flagsOf(help: string): Set<string> {
  const options = help.slice(help.indexOf('\nOptions:'), help.indexOf('\nExamples:'));
  return new Set(
    options.split('\n').flatMap((line) => (/^ {2}-/.test(line) ? [...line.matchAll(/(?<=^ {2}|, )(-{1,2}[\w-]+)/g)].map((match) => match[1]!) : [])),
  );
}

/** Registry order, from the rules themselves. */
const registryFamilies = [...new Set(ALL_RULES.map((rule) => rule.family))];

describe('mcpact --help', () => {
  it.each(NAMES)('%s --help ends with its examples, which use only options the command has', async (name) => {
    const result = await runCli(name === 'mcpact' ? ['--help'] : [name, '--help']);
    expect(result.code).toBe(0);
    const examples = EXAMPLES[name];
    expect(result.stdout.endsWith(`\nExamples:\n${examples.map((example) => `  # ${example.what}\n  $ ${example.line}\n`).join('')}`)).toBe(true);
    if (name === 'mcpact') return;
    const flags = flagsOf(result.stdout);
    for (const example of examples)
      for (const invocation of example.line.split(' && ')) {
        const words = invocation.split(' ');
        expect(words.slice(0, 2), invocation).toEqual(['mcpact', name]);
        const own = words.slice(2, words.includes('--') ? words.indexOf('--') : undefined);
        for (const word of own.filter((item) => item.startsWith('-'))) expect(flags, `${invocation}: ${word}`).toContain(word);
      }
  });

  it('every command has examples, and the program lists each command', async () => {
    const help = (await runCli(['--help'])).stdout;
    for (const name of COMMANDS) expect(help).toMatch(new RegExp(`^ {2}${name} `, 'm'));
    expect(Object.keys(EXAMPLES).sort()).toEqual([...NAMES].sort());
  });

  it.each(['--only', '--skip'])("run %s lists the registry's rule families, in registry order", async (flag) => {
    const help = (await runCli(['run', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toContain(
      `${flag} <families> ${flag === '--only' ? 'run only' : 'skip'} these rule families, comma-separated: ${registryFamilies.join(', ')} `,
    );
  });

  it("says that run's --fail-on takes a severity and diff's drift levels or change ids", async () => {
    const run = (await runCli(['run', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(run).toContain(
      '--fail-on <severity> lowest finding severity that fails the run (mcpact diff --fail-on takes drift levels instead) (choices: "error", "warning", "info")',
    );
    const merge = (await runCli(['merge-reports', '--help'])).stdout;
    expect(merge).toContain('--fail-on <severity>');
    const diff = (await runCli(['diff', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(diff).toContain('--fail-on <levels> drift levels (breaking, risky, compatible) and/or change ids that fail');
    expect(diff).toContain('not severities, unlike mcpact run --fail-on');
  });

  it('README lists the same families for --only and --skip', () => {
    const row = readFileSync(`${ROOT}README.md`, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('| `--only FAMILY,...`'));
    expect(row).toContain(registryFamilies.map((family) => `\`${family}\``).join(', '));
  });
});

describe('mcpact with no command', () => {
  it('prints the help on stderr and exits 2, a usage error; asked-for help exits 0', async () => {
    const bare = await runCli([]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe('');
    expect(bare.stderr).toMatch(/^Usage: mcpact \[options\] \[command\]\n/);
    expect(bare.stderr).toContain('\nExamples:\n');
    for (const args of [['--help'], ['help'], ['help', 'run']]) {
      const asked = await runCli(args);
      expect(asked.code, args.join(' ')).toBe(0);
      expect(asked.stdout, args.join(' ')).toMatch(/^Usage: mcpact/);
    }
  });
});
