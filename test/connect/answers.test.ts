/**
 * Answers are matched by id, over a real child's stdio pipes (fixtures/servers/answer-order.ts): out of order,
 * pipelined or repeated, each request gets the answer that carries its id, a repeated answer is nobody else's,
 * and an answer that comes after its request's deadline, while the retry waits, is still that request's answer.
 * The in-process cases pin down the same matching where the timing has to be exact.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { DEFAULT_TIMEOUTS } from '../../src/config/schema.js';
import { openSession, type Session } from '../../src/connect/session.js';
import { RpcPeer, type Outcome, type TapEntry } from '../../src/connect/rpc.js';
import { Probe } from '../../src/connect/probe.js';
import { defineRule, type Rule } from '../../src/engine/rule.js';
import { runServer } from '../../src/engine/runner.js';
import { ping } from '../../src/rules/protocol/ping.js';
import { SLOW_PING_MS, type AnswerMode } from '../../fixtures/servers/answer-order.js';
import { answerOrder } from '../rules/stdio/support.js';
import { testSpec } from '../support/test-spec.js';

const sessions: Session[] = [];
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((session) => session.close()));
});

const taps = new WeakMap<RpcPeer, TapEntry[]>();

async function session(mode: AnswerMode): Promise<Session> {
  const entries: TapEntry[] = [];
  const opened = await openSession(answerOrder(mode)(), { connectMs: 5_000, clientVersion: 'test', onTap: (entry) => entries.push(entry) });
  taps.set(opened.peer, entries);
  sessions.push(opened);
  return opened;
}

const options = { timeoutMs: 2_000 };
const CALL_MS = 500;
const idsIn = (peer: RpcPeer) => (taps.get(peer) ?? []).filter((entry) => entry.direction === 'in').map((entry) => (entry.message as { id?: unknown }).id);
const toolNames = (outcome: Outcome) =>
  outcome.kind === 'result' ? (outcome.result as { tools: { name: string }[] }).tools.map((tool) => tool.name) : outcome.kind;

describe('answers over stdio, matched by id', () => {
  it('out of order: each pipelined request resolves with the answer that carries its id', async () => {
    const { peer } = await session('out-of-order');
    const first = peer.allocateId() + 1;
    const [pinged, listed] = await Promise.all([peer.request('ping', undefined, options), peer.request('tools/list', {}, options)]);
    expect(pinged).toMatchObject({ kind: 'result', result: {} });
    expect(toolNames(listed)).toEqual(['echo']);
    // The answer to tools/list (sent second) came first.
    expect(idsIn(peer).slice(-2)).toEqual([first + 1, first]);
    expect(peer.unmatchedResponses).toEqual([]);
  });

  it('twice: the repeated answer is that request’s, never taken for the next request’s, and not unmatched', async () => {
    const { peer } = await session('twice');
    const pinged = await peer.request('ping', undefined, options);
    const listed = await peer.request('tools/list', {}, options);
    expect(pinged).toMatchObject({ kind: 'result', result: {} });
    expect(toolNames(listed)).toEqual(['echo']);
    // The server writes in order: once a third answer is in, every copy of the first two has arrived.
    await peer.request('ping', undefined, options);
    const copies = new Map<unknown, number>();
    for (const id of idsIn(peer)) copies.set(id, (copies.get(id) ?? 0) + 1);
    expect([...copies.values()].slice(0, 3)).toEqual([2, 2, 2]);
    expect(peer.unmatchedResponses).toEqual([]);
  });

  // Pings take SLOW_PING_MS each, one at a time: the first answer misses call_ms; the retry's would miss its own.
  const slowPing = (rules: Rule[]) =>
    runServer(
      {
        name: 'slow-ping',
        target: answerOrder('slow-ping')(),
        timeouts: { ...DEFAULT_TIMEOUTS, call_ms: CALL_MS, run_ms: 10_000 },
        expect: {},
        levels: {},
        settings: {},
      },
      { rules, clientVersion: 'test', concurrency: 4 },
    );

  it('a late first answer: a ping answered after call_ms, while its retry waits, is that ping’s answer', async () => {
    // The first answer comes after its deadline and before the retry's; the retry's own answer, after that.
    expect(SLOW_PING_MS).toBeGreaterThan(CALL_MS);
    expect(SLOW_PING_MS).toBeLessThan(CALL_MS * 2);
    const outcomes: Outcome[] = [];
    const recorder = defineRule({
      id: 'protocol/test-late-ping',
      family: 'protocol',
      description: 'records the outcome of a ping',
      defaultSeverity: 'info',
      spec: testSpec(),
      docs: 'A rule that exists only in this test, to observe a probe.',
      async check({ probe }) {
        outcomes.push(await probe.request('ping'));
      },
    });
    const report = await slowPing([recorder]);
    expect(report.error).toBeUndefined();
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ kind: 'result', result: {} });
    expect(outcomes[0]).not.toHaveProperty('attempts');
    // Measured from the first request: later than its deadline, earlier than the retry's.
    expect(outcomes[0]!.ms).toBeGreaterThan(CALL_MS);
    expect(outcomes[0]!.ms).toBeLessThan(CALL_MS * 2);
  });

  it('a late first answer: protocol/ping reaches its verdict, with no timeout finding', async () => {
    const report = await slowPing([ping]);
    expect(report.error).toBeUndefined();
    expect(report.findings).toEqual([]);
    expect(report.rules[0]?.status).toBe('pass');
  });
});

/** A peer on one end of an in-memory pair, and the other end to answer by hand. */
async function linkedPeer(peerOptions: ConstructorParameters<typeof RpcPeer>[1] = {}) {
  const [client, server] = InMemoryTransport.createLinkedPair();
  const requests: JSONRPCMessage[] = [];
  server.onmessage = (message) => void requests.push(message);
  await server.start();
  const peer = new RpcPeer(client, peerOptions);
  await peer.start();
  const answer = (id: unknown, result: unknown = {}) => server.send({ jsonrpc: '2.0', id, result } as JSONRPCMessage);
  const refuse = (id: unknown) => server.send({ jsonrpc: '2.0', id, error: { code: -32602, message: 'invalid params' } } as JSONRPCMessage);
  return { peer, requests, answer, refuse, close: () => client.close() };
}

const nextTick = () => new Promise((resolve) => setImmediate(resolve));

describe('RpcPeer matching', () => {
  it('resolves a retried request with the first request’s late answer, and ignores the retry’s answer after it', async () => {
    const { peer, requests, answer, close } = await linkedPeer();
    const outcome = peer.request('ping', undefined, { timeoutMs: 50, retry: true });
    await new Promise((resolve) => setTimeout(resolve, 80)); // the first deadline has passed, the retry is out
    expect(requests.map((request) => ('id' in request ? request.id : undefined))).toEqual([1, 2]);
    await answer(1, { late: true });
    expect(await outcome).toMatchObject({ kind: 'result', result: { late: true } });
    await answer(2, { retry: true });
    await nextTick();
    expect(peer.unmatchedResponses).toEqual([]);
    await close();
  });

  it('ends a retried request as a timeout with attempts: 2 when neither answer comes in time', async () => {
    const { peer, close } = await linkedPeer();
    expect(await peer.request('ping', undefined, { timeoutMs: 30, retry: true })).toMatchObject({ kind: 'timeout', attempts: 2 });
    await close();
  });

  it('never takes a repeated answer for another request’s, nor keeps it as unmatched; an id nobody sent is unmatched', async () => {
    const { peer, answer, close } = await linkedPeer();
    const first = peer.request('ping', undefined, { timeoutMs: 1_000 });
    await nextTick();
    await answer(1, { n: 1 });
    expect(await first).toMatchObject({ result: { n: 1 } });
    const second = peer.request('ping', undefined, { timeoutMs: 1_000 });
    await nextTick();
    await answer(1, { n: 'again' }); // a second answer to request 1 while request 2 waits
    await answer(99, { n: 'nobody' });
    await answer(2, { n: 2 });
    expect(await second).toMatchObject({ result: { n: 2 } });
    expect(peer.unmatchedResponses).toEqual([{ jsonrpc: '2.0', id: 99, result: { n: 'nobody' } }]);
    await close();
  });

  it('on a session, an error with id null is the answer of the one request in flight, or of the last one left', async () => {
    const { peer, refuse, answer, close } = await linkedPeer({ loneAnonymousAnswers: true, ordered: true });
    const lone = peer.request('prompts/get', { name: 42 }, { timeoutMs: 5_000 });
    await nextTick();
    await refuse(null);
    // At once, not at the deadline: the answer came, without its id.
    expect(await lone).toMatchObject({ kind: 'error', code: -32602 });
    const [first, second] = [peer.request('ping', undefined, { timeoutMs: 5_000 }), peer.request('ping', undefined, { timeoutMs: 5_000 })];
    await nextTick();
    await refuse(null);
    // Two were in flight: not yet anybody's. The second gets an answer of its own, so the refusal was the first's.
    await answer(3);
    expect(await second).toMatchObject({ kind: 'result' });
    expect(await first).toMatchObject({ kind: 'error', code: -32602 });
    // Both refusals stay unmatched, for protocol/error-response-id.
    expect(peer.unmatchedResponses).toHaveLength(2);
    await close();
  });

  it('on a session, once an error with id null could be several requests’, the next requests go one at a time', async () => {
    const { peer, requests, refuse, answer, close } = await linkedPeer({ loneAnonymousAnswers: true, ordered: true });
    const [first, second] = [peer.request('ping', undefined, { timeoutMs: 5_000 }), peer.request('ping', undefined, { timeoutMs: 5_000 })];
    await nextTick();
    await refuse(null); // either's
    await answer(2);
    expect(await second).toMatchObject({ kind: 'result' });
    expect(await first).toMatchObject({ kind: 'error' });
    // Asked together, but only the first goes out: its refusal without an id is then its own, at once.
    const [third, fourth] = [peer.request('prompts/get', { name: 42 }, { timeoutMs: 5_000 }), peer.request('prompts/get', { name: 43 }, { timeoutMs: 5_000 })];
    await nextTick();
    expect(requests).toHaveLength(3);
    await refuse(null);
    expect(await third).toMatchObject({ kind: 'error', code: -32602 });
    await nextTick();
    expect(requests).toHaveLength(4);
    await refuse(null);
    expect(await fourth).toMatchObject({ kind: 'error', code: -32602 });
    await close();
  });

  it('over a connection that is not one ordered stream (HTTP), requests never wait for each other', async () => {
    const { peer, requests, refuse, answer, close } = await linkedPeer({ loneAnonymousAnswers: true });
    const [first, second] = [peer.request('ping', undefined, { timeoutMs: 5_000 }), peer.request('ping', undefined, { timeoutMs: 5_000 })];
    await nextTick();
    await refuse(null);
    await answer(2);
    await Promise.all([first, second]);
    // A third and a fourth go out together: one slow answer over HTTP must not hold back the others.
    const [third, fourth] = [peer.request('ping', undefined, { timeoutMs: 5_000 }), peer.request('ping', undefined, { timeoutMs: 5_000 })];
    await nextTick();
    expect(requests).toHaveLength(4);
    await answer(3);
    await answer(4);
    await Promise.all([third, fourth]);
    await close();
  });

  it('on a session, an error with id null that came before the server read past a notification is the notification’s once every request has its own answer', async () => {
    const { peer, answer, refuse, close } = await linkedPeer({ loneAnonymousAnswers: true, ordered: true });
    await peer.notify('notifications/initialized');
    const list = peer.request('tools/list', {}, { timeoutMs: 5_000 });
    await nextTick();
    await refuse(null);
    await nextTick();
    // Not taken for the one request in flight: it still waits, and gets its own answer.
    await answer(1, { tools: [] });
    expect(await list).toMatchObject({ kind: 'result', result: { tools: [] } });
    expect(peer.notificationAnswers).toHaveLength(1);
    // The server has read past the notification: a later id-null error is the lone request's again.
    const second = peer.request('prompts/list', {}, { timeoutMs: 5_000 });
    await nextTick();
    await refuse(null);
    expect(await second).toMatchObject({ kind: 'error', code: -32602 });
    expect(peer.notificationAnswers).toHaveLength(1);
    await close();
  });

  it('on a session, an error with id null stays nobody’s when a request it may answer times out first', async () => {
    const { peer, refuse, answer, close } = await linkedPeer({ loneAnonymousAnswers: true, ordered: true });
    const first = peer.request('ping', undefined, { timeoutMs: 50 });
    const second = peer.request('ping', undefined, { timeoutMs: 5_000 });
    await nextTick();
    await refuse(null);
    expect(await first).toMatchObject({ kind: 'timeout' });
    // The first may have been its owner: the second's silence is not filled with it.
    await answer(2);
    expect(await second).toMatchObject({ kind: 'result' });
    await close();
  });

  it('on a stdio probe’s raw connection, an error with id null is nobody’s answer (it is the bad line’s)', async () => {
    const { peer, refuse, close } = await linkedPeer();
    const lone = peer.request('ping', undefined, { timeoutMs: 50 });
    await nextTick();
    await refuse(null);
    expect(await lone).toMatchObject({ kind: 'timeout' });
    await close();
  });

  it('a late answer to a request sent once (tools/call) goes to nobody, and is not unmatched', async () => {
    const { peer, answer, close } = await linkedPeer();
    const probe = new Probe(peer, { callMs: 30, concurrency: 2 });
    expect(await probe.request('tools/call', { name: 'slow' })).toMatchObject({ kind: 'timeout' });
    await answer(1, { content: [] });
    await nextTick();
    expect(peer.unmatchedResponses).toEqual([]);
    await close();
  });
});
