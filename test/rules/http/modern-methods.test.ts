import { modernMethods } from '../../../src/rules/http/modern-methods.js';
import { erasHttp, erasStdio } from '../../support/eras.js';
import { ruleTester } from '../../support/rule-tester.js';

const modern = erasHttp('modern');
const dual = erasHttp('dual');
const methodsAllowed = erasHttp('modern', 'methods-allowed');
const dualMethodsAllowed = erasHttp('dual', 'methods-allowed');

ruleTester(modernMethods, {
  valid: [
    { name: 'modern-only SDK 2.x server', target: modern, era: 'modern' },
    { name: 'dual-era SDK 2.x server', target: dual, era: 'auto' },
  ],
  invalid: [
    {
      name: 'GET and DELETE served 200 by a modern-only server',
      target: methodsAllowed,
      era: 'modern',
      findings: [
        {
          message:
            'GET was answered with HTTP 200 (application/json); DELETE was answered with HTTP 200 (application/json); a server that speaks only 2026-07-28 should answer 405 Method Not Allowed',
          data: { expected: 405 },
        },
      ],
    },
  ],
  skipped: [
    { name: 'stdio', target: erasStdio('modern'), era: 'modern', skipped: 'applies to Streamable HTTP servers only' },
    { name: 'a dual-era server keeps the legacy GET and DELETE', target: dualMethodsAllowed, era: 'auto', skipped: 'but the server also answers initialize' },
  ],
});
