/**
 * Targets for the Streamable HTTP rule tables: the good fixture on its HTTP host (passes every http rule), and the
 * same server behind a proxy that breaks one requirement (fixtures/servers/http-defects.ts). Both listen on
 * 127.0.0.1 for the test file and are stopped after it.
 */
import { afterAll, beforeAll } from 'vitest';
import type { SessionTarget } from '../../../src/connect/session.js';
import { createGoodServer } from '../../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../../fixtures/servers/http-host.js';
import { startHttpDefect, type HttpDefect } from '../../../fixtures/servers/http-defects.js';

export function httpFixtures(defect: HttpDefect): { good: () => SessionTarget; broken: () => SessionTarget } {
  let good: HttpHost | undefined;
  let broken: HttpHost | undefined;
  beforeAll(async () => {
    good = await startHttpServer(createGoodServer);
    broken = await startHttpDefect(defect, good.url);
  });
  afterAll(async () => {
    await broken?.close();
    await good?.close();
  });
  const target = (host: HttpHost | undefined): SessionTarget => {
    if (!host) throw new Error('HTTP fixture not started');
    return { kind: 'http', url: host.url, headers: {} };
  };
  return { good: () => target(good), broken: () => target(broken) };
}

/** A fake server with real items, for the in-memory skip cases. */
export const fakeWithTools = { tools: [{ name: 'a', inputSchema: { type: 'object' } }] };
