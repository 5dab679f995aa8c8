/**
 * The connection of bad input's own decisions (connect/bad-input-line.ts), on stand-in sessions: it is used only once
 * it answers the control as the capture did, it opens once, and a line closed first never opens. The real processes
 * and HTTP sessions are test/integration/bad-input-line.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { BadInputLine, lineOpener } from '../../src/connect/bad-input-line.js';
import type { Control } from '../../src/connect/health.js';
import type { Outcome, RpcPeer } from '../../src/connect/rpc.js';
import type { Session } from '../../src/connect/session.js';

const CONTROL: Control = { method: 'tools/list', params: {}, captured: { kind: 'result' } };
const CALL = { timeoutMs: 1_000 };

/** A session whose peer answers every request with `answer`; counts its closes. */
function standIn(answer: Outcome): { session: Session; closes: () => number } {
  let closed = 0;
  const peer = { request: () => Promise.resolve(answer) } as unknown as RpcPeer;
  const session = { target: 'stdio', era: 'legacy', peer, capsHit: [], close: () => Promise.resolve(void closed++) } as unknown as Session;
  return { session, closes: () => closed };
}

describe('BadInputLine', () => {
  it('is used once it answers the control as the capture did, and opens once', async () => {
    const { session } = standIn({ kind: 'result', result: { tools: [] }, ms: 1 });
    let opened = 0;
    const line = new BadInputLine(
      () => Promise.resolve(void opened++).then(() => session),
      () => CONTROL,
      CALL,
    );
    const [first, second] = await Promise.all([line.peer(), line.peer()]);
    expect(first).toBe(session.peer);
    expect(second).toBe(session.peer);
    expect(opened).toBe(1);
    expect(line.fallback).toBeUndefined();
  });

  it('is given up, and closed, when it answers the control otherwise than the capture', async () => {
    const { session, closes } = standIn({ kind: 'error', code: -32603, message: 'locked by another process', ms: 1 });
    const line = new BadInputLine(
      () => Promise.resolve(session),
      () => CONTROL,
      CALL,
    );
    expect(await line.peer()).toBeUndefined();
    expect(line.fallback).toBe("a second connection did not answer tools/list as the run's session did at capture");
    expect(line.session).toBeUndefined();
    expect(closes()).toBe(1);
  });

  it('says why when it cannot be opened', async () => {
    const line = new BadInputLine(
      () => Promise.reject(new Error('server exited before the handshake (exit code 1)\nstderr: port 3000 in use')),
      () => CONTROL,
      CALL,
    );
    expect(await line.peer()).toBeUndefined();
    expect(line.fallback).toBe('a second connection could not be opened (server exited before the handshake (exit code 1))');
  });

  it('closed before it opened: the session it was opening is closed, and never used', async () => {
    const { session, closes } = standIn({ kind: 'result', result: {}, ms: 1 });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const line = new BadInputLine(
      () => gate.then(() => session),
      () => CONTROL,
      CALL,
    );
    const peer = line.peer();
    const closing = line.close();
    release();
    await closing;
    expect(await peer).toBeUndefined();
    expect(closes()).toBe(1);
  });
});

describe('lineOpener', () => {
  const { session } = standIn({ kind: 'result', result: {}, ms: 1 });
  const options = { connectMs: 1_000, clientVersion: 'test' };
  it('gives a stdio or legacy HTTP session a second connection, and neither an in-process one nor the stateless era over HTTP', () => {
    expect(lineOpener({ kind: 'stdio', command: 'node', args: [], env: {} }, session, options)).toBeTypeOf('function');
    expect(lineOpener({ kind: 'http', url: 'http://127.0.0.1:1/mcp', headers: {} }, session, options)).toBeTypeOf('function');
    const modern = { ...session, era: 'modern' } as Session;
    expect(lineOpener({ kind: 'http', url: 'http://127.0.0.1:1/mcp', headers: {} }, modern, options)).toBeUndefined();
    expect(lineOpener({ kind: 'stdio', command: 'node', args: [], env: {} }, modern, options)).toBeTypeOf('function');
    expect(lineOpener({ kind: 'memory', transport: {} as never }, session, options)).toBeUndefined();
  });
});
