import { unsupportedVersion } from '../../../src/rules/protocol/unsupported-version.js';
import { erasHttp, erasStdio } from '../../support/eras.js';
import { ruleTester } from '../../support/rule-tester.js';

const http = erasHttp('dual');

ruleTester(unsupportedVersion, {
  valid: [
    { name: 'modern-only SDK 2.x server (stdio, fresh process)', target: erasStdio('modern'), era: 'modern' },
    { name: 'dual-era SDK 2.x server (Streamable HTTP)', target: http, era: 'auto' },
  ],
  invalid: [
    {
      name: 'refused with -32600 and no supported list',
      target: erasStdio('modern', 'unsupported-version-code'),
      era: 'modern',
      findings: [{ message: 'got JSON-RPC error -32600; an unsupported version MUST get UnsupportedProtocolVersionError (-32022)', data: { code: -32600 } }],
    },
    {
      name: 'the right error with HTTP status 200 (Streamable HTTP)',
      target: erasHttp('modern', 'errors-200'),
      era: 'modern',
      findings: [{ message: 'got -32022 with HTTP status 200; over Streamable HTTP it MUST come with 400 Bad Request', data: { status: 200, expected: 400 } }],
    },
  ],
});
