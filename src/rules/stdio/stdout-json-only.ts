import { defineRule, type RuleContext } from '../../engine/rule.js';
import type { StdoutRecord } from '../../connect/transport-probe.js';
import type { ShutdownStep } from '../../connect/stdio.js';
import { isRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { notStdio } from './shared.js';
import { since } from '../../model/spec.js';

/** Different lines reported one by one per source; a chattier server gets one more finding with the total. */
const LINES_REPORTED = 10;
const STDOUT = { kind: 'transport', name: 'stdout' } as const;

export const stdoutJsonOnly = defineRule({
  id: 'stdio/stdout-json-only',
  family: 'stdio',
  description: 'A stdio server writes nothing to stdout but JSON-RPC messages, one per line.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'S1',
    texts: since(
      '2024-11-05',
      {
        keyword: 'MUST NOT',
        binds: 'server',
        section: 'basic/transports#stdio',
        quote: 'The server MUST NOT write anything to its `stdout` that is not a valid MCP message.',
      },
      { '2026-07-28': { section: 'basic/transports/stdio' } },
    ),
  },
  docs:
    'Over stdio, stdout is the message channel: the server MUST NOT write anything to it that is not a valid MCP ' +
    'message. A banner, a debug print or a library that logs to stdout corrupts the stream, and most clients drop ' +
    'the connection at the first line they cannot parse. mcpact records such lines instead of failing the run, ' +
    'and reports each different line once (quoted and cut to 80 characters, with how often it came; up to 10 per ' +
    'source, then the total), all of them as one finding, since they have one cause and one fix, once every other rule ' +
    "has finished; a probe's process that prints a line the session's process printed too (a banner at every " +
    'start) adds no second finding for it. The sources: ' +
    'lines of the shared session, of the server process mcpact sends its bad input to (`data.connection` ' +
    "`bad-input`), of the transport probes' own server processes, and JSON " +
    'values that are not JSON-RPC messages. A line that came only while mcpact was stopping the process says so ' +
    '(`data.during`: `stdin-closed` or `sigterm`): an exit or signal handler that logs to stdout. Logs belong on ' +
    'stderr, which mcpact never holds against a server.',
  afterOthers: true,
  check({ transport, probe, report, skip }) {
    if (transport?.kind !== 'stdio') return skip(notStdio(transport));
    const { session, probes, badInput } = transport.stdout();
    reportLines(session, 'session', report);
    // A server that prints a banner prints it at every start: the same line from another process of mcpact's is
    // the session's cause again, not a second one.
    const printed = new Set(session.lines.map((line) => line.text));
    reportLines(badInput, 'bad-input', report, printed);
    reportLines(probes, 'probe', report, printed);
    for (const message of probe.unmatchedResponses) {
      if (isRecord(message) && message.jsonrpc === '2.0' && ('result' in message || 'error' in message)) continue; // a late or mismatched answer: protocol/request-id-echo's business
      report({
        message: `stdout carried JSON that is not a JSON-RPC message: ${quote(message)}`,
        location: STDOUT,
        data: { message, connection: 'session' },
      });
    }
  },
});

/** When a line came, if mcpact was stopping the process then (connect/stdio.ts): where its author should look. */
const DURING: Record<ShutdownStep, string> = {
  'stdin-closed': 'after mcpact closed its stdin to stop it',
  sigterm: 'after mcpact sent it SIGTERM to stop it (its exit or signal handling)',
};

/** Where a line came from: the run's session, the connection of bad input (connect/bad-input-line.ts), a probe's process. */
const SOURCES = {
  session: 'stdout',
  'bad-input': 'stdout of the server process mcpact sends its bad input to',
  probe: "stdout of a probe's own server process",
} as const;

function reportLines(record: StdoutRecord, connection: keyof typeof SOURCES, report: RuleContext['report'], reported = new Set<string>()): void {
  const where = SOURCES[connection];
  const lines = record.lines.filter((line) => !reported.has(line.text));
  const count = record.count - (record.lines.length - lines.length);
  // One finding per distinct line: a debug print at every request ("handling tools/call") is one cause however often
  // it came, and which of the same lines came first depends on how the server's requests interleaved.
  const distinct = new Map<string, { bytes: number; times: number; during?: ShutdownStep }>();
  for (const line of lines) {
    const seen = distinct.get(line.text);
    if (seen === undefined) distinct.set(line.text, { bytes: line.bytes, times: 1, ...(line.during && { during: line.during }) });
    else {
      seen.times++;
      // Said only of a line that came during shutdown every time: one printed while serving is found by serving.
      if (line.during === undefined) delete seen.during;
    }
  }
  for (const [text, { bytes, times, during }] of [...distinct].slice(0, LINES_REPORTED)) {
    const when = during === undefined ? '' : ` ${DURING[during]}`;
    report({
      message: `${where} carried a line that is not a JSON-RPC message${when}: ${quote(text)}${times > 1 ? ` (${times} times)` : ''}`,
      location: STDOUT,
      data: { line: text, bytes, connection, ...(times > 1 && { times }), ...(during && { during }) },
      cause: LINES_CAUSE,
    });
  }
  if (distinct.size > LINES_REPORTED || count > lines.length) {
    report({
      message: `${where} carried ${count} lines that are not JSON-RPC messages in all (the first ${Math.min(distinct.size, LINES_REPORTED)} different ones are reported one by one)`,
      location: STDOUT,
      data: { count, connection },
      cause: LINES_CAUSE,
    });
  }
}

/**
 * Every line that is not a message, from the session's process or a probe's, is one cause with one fix (write
 * logs to stderr): one finding that stands for each different line, listed in its locations. A server printing
 * four lines at start is one defect, not four.
 */
const LINES_CAUSE = 'lines on stdout that are not messages';
