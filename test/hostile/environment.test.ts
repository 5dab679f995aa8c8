/**
 * A stdio server runs as the same user as mcpact, so it can read mcpact's own environment from
 * /proc/<pid>/environ, CI tokens the config never mentions included. Node cannot rewrite the environment block a
 * process was started with (docs/hostile.md, "Environment"), so the values of mcpact's own secret-looking variables
 * are redacted wherever a server could echo them: a server that reads them cannot publish them through a report,
 * the trace or the CI log.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expectClean, killLeftovers, startCli, type CliCase } from './cli-support.js';

let current: CliCase | undefined;
afterEach(() => killLeftovers(current));

/** Shaped like a GitHub installation token; never in the config, only in mcpact's environment. */
const CI_TOKEN = 'ghs_u8Kq2ZfP0wX9mT4bN7cR1vL5yH3jD6sA0eQ';
const REPORTERS = ['json', 'sarif', 'junit', 'markdown', 'html'];

describe("mcpact's own environment, read by a hostile server", { timeout: 60_000 }, () => {
  it('the secret-looking variables it reads from /proc are redacted in every report, the trace and the console', async () => {
    current = startCli({
      server: { behaviour: 'environ-peek' },
      args: ['run', '--reporter', 'console', ...REPORTERS.flatMap((name) => ['--reporter', `${name}:report.${name}`]), '--trace', 'trace.jsonl'],
      env: { DEPLOY_TOKEN: CI_TOKEN },
      limitMs: 30_000,
    });
    const result = await current.done;
    expect(result.code).toBe(1); // stdio/stdout-json-only: the debug line on stdout
    expect(result.ms).toBeLessThan(15_000);
    // The server did read the token: its stdout line holds the redaction marker where the value was.
    expect(readFileSync(path.join(current.dir, 'report.json'), 'utf8')).toContain('parent environment [redacted]');
    for (const stream of [result.stdout, result.stderr]) expect(stream).not.toContain(CI_TOKEN);
    for (const name of [...REPORTERS.map((reporter) => `report.${reporter}`), 'trace.jsonl']) {
      expect(readFileSync(path.join(current.dir, name), 'utf8'), name).not.toContain(CI_TOKEN.slice(8));
    }
    await expectClean(current, result);
  });
});
