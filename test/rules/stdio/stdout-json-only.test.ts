import { stdoutJsonOnly } from '../../../src/rules/stdio/stdout-json-only.js';
import { ruleTester } from '../../support/rule-tester.js';
import { defectStdio, fakeWithTools } from './support.js';

ruleTester(stdoutJsonOnly, {
  valid: [{ name: 'a server that frames and negotiates correctly', target: defectStdio() }],
  invalid: [
    {
      name: 'a banner and a line per request on stdout',
      target: defectStdio('foreign-stdout'),
      findings: [
        // Sorted by message: the line per request first, the banner last.
        {
          message: 'stdout carried a line that is not a JSON-RPC message: "handling initialize"',
          location: { kind: 'transport', name: 'stdout' },
          data: { line: 'handling initialize', connection: 'session' },
        },
        { message: '"handling tools/list"', data: { connection: 'session' } },
        { message: 'stdout carried a line that is not a JSON-RPC message: "stdio-defects server starting"', data: { connection: 'session' } },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
