/** An in-process session on a fake server, captured, with a Probe: for tests of code that calls the server. */
import { openSession } from '../../src/connect/session.js';
import { Probe } from '../../src/connect/probe.js';
import { captureSurface } from '../../src/surface/capture.js';
import type { Surface } from '../../src/surface/types.js';
import { fakeServerTransport, type FakeServerSpec } from './fake-server.js';

export async function withProbe<T>(spec: FakeServerSpec, work: (probe: Probe, surface: Surface) => Promise<T>): Promise<T> {
  const session = await openSession({ kind: 'memory', transport: fakeServerTransport(spec) }, { connectMs: 2_000, clientVersion: 'test' });
  try {
    const probe = new Probe(session.peer, { callMs: 1_000, concurrency: 4 });
    const init = (session.initialize!.outcome as { result: Record<string, unknown> }).result;
    const surface = await captureSurface({ protocolVersion: '2025-11-25' }, init, (method, params) => probe.request(method, params));
    return await work(probe, surface);
  } finally {
    await session.close();
  }
}
