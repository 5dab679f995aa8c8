import { envelopeRequired } from '../../../src/rules/protocol/envelope-required.js';
import { erasHttp, erasStdio } from '../../support/eras.js';
import { ruleTester } from '../../support/rule-tester.js';

const http = erasHttp('modern');

ruleTester(envelopeRequired, {
  valid: [
    { name: 'modern-only SDK 2.x server (stdio)', target: erasStdio('modern'), era: 'modern' },
    { name: 'modern-only SDK 2.x server (Streamable HTTP)', target: http, era: 'modern' },
  ],
  invalid: [
    {
      name: 'requests with an incomplete envelope are served',
      target: erasStdio('modern', 'envelope-not-required'),
      era: 'modern',
      // Both cases were served: one cause, one finding.
      findings: [{ message: /was served; a request missing a required envelope field MUST get JSON-RPC error -32602/, data: { outcome: 'result' }, count: 2 }],
    },
    {
      name: 'the right code with HTTP status 200 (Streamable HTTP)',
      target: erasHttp('modern', 'errors-200'),
      era: 'modern',
      findings: [
        {
          message: /got JSON-RPC error -32602 with HTTP status 200; on HTTP the refusal MUST come with 400 Bad Request/,
          data: { status: 200, expected: { status: 400, code: -32602 } },
          count: 2,
        },
      ],
    },
  ],
});
