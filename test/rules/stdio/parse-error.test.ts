import { parseError } from '../../../src/rules/stdio/parse-error.js';
import { ruleTester } from '../../support/rule-tester.js';
import { answerOrder, defectStdio, fakeWithTools } from './support.js';

ruleTester(parseError, {
  valid: [
    { name: 'a server that frames and negotiates correctly', target: defectStdio() },
    // Its id-null -32601 to notifications/initialized came before the ping after it: not the answer to the line.
    { name: 'a server that answers every notification with an error', target: defectStdio('answers-notifications') },
    // The -32700 comes after the answer to the ping sent after the line: still the answer to the line.
    { name: 'a server that answers out of order', target: answerOrder('out-of-order') },
    { name: 'a server that sends every answer twice', target: answerOrder('twice') },
    // Its -32700 is written only after four later answers: the grace's pings are what bring it out.
    { name: 'a server that answers bad input only after four later answers', target: answerOrder('late-refusals') },
    // Two `id: null` answers to inputs sent together: each input goes alone, and the -32700 is the line's.
    { name: 'an anonymous answer to another input beside it', target: defectStdio('anonymous-invalid-params') },
  ],
  invalid: [
    {
      name: 'silence',
      target: defectStdio('silent-parse-error'),
      findings: [{ message: 'got no answer; expected JSON-RPC error -32700', location: { kind: 'transport', name: 'stdin' } }],
    },
    {
      name: 'the wrong code',
      target: defectStdio('wrong-parse-error-code'),
      findings: [{ message: 'got error -32603; expected -32700', data: { expected: -32700 } }],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
  inconclusive: [
    {
      // That it stopped serving is stdio/survives-bad-line's finding; the missing -32700 is the same cause.
      name: 'the server exits on the line',
      target: defectStdio('crash-on-malformed'),
      reason:
        'a line that is not valid JSON got no answer, and right after it the server closed the connection: one cause, which stdio/survives-bad-line reports',
    },
  ],
});
