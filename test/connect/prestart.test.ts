import { afterEach, describe, expect, it } from 'vitest';
import { discardPrestarted, prestart, takePrestarted } from '../../src/connect/prestart.js';
import { openSession } from '../../src/connect/session.js';
import { StdioTransport } from '../../src/connect/stdio.js';
import { childEnvironment } from '../../src/connect/child-env.js';

const ROOT = new URL('../../', import.meta.url).pathname;

function script(code: string) {
  return { kind: 'stdio' as const, command: process.execPath, args: ['-e', code], env: {} };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterEach(() => discardPrestarted());

describe('prestarted servers', () => {
  it('a session adopts the child started for its target, and no second process starts', async () => {
    const target = { kind: 'stdio' as const, command: process.execPath, args: [`${ROOT}dist/fixtures/servers/good.js`], env: {} };
    prestart(target);
    const session = await openSession(target, { connectMs: 10_000, clientVersion: 'test' });
    try {
      expect(session.initialize?.outcome.kind).toBe('result');
      // Adopted: nothing waits for this target any more.
      expect(takePrestarted(target)).toBeUndefined();
    } finally {
      await session.close();
    }
  });

  it('what the server wrote and how it ended before the adoption reach the transport', async () => {
    const target = script(
      `process.stderr.write('early stderr\\n'); process.stdout.write(JSON.stringify({ jsonrpc: '2.0', method: 'hello' }) + '\\n'); process.exitCode = 3;`,
    );
    prestart(target);
    const launched = takePrestarted(target)!;
    await launched.exited;
    const stderr: string[] = [];
    const transport = new StdioTransport({ ...target, env: childEnvironment(), onStderrLine: (line) => stderr.push(line), launched });
    const messages: unknown[] = [];
    const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
    transport.onmessage = (message) => messages.push(message);
    await transport.start();
    await closed;
    expect(messages).toEqual([{ jsonrpc: '2.0', method: 'hello' }]);
    expect(stderr).toEqual(['early stderr']);
    expect(transport.exitCode).toBe(3);
    expect(transport.pid).toBe(launched.child.pid);
  });

  it('a command that cannot start fails the adopting session with the usual message', async () => {
    const target = { kind: 'stdio' as const, command: 'mcpact-no-such-command', args: [], env: {} };
    prestart(target);
    await expect(openSession(target, { connectMs: 5_000, clientVersion: 'test' })).rejects.toThrow(
      'cannot start server: command not found: mcpact-no-such-command',
    );
  });

  it('a child no session adopts is killed', async () => {
    const target = script('setInterval(() => {}, 1000);');
    const launched = prestart(target);
    await launched.started;
    const pid = launched.child.pid!;
    expect(alive(pid)).toBe(true);
    await discardPrestarted();
    expect(alive(pid)).toBe(false);
    expect(takePrestarted(target)).toBeUndefined();
  });

  it("a run discards its own children only: another run's, not yet adopted, keep waiting", async () => {
    const target = script('setInterval(() => {}, 1000);');
    const mine = prestart(target);
    const theirs = prestart(target);
    await Promise.all([mine.started, theirs.started]);
    await discardPrestarted([mine]);
    expect(alive(mine.child.pid!)).toBe(false);
    expect(alive(theirs.child.pid!)).toBe(true);
    expect(takePrestarted(target)).toBe(theirs);
    await discardPrestarted([theirs]);
  });
});
