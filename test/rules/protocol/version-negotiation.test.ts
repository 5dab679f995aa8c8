import { afterAll, beforeAll } from 'vitest';
import { versionNegotiation, UNKNOWN_REVISION } from '../../../src/rules/protocol/version-negotiation.js';
import { createGoodServer } from '../../../fixtures/servers/good.js';
import { startHttpServer, type HttpHost } from '../../../fixtures/servers/http-host.js';
import { ruleTester } from '../../support/rule-tester.js';
import { startInterferingProxy, type InterferingProxy } from '../../support/interfering-proxy.js';
import { defectStdio, fakeWithTools } from '../stdio/support.js';

// The good fixture over Streamable HTTP behind a proxy that holds the initialize with the unknown revision
// unanswered: a server too busy to answer it, which over HTTP nothing can tell from one that never will.
let host: HttpHost;
let busy: InterferingProxy;
beforeAll(async () => {
  host = await startHttpServer(createGoodServer);
  busy = await startInterferingProxy(host.url, ({ body }) => (body.includes(`"protocolVersion":"${UNKNOWN_REVISION}"`) ? 'hold' : 'forward'));
});
afterAll(async () => {
  await busy.close();
  await host.close();
});

ruleTester(versionNegotiation, {
  valid: [
    { name: 'a server that frames and negotiates correctly', target: defectStdio() },
    { name: 'at --depth thorough too', target: defectStdio(), settings: { depth: 'thorough' } },
    // The contradiction shows only when the older revisions are tried, which the standard depth does not.
    { name: 'standard depth: only the unknown revision is tried', target: defectStdio('contradicts-its-versions') },
    // Slow is not silent: its answer comes after connect_ms, while a ping is answered, and is judged as any other.
    { name: 'an answer that comes late', target: defectStdio('late-to-unknown-version'), timeouts: { connect_ms: 1_000, call_ms: 2_000 } },
  ],
  invalid: [
    {
      name: 'an unknown version echoed',
      target: defectStdio('echoes-any-version'),
      findings: [
        {
          message: 'initialize with the unknown version 1999-01-01 was answered with the same version',
          location: { kind: 'server', pointer: '/protocolVersion' },
          data: { requested: '1999-01-01', answered: '1999-01-01' },
        },
      ],
    },
    {
      name: '--depth thorough: a version the server offers elsewhere is not echoed',
      target: defectStdio('contradicts-its-versions'),
      settings: { depth: 'thorough' },
      findings: [
        {
          message: 'initialize with 2025-03-26 was answered with "2025-11-25", although the server offers 2025-03-26 elsewhere',
          data: { requested: '2025-03-26', answered: '2025-11-25' },
        },
      ],
    },
    {
      name: 'no answer, although pings are answered',
      target: defectStdio('silent-to-unknown-version'),
      // A ping answered within call_ms even on a loaded machine; the wait for a late answer after it is call_ms too.
      timeouts: { connect_ms: 1_000, call_ms: 2_000 },
      findings: [
        {
          // The wait is connect_ms, give or take a millisecond of the timer's.
          message: 'although the process answered a ping meanwhile; expected a version the server supports',
          data: { requested: '1999-01-01', outcome: 'timeout' },
        },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
  inconclusive: [
    {
      // Nothing answers, a ping neither: a process that has not started serving yet looks the same.
      name: 'a process that answers nothing after it',
      target: defectStdio('deaf-at-unknown-version'),
      timeouts: { connect_ms: 1_000 },
      reason: /^initialize with 1999-01-01 on a fresh server process got no answer within \d+ ms, and neither did a ping after it/,
    },
    {
      name: 'over Streamable HTTP, an initialize unanswered within the deadline (slow is not silent)',
      target: () => ({ kind: 'http', url: busy.url, headers: {} }),
      reason: /^initialize with 1999-01-01 on a fresh connection got no answer within \d+ ms, and nothing shows the server was free to answer/,
    },
  ],
});
