import { invalidRequest } from '../../../src/rules/stdio/invalid-request.js';
import { ruleTester } from '../../support/rule-tester.js';
import { answerOrder, defectStdio, fakeWithTools } from './support.js';

ruleTester(invalidRequest, {
  valid: [
    { name: 'a server that frames and negotiates correctly', target: defectStdio() },
    { name: 'a server that answers out of order', target: answerOrder('out-of-order') },
    { name: 'a server that sends every answer twice', target: answerOrder('twice') },
    // Its -32600 is written only after four later answers: the grace's pings are what bring it out.
    { name: 'a server that answers bad input only after four later answers', target: answerOrder('late-refusals') },
    // It answers the first invalid request correctly and then goes deaf: stdio/survives-bad-line's finding.
    { name: 'a server that stops serving after answering', target: defectStdio('deaf-after-invalid-request') },
  ],
  invalid: [
    {
      name: 'invalid requests served like valid ones',
      target: defectStdio('serves-invalid-requests'),
      // One answer to both (a result): one cause, one finding that lists each request with its own message.
      findings: [
        {
          message: 'a request whose params are a string got a result; expected JSON-RPC error -32600 or -32602',
          location: { kind: 'transport', name: 'stdin' },
          count: 2,
        },
      ],
    },
    {
      // Its one `id: null` answer could be the malformed line's or either request's: each input goes alone.
      name: 'an anonymous answer the inputs sent together cannot attribute',
      target: defectStdio('anonymous-invalid-params'),
      findings: [{ message: 'a request with "jsonrpc": "1.0" got no answer; expected JSON-RPC error -32600', data: { outcome: 'none' } }],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
  inconclusive: [
    {
      // It exits on each invalid request: stdio/survives-bad-line's finding, not a second one here.
      name: 'the server exits on an invalid request',
      target: defectStdio('crash-on-invalid-request'),
      reason: /got no answer, and right after it the server closed the connection: one cause, which stdio\/survives-bad-line reports/,
    },
  ],
});
