import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';

/** Requests in flight beyond the first few are counted, not listed. */
const LISTED = 5;

export const staysConnected = defineRule({
  id: 'protocol/stays-connected',
  family: 'protocol',
  description: 'The server does not go away during the run: no request is left without a response because the connection closed.',
  defaultSeverity: 'error',
  // The loss is judged once every other rule has sent what it sends.
  afterOthers: true,
  spec: {
    texts: since(
      '2024-11-05',
      {
        keyword: 'MUST',
        binds: 'both',
        section: 'basic/messages',
        quote: 'All messages in MCP MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0: the Server MUST reply with a Response to every request that is not a notification. A server that exits or crashes with requests in flight leaves them without one.',
      },
      { '2025-03-26': { section: 'basic/index#messages', quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.' } },
    ),
  },
  docs:
    "A server that crashes or exits during the run takes its session with it. This is one finding (one for the run's " +
    'session, one for the connection of its own that bad input goes on, `data.connection`): the requests ' +
    'in flight when the connection closed (one of them may have brought the server down; which one, the wire ' +
    'cannot tell when several were) and how many requests were asked for after it, which never reached the server. ' +
    'No other verdict rests on the loss: a rule that judged a request in flight then, or asked for after, is ' +
    'inconclusive ([health timeline](#health-timeline)), so that "the connection closed" is never read as the answer ' +
    "of a cursor, a ping id or an unknown method. A crash with a tools/call in flight is tools/call-answered's finding " +
    '(it names the calls), so it is not reported twice: no verdict here. A server that goes away with no request in flight is ' +
    "inconclusive: no request went unanswered. The server's last stderr lines are in the report's error. Fix: catch " +
    'the failures of a handler (a subprocess that fails, a missing file) and answer them as errors; never let one ' +
    'request end the process.',
  check({ probe, report, inconclusive }) {
    // The run's session, and the connection of its own that bad input goes on (connect/bad-input-line.ts): each
    // loss is one finding, or no verdict.
    const badPeer = probe.badInput.line?.session?.peer;
    const lost = [
      ...(probe.lost ? [{ connection: 'session' as const, what: 'the server went away during the run', loss: probe.loss }] : []),
      ...(badPeer?.closed === true
        ? [{ connection: 'bad-input' as const, what: 'the connection that bad input goes on closed during the run', loss: badPeer.lost }]
        : []),
    ];
    for (const { connection, what, loss } of lost) {
      const { inFlight, unsent } = loss;
      const later = unsent === 0 ? '' : `; ${unsent} later request(s) were not sent`;
      if (inFlight.length === 0) {
        inconclusive(`${what} with no request in flight`);
        continue;
      }
      // tools/call-answered names the calls in flight when the server went away: the same cause, reported there.
      if (inFlight.includes('tools/call')) {
        inconclusive(`${what} with a tools/call in flight: tools/call-answered reports it, with the calls`);
        continue;
      }
      const shown = inFlight.slice(0, LISTED).join(', ') + (inFlight.length > LISTED ? `, and ${inFlight.length - LISTED} more` : '');
      report({
        message: `${what}: the connection closed with ${inFlight.length} request(s) unanswered (${shown})${later}`,
        location: { kind: 'server' },
        data: { connection, inFlight: inFlight.slice(0, LISTED), count: inFlight.length, unsent },
      });
    }
  },
});
