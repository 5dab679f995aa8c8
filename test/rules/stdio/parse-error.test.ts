import { parseError } from '../../../src/rules/stdio/parse-error.js';
import { ruleTester } from '../../support/rule-tester.js';
import { defectStdio, fakeWithTools } from './support.js';

ruleTester(parseError, {
  valid: [{ name: 'a server that frames and negotiates correctly', target: defectStdio() }],
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
    {
      name: 'the server exits',
      target: defectStdio('crash-on-malformed'),
      findings: [{ message: 'got no answer' }, { message: 'ping got the connection closed: the server stopped serving', data: { ping: 'closed' } }],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
