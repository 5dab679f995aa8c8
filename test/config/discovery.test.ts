/**
 * Config discovery (#17): mcpact.yaml, mcpact.yml and .mcpact.yaml, searched from the working directory up to the
 * repository root; and the `mcpServers` JSON of client configs with -c file.json, each entry a server.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findConfig } from '../../src/cli/targets.js';
import { ROOT, runCli } from '../support/cli.js';
import { createGoodServer } from '../../fixtures/servers/good.js';
import { startSseServer } from '../../fixtures/servers/sse-host.js';

const ENV_PROBE = path.join(ROOT, 'dist/fixtures/servers/env-probe.js');
const CONFIG = `server:\n  transport: stdio\n  command: node\n  args: [${JSON.stringify(ENV_PROBE)}]\n`;

/** repo/.git, repo/pkg/sub: a repository with a nested working directory. */
function tree(): { top: string; repo: string; sub: string } {
  const top = mkdtempSync(path.join(tmpdir(), 'mcpact-find-'));
  const repo = path.join(top, 'repo');
  const sub = path.join(repo, 'pkg', 'sub');
  mkdirSync(sub, { recursive: true });
  mkdirSync(path.join(repo, '.git'));
  return { top, repo, sub };
}

describe('config discovery', () => {
  it.each(['mcpact.yaml', 'mcpact.yml', '.mcpact.yaml'])('finds %s in a folder above, up to the repository root', (name) => {
    const { repo, sub } = tree();
    writeFileSync(path.join(repo, name), CONFIG);
    expect(findConfig(sub)).toBe(path.join('..', '..', name));
  });

  it('prefers the nearest folder, and mcpact.yaml over the other names in one folder', () => {
    const { repo, sub } = tree();
    writeFileSync(path.join(repo, 'mcpact.yaml'), CONFIG);
    writeFileSync(path.join(sub, '.mcpact.yaml'), CONFIG);
    writeFileSync(path.join(sub, 'mcpact.yml'), CONFIG);
    expect(findConfig(sub)).toBe('mcpact.yml');
  });

  it('does not look above the repository root', async () => {
    const { top, sub } = tree();
    writeFileSync(path.join(top, 'mcpact.yaml'), CONFIG);
    expect(findConfig(sub)).toBeUndefined();
    const result = await runCli(['run'], { cwd: sub });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcpact: no server to test: .*mcpact\.yaml, mcpact\.yml, \.mcpact\.yaml are found up to the repository root/);
  });

  it('runs with the config it found', async () => {
    const { repo, sub } = tree();
    writeFileSync(path.join(repo, 'mcpact.yml'), CONFIG);
    const result = await runCli(['run', '--only', 'protocol', '-r', 'json'], { cwd: sub });
    expect(result.code, result.stderr).toBeLessThan(2);
    expect((JSON.parse(result.stdout) as { servers: { source: { file: string } }[] }).servers[0]!.source.file).toBe('../../mcpact.yml');
  });
});

describe('mcpServers JSON (client configs) with -c file.json', () => {
  it('maps each enabled entry to a server, with its literal env values redacted', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-client-'));
    const file = path.join(dir, 'claude_desktop_config.json');
    writeFileSync(
      file,
      JSON.stringify(
        {
          mcpServers: {
            'probe one': { command: 'node', args: [ENV_PROBE], env: { PROBE_SECRET: 'literal-client-secret' }, autoApprove: [] },
            second: { command: 'node', args: [ENV_PROBE] },
            off: { command: 'does-not-exist', disabled: true },
          },
        },
        null,
        2,
      ),
    );
    const result = await runCli(['run', '--only', 'protocol', '-c', file, '-r', 'json']);
    expect(result.code, result.stderr).toBeLessThan(2);
    expect(result.stdout).not.toContain('literal-client-secret');
    const report = JSON.parse(result.stdout) as { servers: { name: string; serverInfo: { version: string }; source: { line: number } }[] };
    expect(report.servers.map((server) => server.name)).toEqual(['probe-one', 'second']);
    expect(report.servers[0]!.serverInfo.version).toBe('[redacted]');
    expect(report.servers.map((server) => server.source.line)).toEqual([3, 13]);
  });

  it('runs a legacy SSE entry (type: "sse", or a url ending in /sse and no type) over HTTP+SSE', async () => {
    const host = await startSseServer(createGoodServer);
    try {
      const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-client-'));
      const file = path.join(dir, 'sse.json');
      writeFileSync(file, JSON.stringify({ mcpServers: { typed: { type: 'sse', url: host.url }, untyped: { url: host.url } } }));
      const result = await runCli(['run', '--only', 'protocol', '-c', file, '-r', 'json', '-q']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const report = JSON.parse(result.stdout) as { servers: { name: string; transport: string; complete: boolean }[] };
      expect(report.servers).toMatchObject([
        { name: 'typed', transport: 'sse', complete: true },
        { name: 'untyped', transport: 'sse', complete: true },
      ]);
    } finally {
      await host.close();
    }
  });

  it('refuses an entry with neither command nor url (exit 2)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-client-'));
    const none = path.join(dir, 'none.json');
    writeFileSync(none, JSON.stringify({ mcpServers: { odd: { args: [] } } }));
    const second = await runCli(['run', '-c', none]);
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(/mcpServers\.odd needs a "command" \(stdio\) or a "url" \(HTTP\)/);
  });
});
