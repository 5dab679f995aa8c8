/**
 * Whose lockfile (#32): the owner is the serverInfo.name it pins, compared redacted as baseline wrote it; and where
 * each server's lockfile is, zero-config servers by their own name.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { foreignBaseline, otherOwner } from '../../src/drift/lockfile/owner.js';
import { lockfilePlaces } from '../../src/drift/lockfile/paths.js';
import { redactor } from '../../src/report/redact.js';
import { contract, driftRun, lockfile, tool } from './support.js';

const pinned = (name: string | undefined) => lockfile({ server: { ...(name !== undefined && { name }), capabilities: {} } });
const same = <T>(value: T) => value;

describe('the owner of a lockfile', () => {
  it('is the serverInfo.name it pins; a lockfile or a server without one is anybody\u2019s', () => {
    expect(otherOwner(pinned('notes'), 'notes')).toBeUndefined();
    expect(otherOwner(pinned('notes'), 'everything')).toBe('notes');
    expect(otherOwner(pinned(undefined), 'everything')).toBeUndefined();
    expect(otherOwner(pinned('notes'), undefined)).toBeUndefined();
  });

  it('is compared redacted, as baseline wrote it: a name with a secret in it is still its own', () => {
    const secret = 'tenant-0123456789abcdef';
    const redact = redactor([secret]);
    const lock = redact(pinned(`notes-${secret}`));
    expect(lock.server.name).toBe('notes-[redacted]');
    expect(foreignBaseline({ lock, redact, file: 'pinned.json' }, { name: `notes-${secret}` })).toBeUndefined();
    expect(foreignBaseline({ lock, redact, file: 'pinned.json' }, { name: 'other' })).toMatch(
      /^pinned\.json is the lockfile of server "notes-\[redacted\]", not of "other"/,
    );
  });

  it('says which file, whose it is and what to do, in one line', () => {
    expect(foreignBaseline({ lock: pinned('notes'), redact: same, file: 'mcpact.lock.json' }, { name: 'everything', version: '1' })).toBe(
      'mcpact.lock.json is the lockfile of server "notes", not of "everything" (serverInfo.name): nothing was compared; ' +
        'pin "everything" with mcpact baseline (a renamed server: mcpact baseline --overwrite-other-server)',
    );
  });
});

describe('a lockfile of another server, through the engine', () => {
  it('is not compared: no drift rule runs, no change is reported, and the server is not fully tested (exit 2)', async () => {
    const server = (name: string) => ({ name, protocolVersion: '2025-11-25', capabilities: { tools: {} } });
    const report = await driftRun(contract({ server: server('notes'), tools: [tool('a'), tool('b')] }), contract({ server: server('other') }));
    expect(report).toMatchObject({ complete: false, rules: [], findings: [] });
    expect(report.error).toBe(
      'mcpact.lock.json is the lockfile of server "notes", not of "other" (serverInfo.name): nothing was compared; ' +
        'pin "other" with mcpact baseline (a renamed server: mcpact baseline --overwrite-other-server)',
    );
    // The same pair with one name: compared, the tools are removed (one finding of one cause, at both places).
    const same = await driftRun(contract({ server: server('notes'), tools: [tool('a'), tool('b')] }), contract({ server: server('notes') }));
    expect(same.complete).toBe(true);
    expect(same.findings.map((finding) => finding.ruleId)).toEqual(['drift/tool-removed']);
  });
});

describe('where each server\u2019s lockfile is', () => {
  const cwd = process.cwd();
  it('zero-config: mcpact.<name>.lock.json in the working directory, with the shared file of 0.1.0 beside it', () => {
    expect(lockfilePlaces([{ name: 'server-everything', settings: {}, nameFromServer: true }], undefined, undefined)).toEqual([
      { file: path.join(cwd, 'mcpact.server-everything.lock.json'), shared: path.join(cwd, 'mcpact.lock.json') },
    ]);
  });

  it('a config keeps its names: drift.baseline, else mcpact.lock.json next to it for a single server; --lockfile over both', () => {
    const config = path.join(cwd, 'ci', 'mcpact.yaml');
    expect(lockfilePlaces([{ name: 'notes', settings: {} }], config, undefined)).toEqual([{ file: path.join(cwd, 'ci', 'mcpact.lock.json') }]);
    expect(lockfilePlaces([{ name: 'notes', settings: { drift: { baseline: 'locks/notes.json' } } }], config, undefined)).toEqual([
      { file: path.join(cwd, 'ci', 'locks', 'notes.json') },
    ]);
    expect(lockfilePlaces([{ name: 'x', settings: {}, nameFromServer: true }], undefined, 'pinned.json')).toEqual([{ file: path.join(cwd, 'pinned.json') }]);
  });
});
