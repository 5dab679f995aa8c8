import { survivesBadLine } from '../../../src/rules/stdio/survives-bad-line.js';
import { ruleTester } from '../../support/rule-tester.js';
import { answerOrder, defectStdio, fakeWithTools } from './support.js';

ruleTester(survivesBadLine, {
  valid: [
    { name: 'a server that frames and negotiates correctly', target: defectStdio() },
    // Silent on a bad line, but still serving: stdio/parse-error's finding, not this rule's.
    { name: 'a server that says nothing to a line that is not JSON', target: defectStdio('silent-parse-error') },
    // The error to the bad line comes after the answer to the ping that followed it.
    { name: 'a server that answers out of order', target: answerOrder('out-of-order') },
    { name: 'a server that sends every answer twice', target: answerOrder('twice') },
  ],
  invalid: [
    {
      name: 'the server exits at a line that is not JSON',
      target: defectStdio('crash-on-malformed'),
      findings: [
        {
          message: 'after a line that is not valid JSON, a valid ping got the connection closed: the server stopped serving',
          location: { kind: 'transport', name: 'stdin' },
          data: { ping: 'closed' },
        },
      ],
    },
    {
      // Each invalid request goes alone to a fresh process, which exits on it: both are reported here (and
      // stdio/invalid-request, the same cause, stays inconclusive). Sorted by message.
      name: 'the server exits at an invalid request',
      target: defectStdio('crash-on-invalid-request'),
      findings: [
        { message: 'after a request whose params are a string, a valid ping got the connection closed: the server stopped serving' },
        { message: 'after a request with "jsonrpc": "1.0", a valid ping got the connection closed: the server stopped serving' },
      ],
    },
    {
      // Each invalid request goes to a process still serving, so both are reported. Sorted by message.
      name: 'the server stops answering after an invalid request',
      target: defectStdio('deaf-after-invalid-request'),
      findings: [
        {
          message: 'after a request whose params are a string, a valid ping got no answer to two tries: the server stopped serving',
          data: { ping: 'timeout' },
        },
        {
          message: 'after a request with "jsonrpc": "1.0", a valid ping got no answer to two tries: the server stopped serving',
          data: { sent: { jsonrpc: '1.0', id: 900_001, method: 'ping' }, ping: 'timeout' },
        },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
