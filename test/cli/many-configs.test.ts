/**
 * `-c` with a folder or a glob of configs: every config's servers in one run, names unique across them, each
 * finding pointing at its own config file; the cross-server checks see them all.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFiles, expandGlob } from '../../src/cli/config-files.js';
import { ROOT, runCli } from '../support/cli.js';

const COLLISIONS = path.join(ROOT, 'dist/fixtures/servers/collisions.js');

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-configs-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const yaml = (name: string, which: string) =>
  `server:\n  name: ${name}\n  transport: stdio\n  command: node\n  args: [${JSON.stringify(COLLISIONS)}, ${which}]\n`;

describe('config files named by -c', () => {
  it('expands *, ?, [..] and ** like a shell, without node_modules, .git or dot files', () => {
    const dir = tree({
      'a/mcpact.yaml': '',
      'b/mcpact.yml': '',
      'b/deep/er/mcpact.yaml': '',
      'node_modules/x/mcpact.yaml': '',
      '.hidden/mcpact.yaml': '',
      'c1.yaml': '',
      'c2.yaml': '',
      'c10.yaml': '',
    });
    const rel = (files: string[]) => files.map((file) => path.relative(dir, file).split(path.sep).join('/'));
    expect(rel(expandGlob(`${dir}/*/mcpact.y*ml`))).toEqual(['a/mcpact.yaml', 'b/mcpact.yml']);
    expect(rel(expandGlob(`${dir}/**/mcpact.yaml`))).toEqual(['a/mcpact.yaml', 'b/deep/er/mcpact.yaml']);
    expect(rel(expandGlob(`${dir}/c?.yaml`))).toEqual(['c1.yaml', 'c2.yaml']);
    expect(rel(expandGlob(`${dir}/c[02-9].yaml`))).toEqual(['c2.yaml']);
    expect(rel(configFiles(dir))).toEqual(['c1.yaml', 'c10.yaml', 'c2.yaml']);
    expect(() => configFiles(`${dir}/*.json`)).toThrow(/no file matches/);
    expect(() => configFiles(path.join(dir, 'a', 'none'))).not.toThrow();
  });

  it('runs the servers of every config of a glob, each finding pointing at its own file, shadowing checked across them', async () => {
    const dir = tree({ 'crm/mcpact.yaml': yaml('crm', 'crm'), 'desk/mcpact.yaml': yaml('tickets', 'helpdesk') });
    const result = await runCli(['run', '-c', '*/mcpact.yaml', '--only', 'security', '-r', 'json:report.json', '-q'], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as {
      servers: { name: string; source: { file: string }; findings: { message: string }[] }[];
    };
    expect(report.servers.map((server) => [server.name, server.source.file])).toEqual([
      ['crm', 'crm/mcpact.yaml'],
      ['tickets', 'desk/mcpact.yaml'],
    ]);
    expect(report.servers[0]!.findings.map((finding) => finding.message)).toContainEqual(expect.stringMatching(/also declared by server "tickets"/));
  });

  it('takes a folder of configs, and refuses a name defined twice with both files named', async () => {
    const dir = tree({ 'configs/one.yaml': yaml('crm', 'crm'), 'configs/two.yaml': yaml('crm', 'helpdesk') });
    const result = await runCli(['run', '-c', 'configs', '--only', 'security'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'mcpact: server name "crm" is defined in configs/one.yaml and in configs/two.yaml: names must be unique across the configs of one run (set name: on one of them)\n',
    );
  });

  it('says to quote a glob the shell expanded', async () => {
    const dir = tree({ 'one.yaml': yaml('crm', 'crm'), 'two.yaml': yaml('tickets', 'helpdesk') });
    const result = await runCli(['run', '-c', 'one.yaml', 'two.yaml'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^mcpact: -c takes one path: quote a glob so mcpact expands it \(-c '\*\.yaml'\), or name the folder\n/);
  });
});
