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
      name: 'requests without the envelope are served',
      target: erasStdio('modern', 'envelope-not-required'),
      era: 'modern',
      findings: [{ message: /without _meta was served; .* MUST get JSON-RPC error -32602/, data: { outcome: 'result' }, count: 2 }],
    },
  ],
});
