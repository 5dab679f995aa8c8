import { headerValidation } from '../../../src/rules/http/header-validation.js';
import { erasHttp, erasStdio } from '../../support/eras.js';
import { ruleTester } from '../../support/rule-tester.js';

const modern = erasHttp('modern');
const dual = erasHttp('dual');
const headersIgnored = erasHttp('modern', 'headers-ignored');
const originIgnored = erasHttp('modern', 'origin-ignored');
const nameIgnored = erasHttp('modern', 'name-ignored');
const nameNotDecoded = erasHttp('modern', 'name-not-decoded');
const paramsIgnored = erasHttp('modern', 'params-ignored');

ruleTester(headerValidation, {
  valid: [
    { name: 'modern-only SDK 2.x server', target: modern, era: 'modern' },
    { name: 'dual-era SDK 2.x server', target: dual, era: 'auto' },
  ],
  invalid: [
    {
      name: 'Mcp-Method not checked against the body',
      target: headersIgnored,
      era: 'modern',
      findings: [{ message: /got status 200; expected 400 and HeaderMismatch \(-32020\)/, count: 2 }],
    },
    {
      name: 'Mcp-Name not checked against the body',
      target: nameIgnored,
      era: 'modern',
      findings: [
        {
          message:
            'tools/call with Mcp-Name naming another params.name than the body got status 200 and JSON-RPC error -32602; expected 400 and HeaderMismatch (-32020)',
          // The plain and the Base64-encoded mismatch, and the missing header: one cause.
          count: 3,
        },
      ],
    },
    {
      name: 'a Base64-encoded Mcp-Name compared undecoded',
      target: nameNotDecoded,
      era: 'modern',
      findings: [
        {
          message:
            /with a Base64-encoded Mcp-Name matching the body's non-ASCII params\.name was refused as a header mismatch \(status 400, -32020\); a server MUST decode/,
          data: { status: 400, code: -32020 },
        },
      ],
    },
    {
      name: 'Mcp-Param headers not checked against the arguments',
      target: paramsIgnored,
      era: 'modern',
      findings: [
        {
          message: /^tools\/call with .*Mcp-Param-Region.* got status 200; expected 400 and HeaderMismatch \(-32020\)/,
          // The missing header and the disagreeing one: the tool ran both times.
          count: 2,
        },
      ],
    },
    {
      name: 'a foreign Origin served',
      target: originIgnored,
      era: 'modern',
      findings: [{ message: 'a foreign Origin MUST get 403 Forbidden', data: { expected: 403, status: 200 } }],
    },
  ],
  skipped: [{ name: 'stdio', target: erasStdio('modern'), era: 'modern', skipped: 'applies to Streamable HTTP servers only' }],
});
