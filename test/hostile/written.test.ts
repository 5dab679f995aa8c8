/**
 * What mcpact writes but did not word itself, through the CLI: a server's error message and stderr (escapes,
 * CI workflow commands) in every command that can meet them, Ajv's own warnings about a server's schema, and
 * golden files with a secret the server echoes (redacted, never through a symlink, never outside the config's
 * folder). Also config errors that must stay one clear line: a YAML alias bomb.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockfileOf } from '../../src/drift/compare.js';
import { serializeLockfile } from '../../src/drift/lockfile/lockfile.js';
import { ROOT } from '../support/cli.js';
import { expectClean, killLeftovers, startCli, type CliCase } from './cli-support.js';

/** A lockfile `diff` accepts, so that it goes on to start the server. */
const LOCK = serializeLockfile(
  lockfileOf(
    { server: { name: 'x', version: '1', protocolVersion: '2025-11-25', capabilities: {} }, tools: [], prompts: [], resources: [], resourceTemplates: [] },
    '0.0.0',
  ),
);

let current: CliCase | undefined;
afterEach(() => killLeftovers(current));

const TIMEOUTS = { connect_ms: 3_000, call_ms: 1_000, run_ms: 8_000 };
const LIMIT_MS = 20_000;
const PROMPT = ['  prompts:', '    leak:', '      expect:', '        golden: golden/leak.json'];

describe('what mcpact writes but did not word', { timeout: 60_000 }, () => {
  const commands: [string, string[]][] = [
    ['run with file reporters only', ['run', '--reporter', 'json:report.json']],
    ['baseline', ['baseline']],
    ['diff', ['diff', '--reporter', 'json:report.json']],
    ['init', ['init', '-o', 'new.yaml', '--', process.execPath, `${ROOT}dist/fixtures/hostile/stdio.js`, 'error-escapes']],
  ];
  for (const [name, args] of commands) {
    it(`${name}: the server's error message and stderr reach stderr sanitized, exit 2`, async () => {
      current = startCli({ server: { behaviour: 'error-escapes' }, args, timeouts: TIMEOUTS, limitMs: LIMIT_MS, files: { 'mcpact.lock.json': LOCK } });
      const result = await current.done;
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('from the message');
      await expectClean(current, result);
    });
  }

  it("Ajv's warning about an unknown format named with escapes never reaches the terminal", async () => {
    current = startCli({ server: { behaviour: 'format-escapes' }, args: ['run'], timeouts: TIMEOUTS, limitMs: LIMIT_MS });
    const result = await current.done;
    expect([0, 1]).toContain(result.code);
    expect(result.stderr).not.toContain('unknown format');
    await expectClean(current, result);
  });

  it('--update-golden with a secret the server echoes: the golden file holds it redacted, and the next run passes', async () => {
    const options = { server: { behaviour: 'echo-secret' }, serverYaml: PROMPT, timeouts: TIMEOUTS, limitMs: LIMIT_MS };
    current = startCli({ ...options, args: ['run', '--only', 'prompts', '--update-golden'] });
    const update = await current.done;
    expect(update.code).toBe(0);
    const golden = readFileSync(path.join(current.dir, 'golden/leak.json'), 'utf8');
    expect(golden).toContain('token is [redacted]');
    await expectClean(current, update);
    const again = startCli({ ...options, dir: current.dir, args: ['run', '--only', 'prompts'] });
    const check = await again.done;
    expect(check.code).toBe(0);
    await expectClean(again, check);
  });

  it('a golden folder that is a symbolic link: nothing written through it, a config error, exit 2', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'mcpact-elsewhere-'));
    current = startCli({
      server: { behaviour: 'echo-secret' },
      serverYaml: PROMPT,
      timeouts: TIMEOUTS,
      limitMs: LIMIT_MS,
      args: ['run', '--only', 'prompts', '--update-golden'],
      files: {},
      before: (dir) => symlinkSync(elsewhere, path.join(dir, 'golden')),
    });
    const result = await current.done;
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cannot write golden files under golden: it is a symbolic link');
    expect(existsSync(path.join(elsewhere, 'leak.json'))).toBe(false);
    await expectClean(current, result);
  });

  it("a golden file outside the config file's folder: refused, exit 2", async () => {
    // A folder of its own, so that the file outside it is this test's alone.
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'mcpact-outside-')), 'config');
    mkdirSync(dir);
    current = startCli({
      dir,
      server: { behaviour: 'echo-secret' },
      serverYaml: ['  prompts:', '    leak:', '      expect:', '        golden: ../escaped.json'],
      timeouts: TIMEOUTS,
      limitMs: LIMIT_MS,
      args: ['run', '--only', 'prompts', '--update-golden'],
    });
    const result = await current.done;
    expect(result.code).toBe(2);
    expect(existsSync(path.join(current.dir, '../escaped.json'))).toBe(false);
    expect(readFileSync(path.join(current.dir, 'mcpact.yaml'), 'utf8')).toContain('../escaped.json');
    await expectClean(current, result);
  });
});

describe('clear errors', { timeout: 30_000 }, () => {
  it('a YAML alias bomb in the config: one config error naming the limit, no stack trace, exit 2', async () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...'bcdef'.split('').map((name, index) => `${name}: &${name} [${Array(10).fill(`*${'abcdef'[index]}`).join(', ')}]`),
    ];
    current = startCli({ server: { behaviour: 'echo-secret' }, yaml: bomb, timeouts: TIMEOUTS, limitMs: LIMIT_MS, args: ['run'] });
    const result = await current.done;
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcpact: mcpact\.yaml: invalid YAML: its aliases expand to more than 100 times their anchors \(maxAliasCount\)/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    await expectClean(current, result);
  });
});
