import { stdoutJsonOnly } from '../../../src/rules/stdio/stdout-json-only.js';
import { exitOnStdinClose } from '../../../src/rules/stdio/exit-on-stdin-close.js';
import { invalidCursor } from '../../../src/rules/protocol/invalid-cursor.js';
import { UNKNOWN_METHOD, unknownMethod } from '../../../src/rules/protocol/unknown-method.js';
import { describe, expect, it } from 'vitest';
import { runCase, ruleTester } from '../../support/rule-tester.js';
import { defectStdio, fakeWithTools } from './support.js';

ruleTester(stdoutJsonOnly, {
  valid: [{ name: 'a server that frames and negotiates correctly', target: defectStdio() }],
  invalid: [
    {
      // Three different lines, one cause (the server logs to stdout) and one fix: one finding standing for each line.
      name: 'a banner and a line per request on stdout',
      target: defectStdio('foreign-stdout'),
      findings: [
        {
          message: 'stdout carried a line that is not a JSON-RPC message: "',
          location: { kind: 'transport', name: 'stdout' },
          data: { connection: 'session' },
          count: 3,
        },
      ],
    },
    {
      // protocol/invalid-cursor asks for tools/list again: the same line again adds no place, only its count.
      name: 'the same line printed at every tools/list is counted, in the one finding',
      target: defectStdio('foreign-stdout'),
      alongside: [invalidCursor],
      findings: [{ message: 'stdout carried a line that is not a JSON-RPC message: "', data: { connection: 'session' }, count: 3 }],
    },
    {
      // Its SIGTERM handler logs to stdout: still a line on stdout, and the message says when it came.
      // stdio/exit-on-stdin-close stops a probe's process during the run (the session's is stopped after the report).
      name: 'a line printed on SIGTERM',
      target: defectStdio('prints-on-sigterm'),
      alongside: [exitOnStdinClose],
      findings: [
        {
          message: "stdout of a probe's own server process carried a line that is not a JSON-RPC message after mcpact sent it SIGTERM to stop it",
          data: { line: 'shutting down', during: 'sigterm' },
        },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});

describe('stdio/stdout-json-only, one finding for the lines', () => {
  it('lists every different line in the locations, with how often the repeated one came', async () => {
    // On one session, so that the cursor probe's tools/list prints its line on the session's stdout again.
    const report = await runCase(stdoutJsonOnly, {
      name: 'lines',
      target: defectStdio('foreign-stdout'),
      alongside: [invalidCursor],
      settings: { bad_input_connection: 'session' },
    });
    const [finding] = report.findings;
    const messages = [finding?.message, ...(finding?.locations ?? []).map((location) => location.message)].filter((message) => message !== undefined);
    expect(messages.some((message) => message.endsWith('"stdio-defects server starting"'))).toBe(true);
    expect(messages.some((message) => message.endsWith('"handling initialize"'))).toBe(true);
    // Twice at least: the capture and the cursor probe (a control request may ask once more).
    expect(messages.some((message) => /"handling tools\/list" \([2-9] times\)$/.test(message))).toBe(true);
  });

  it('reports a line only the process of the bad input printed, and not again the lines the session printed', async () => {
    // The unknown method is bad input: only the second process handles it, and prints "handling <method>".
    const report = await runCase(stdoutJsonOnly, { name: 'bad input', target: defectStdio('foreign-stdout'), alongside: [invalidCursor, unknownMethod] });
    expect(report.findings).toHaveLength(1);
    const [finding] = report.findings;
    const messages = [finding?.message, ...(finding?.locations ?? []).map((location) => location.message)].filter((message) => message !== undefined);
    expect(messages).toContain(
      `stdout of the server process mcpact sends its bad input to carried a line that is not a JSON-RPC message: "handling ${UNKNOWN_METHOD}"`,
    );
    // The banner and the handshake's line came from both processes: the session's line stands for them.
    expect(messages.filter((message) => message.includes('"stdio-defects server starting"'))).toHaveLength(1);
    expect(messages.filter((message) => message.includes('"handling initialize"'))).toHaveLength(1);
  });
});
