import { stdoutJsonOnly } from '../../../src/rules/stdio/stdout-json-only.js';
import { invalidCursor } from '../../../src/rules/protocol/invalid-cursor.js';
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
    {
      // protocol/invalid-cursor asks for tools/list again: the same line again is one cause, so one finding.
      name: 'the same line printed at every tools/list is one finding, with how often it came',
      target: defectStdio('foreign-stdout'),
      alongside: [invalidCursor],
      findings: [
        { message: '"handling initialize"', data: { connection: 'session' } },
        // Twice at least: the capture and the cursor probe (a control request may ask once more).
        { message: /^stdout carried a line that is not a JSON-RPC message: "handling tools\/list" \([2-9] times\)$/, data: { connection: 'session' } },
        { message: '"stdio-defects server starting"', data: { connection: 'session' } },
      ],
    },
  ],
  skipped: [{ name: 'in memory', server: fakeWithTools, skipped: 'in memory' }],
});
