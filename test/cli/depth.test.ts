/**
 * `--depth` and the config's `depth` reach the rules: only `thorough` tries the older revisions, so only it finds
 * a server that contradicts itself across them (fixtures/servers/stdio-defects.ts contradicts-its-versions).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../support/cli.js';

const SERVER = ['node', path.join(ROOT, 'dist/fixtures/servers/stdio-defects.js'), 'contradicts-its-versions'];

async function negotiation(args: string[], cwd?: string): Promise<{ status: string; findings: number }> {
  const result = await runCli(['run', '--only', 'protocol', '-r', 'json', ...args], { cwd });
  const report = JSON.parse(result.stdout) as {
    servers: { rules: { id: string; status: string }[]; findings: { ruleId: string }[] }[];
  };
  const server = report.servers[0]!;
  return {
    status: server.rules.find((rule) => rule.id === 'protocol/version-negotiation')!.status,
    findings: server.findings.filter((finding) => finding.ruleId === 'protocol/version-negotiation').length,
  };
}

describe('depth', () => {
  it.concurrent('standard (the default) tries the unknown revision only; --depth thorough every older one too', async () => {
    const [standard, thorough] = await Promise.all([negotiation(['--', ...SERVER]), negotiation(['--depth', 'thorough', '--', ...SERVER])]);
    expect(standard).toEqual({ status: 'pass', findings: 0 });
    expect(thorough).toEqual({ status: 'fail', findings: 1 });
  });

  it.concurrent("the config's top-level depth applies to its servers, and --depth wins over it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-depth-'));
    const server = `server:\n  transport: stdio\n  command: node\n  args: [${SERVER.slice(1)
      .map((arg) => JSON.stringify(arg))
      .join(', ')}]\n`;
    writeFileSync(path.join(dir, 'mcpact.yaml'), `depth: thorough\n${server}`);
    const [configured, overridden] = await Promise.all([negotiation([], dir), negotiation(['--depth', 'standard'], dir)]);
    expect(configured).toEqual({ status: 'fail', findings: 1 });
    expect(overridden).toEqual({ status: 'pass', findings: 0 });
  });
});
