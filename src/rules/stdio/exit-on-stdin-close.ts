import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { GRACE_AFTER_STDIN_MS } from '../../connect/transport-probe.js';

/**
 * How long this probe waits for the exit before it signals. mcpact's own shutdown waits GRACE_AFTER_STDIN_MS; a
 * verdict on "promptly" waits longer, since an interpreter that unloads a large import tree (Python, a JVM) takes
 * one to two seconds on a loaded machine and did exit by itself (measured on the SDK twins, fixtures/sdks).
 */
export const EXIT_PROBE_GRACE_MS = 5_000;
import { initialized, notStdio } from './shared.js';

export const exitOnStdinClose = defineRule({
  id: 'stdio/exit-on-stdin-close',
  family: 'stdio',
  description: 'A stdio server exits by itself soon after its stdin is closed.',
  defaultSeverity: 'info',
  // Up to 2025-11-25 only the client's shutdown is described (info); 2026-07-28 says servers SHOULD exit (a warning).
  severityFollowsRevision: true,
  spec: {
    policy:
      'A stdio server exits by itself soon after its stdin is closed, so that a client need not stop it with a signal. Up to 2025-11-25 the sentence binds the client only; 2026-07-28 asks it of the server (SHOULD).',
    checklist: 'S4',
    texts: since(
      '2024-11-05',
      {
        keyword: 'SHOULD',
        binds: 'client',
        section: 'basic/lifecycle#stdio',
        quote:
          'For the stdio transport, the client SHOULD initiate shutdown by: First, closing the input stream to the child process (the server) … Waiting for the server to exit, or sending `SIGTERM` if the server does not exit within a reasonable time',
        note: "Binds the client; the server is not told to exit, the client's shutdown waits for it.",
      },
      {
        '2026-07-28': {
          binds: 'server',
          section: 'basic/transports/stdio#shutdown',
          quote: 'Servers SHOULD exit promptly when their standard input is closed or reads return end-of-file.',
          note: 'New in this revision: the earlier ones told only the client how to shut down.',
        },
      },
    ),
  },
  sharedChild: true,
  docs:
    'A client shuts a stdio server down by closing its stdin, waiting for it to exit, and only then sending SIGTERM ' +
    'and finally SIGKILL. A server that ignores the end of its input keeps every client waiting for the grace ' +
    'period and then dies by signal, without a chance to flush or clean up. On a server process of its own, mcpact ' +
    'initializes, closes stdin and measures how long the server takes to exit (shown as the note of this rule); ' +
    'one that is still running after 5 seconds (when mcpact sends SIGTERM) is reported: for information up to ' +
    '2025-11-25, whose text binds only the client, and as a warning in 2026-07-28, which says servers SHOULD exit ' +
    'promptly when their standard input is closed.',
  async check({ transport, report, skip, note }) {
    if (transport?.kind !== 'stdio') return skip(notStdio(transport));
    await transport.shared('closing', async (connection) => {
      const failed = await initialized(connection);
      if (failed) return skip(failed);
      const exit = await connection.close(EXIT_PROBE_GRACE_MS);
      if (exit.exitedEarly) return skip('the fresh server process exited before its stdin was closed');
      if (exit.exitAfterStdinMs === undefined) {
        report({
          message: `the server was still running ${EXIT_PROBE_GRACE_MS} ms after its stdin closed; mcpact had to stop it with a signal`,
          location: { kind: 'transport', name: 'stdin' },
          data: { graceMs: EXIT_PROBE_GRACE_MS },
        });
      } else {
        const slow = exit.exitAfterStdinMs > GRACE_AFTER_STDIN_MS ? ` (after the ${GRACE_AFTER_STDIN_MS} ms a client's shutdown commonly waits)` : '';
        note(`exited ${exit.exitAfterStdinMs} ms after stdin closed${slow}`);
      }
    });
  },
});
