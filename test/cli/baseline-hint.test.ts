/**
 * The hint under a `mcpact diff` with changes (#32): the `mcpact baseline` command that pins them, selecting the
 * same servers and lockfiles, runnable as printed (shell-quoted), and never repeating a secret.
 */
import { describe, expect, it } from 'vitest';
import { baselineHint, shellWord } from '../../src/cli/baseline-hint.js';
import { parseOptions, diffOptionsSchema } from '../../src/cli/option-schemas.js';

const options = (raw: Record<string, unknown> = {}) => parseOptions(diffOptionsSchema, raw);
const LEAD = 'If these changes are intended, pin them in the lockfile and commit it with the change:';

describe('baselineHint', () => {
  it('nothing changed: no hint', () => {
    expect(baselineHint(['node', 'server.js'], options(), [], 1)).toEqual([]);
  });

  it('zero-config stdio: the same command after --, without the diff-only options', () => {
    const hint = baselineHint(['node', 'dist/server.js'], options({ reporter: ['json:out.json'], failOn: 'breaking', quiet: true }), ['notes'], 1);
    expect(hint).toEqual([`${LEAD} mcpact baseline -- node dist/server.js`]);
  });

  it('keeps what selects the server and its lockfile, and what the capture depends on', () => {
    const hint = baselineHint(
      [],
      options({ config: 'ci/mcpact.yaml', server: 'notes', lockfile: 'locks/notes.json', protocolEra: 'legacy', envFile: '.env', connectTimeout: '9000' }),
      ['notes'],
      1,
    );
    expect(hint).toEqual([
      `${LEAD} mcpact baseline --server notes -c ci/mcpact.yaml --lockfile locks/notes.json --protocol-era legacy --env-file .env --connect-timeout 9000`,
    ]);
  });

  it('-e and --header values are secrets: named, not repeated', () => {
    const hint = baselineHint([], options({ url: 'http://127.0.0.1:3000/mcp', header: ['Authorization: Bearer s3cret'], env: ['K=v'] }), ['api'], 1);
    expect(hint).toEqual([`${LEAD} mcpact baseline --url http://127.0.0.1:3000/mcp (with the same -e and --header values)`]);
    expect(hint.join('')).not.toContain('s3cret');
  });

  it('several servers, some changed: one command per changed server', () => {
    expect(baselineHint([], options({ config: 'configs/' }), ['a', 'c'], 3)).toEqual([
      LEAD,
      '  mcpact baseline --server a -c configs/',
      '  mcpact baseline --server c -c configs/',
    ]);
    // All of them changed: one command for all.
    expect(baselineHint([], options({ config: 'configs/' }), ['a', 'b'], 2)).toEqual([`${LEAD} mcpact baseline -c configs/`]);
  });

  it('quotes what a shell would split or expand', () => {
    expect(baselineHint(['python3', 'my server.py', "it's", '$HOME'], options(), ['s'], 1)).toEqual([
      `${LEAD} mcpact baseline -- python3 'my server.py' 'it'\\''s' '$HOME'`,
    ]);
    expect(shellWord('@scope/pkg@1.2.3')).toBe('@scope/pkg@1.2.3');
    expect(shellWord('')).toBe("''");
  });
});
