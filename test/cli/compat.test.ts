/**
 * The compat family through the CLI against a real stdio fixture (fixtures/servers/host-limits.ts): on by default
 * for every known host, `compat.hosts` at the top level and per server narrows the hosts judged, and an unknown
 * host id is one line and exit 2.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../support/cli.js';

const SERVER = path.join(ROOT, 'dist/fixtures/servers/host-limits.js');

interface Report {
  servers: {
    rules: { id: string; status: string; reason?: string }[];
    findings: { ruleId: string; severity: string; message: string; data?: { hosts?: string[] } }[];
  }[];
}

async function compat(args: string[], cwd?: string): Promise<Report['servers'][number]> {
  const result = await runCli(['run', '--only', 'compat', '-r', 'json', ...args], { cwd });
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as Report).servers[0]!;
}

function configDir(yaml: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-compat-'));
  writeFileSync(path.join(dir, 'mcpact.yaml'), yaml);
  return dir;
}

const server = (which: string, extra = '') => `server:\n  transport: stdio\n  command: node\n  args: [${JSON.stringify(SERVER)}, ${which}]\n${extra}`;

describe('compat', () => {
  it.concurrent('is on by default for every known host: the wide server fails both rules, naming the hosts', async () => {
    const report = await compat(['--', 'node', SERVER, 'wide']);
    expect(report.rules.map((rule) => [rule.id, rule.status])).toEqual([
      ['compat/tool-name', 'fail'],
      ['compat/tool-count', 'fail'],
    ]);
    // Findings are sorted by place: the server's before its tools'.
    expect(report.findings.map((finding) => [finding.ruleId, finding.severity, finding.data?.hosts])).toEqual([
      ['compat/tool-count', 'warning', ['openai', 'vscode']],
      ['compat/tool-name', 'warning', ['claude', 'openai']],
      ['compat/tool-name', 'warning', ['openai']],
    ]);
    expect(report.findings[0]!.message).toBe(
      'the server lists 130 tools, over the limit of OpenAI (128 functions per request) and VS Code (128 tools enabled per chat request; VS Code degrades rather than refuses)',
    );
  });

  it.concurrent('passes a server every host takes', async () => {
    const report = await compat(['--', 'node', SERVER, 'narrow']);
    expect(report.rules.map((rule) => rule.status)).toEqual(['pass', 'pass']);
    expect(report.findings).toEqual([]);
  });

  it.concurrent("the config's top-level compat.hosts narrows the hosts; a server's own wins over it", async () => {
    const [topLevel, own] = await Promise.all([
      compat([], configDir(`compat:\n  hosts: [vscode]\n${server('wide')}`)),
      compat([], configDir(`compat:\n  hosts: [vscode]\n${server('wide', '  compat:\n    hosts: [gemini]\n')}`)),
    ]);
    // VS Code states no rule for names, and only degrades past 128 tools: information.
    expect(topLevel.rules.map((rule) => [rule.id, rule.status])).toEqual([
      ['compat/tool-name', 'skip'],
      ['compat/tool-count', 'fail'],
    ]);
    expect(topLevel.findings.map((finding) => [finding.ruleId, finding.severity, finding.data?.hosts])).toEqual([['compat/tool-count', 'info', ['vscode']]]);
    // Gemini takes the dot, the 70 characters and 130 tools.
    expect(own.rules.map((rule) => rule.status)).toEqual(['pass', 'pass']);
  });

  it.concurrent('an unknown host is one line naming the known ones, and exit 2', async () => {
    const result = await runCli(['run'], { cwd: configDir(`compat:\n  hosts: [claude, cursor]\n${server('narrow')}`) });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('mcpact: mcpact.yaml:2:19: compat.hosts[1] must be one of: claude, openai, gemini, vscode\n');
  });
});
