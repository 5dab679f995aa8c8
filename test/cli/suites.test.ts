/**
 * Suites and latency through the CLI: --update-golden writes a tool's golden file, which the next run checks;
 * argument values stay out of reports; latency numbers reach the console; a bad suite is a config error (exit 2).
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../support/cli.js';

const GOOD = path.join(ROOT, 'dist/fixtures/servers/good.js');
const SECRET = 'Reykjavik-4711';

function project(extra: string[] = []): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcpact-'));
  writeFileSync(
    path.join(dir, 'mcpact.yaml'),
    [
      'server:',
      '  transport: stdio',
      '  command: node',
      `  args: [${JSON.stringify(GOOD)}]`,
      '  suites:',
      '    - tool: get_weather',
      '      cases:',
      '        - name: weather',
      `          args: { city: ${SECRET} }`,
      '          expect:',
      '            golden: golden/weather.json',
      '            normalize: [{ pattern: "\\"temperature\\": -?\\\\d+", replace: "\\"temperature\\": <T>" }]',
      ...extra,
      '',
    ].join('\n'),
  );
  return dir;
}

describe('suites through the CLI', () => {
  it('--update-golden writes a tool golden file; the next run passes, and a change fails without leaking values', async () => {
    const dir = project();
    const update = await runCli(['run', '--only', 'suites', '--update-golden'], { cwd: dir });
    expect(update.code).toBe(0);
    expect(update.stderr).toContain('wrote golden file');
    const golden = path.join(dir, 'golden/weather.json');
    expect(existsSync(golden)).toBe(true);
    const text = readFileSync(golden, 'utf8');
    expect(text).toContain('"temperature": <T>');
    expect(JSON.parse(text.replaceAll('<T>', '0'))).toMatchObject({ structuredContent: { city: SECRET } });
    expect((await runCli(['run', '--only', 'suites'], { cwd: dir })).code).toBe(0);

    writeFileSync(golden, text.replace('"units": "celsius"', '"units": "fahrenheit"'));
    const changed = await runCli(['run', '--only', 'suites', '--reporter', 'json'], { cwd: dir });
    expect(changed.code).toBe(1);
    const finding = JSON.parse(changed.stdout).servers[0].findings[0];
    expect(finding).toMatchObject({
      ruleId: 'suites/cases',
      location: { kind: 'tool', name: 'get_weather' },
      data: { case: 'weather', anchor: 'golden: golden/weather.json' },
    });
    expect(finding.message).toMatch(/the result differs from golden file golden\/weather\.json \(first difference on line \d+\)/);
    expect(changed.stdout).not.toContain(SECRET);
  });

  it('prints latency per tool and overall in the console', async () => {
    const dir = project(['  latency: { samples: 3, p95_ms: 5000, tools: [add_numbers] }']);
    const result = await runCli(['run', '--only', 'latency'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/latency overall p50 [\d.]+ ms, p95 [\d.]+ ms \(3 samples\)/);
    expect(result.stdout).toMatch(/add_numbers: p50 [\d.]+ ms, p95 [\d.]+ ms \(budget 5000 ms\); 3 samples, 0 errors, 0 timeouts/);
  });

  it('a suite with two targets is a config error with its position (exit 2)', async () => {
    const dir = project(['    - { tool: a, prompt: b, cases: [{ name: x }] }']);
    const result = await runCli(['run'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('mcpact.yaml:13:7: server.suites[1]: give exactly one of tool, prompt, resource (got tool, prompt)');
  });
});
