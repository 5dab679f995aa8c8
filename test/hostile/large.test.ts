/**
 * Server-sized data must never overflow the stack: a page of 300,000 tools (spread into push() it overflowed),
 * diffed against a 300,000-tool lockfile, with every reporter written. Through the CLI in a child process.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockfileOf } from '../../src/drift/compare.js';
import { serializeLockfile, type LockedTool } from '../../src/drift/lockfile/lockfile.js';
import { runReportSchema } from '../../src/model/report.js';
import { expectClean, killLeftovers, startCli, type CliCase } from './cli-support.js';

const TOOLS = 300_000;

let current: CliCase | undefined;
afterEach(() => killLeftovers(current));

describe('server-sized data', () => {
  it(`a ${TOOLS.toLocaleString('en')}-tool server diffed against its lockfile: no stack overflow, every report written`, async () => {
    const tools: LockedTool[] = Array.from({ length: TOOLS }, (_, index) => ({
      name: `t${index}`,
      description: index === 7 ? 'changed since' : 'x',
      inputSchema: { type: 'object' },
    }));
    const contract = { server: { name: 'hostile-many-tools', version: '1.0.0', protocolVersion: '2025-11-25', capabilities: { tools: {} } }, tools };
    const lock = serializeLockfile(lockfileOf({ ...contract, prompts: [], resources: [], resourceTemplates: [] }, '0.0.0'));
    current = startCli({
      server: { behaviour: 'many-tools' },
      args: [
        'diff',
        '--reporter',
        'json:report.json',
        '--reporter',
        'sarif:report.sarif',
        '--reporter',
        'junit:report.xml',
        '--reporter',
        'markdown:report.md',
        '--reporter',
        'html:report.html',
      ],
      // About 7 s alone; several times that beside the rest of the suite on two cores.
      timeouts: { connect_ms: 30_000, call_ms: 30_000, run_ms: 90_000 },
      limitMs: 100_000,
      measure: true,
      files: { 'mcpact.lock.json': lock },
    });
    const result = await current.done;
    expect(result.stderr).not.toContain('call stack');
    const report = runReportSchema.parse(JSON.parse(readFileSync(path.join(current.dir, 'report.json'), 'utf8')));
    expect(report.complete).toBe(true);
    expect(report.servers[0]?.findings.map((finding) => [finding.ruleId, finding.location.name])).toEqual([['drift/tool-description-changed', 't7']]);
    expect(result.code).toBe(1);
    JSON.parse(readFileSync(path.join(current.dir, 'report.sarif'), 'utf8'));
    expect(readFileSync(path.join(current.dir, 'report.xml'), 'utf8')).toContain('tool-description-changed');
    expect(readFileSync(path.join(current.dir, 'report.html'), 'utf8')).toContain('data-rule="drift/tool-description-changed"');
    if (result.rssMb !== undefined) expect(result.rssMb).toBeLessThan(1024);
    await expectClean(current, result);
  }, 120_000);
});
