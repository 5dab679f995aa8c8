import { expect } from 'vitest';
import { toolXMcpHeader } from '../../../src/rules/schema/tool-x-mcp-header.js';
import { erasHttp, erasStdio } from '../../support/eras.js';
import { ruleTester } from '../../support/rule-tester.js';

// The declarations themselves are judged in test/connect/param-headers.test.ts, one case per constraint; here the
// rule runs on SDK 2.x servers whose forecast tool declares Mcp-Param-Region and Mcp-Param-Days.
ruleTester(toolXMcpHeader, {
  valid: [
    { name: 'valid declarations (stdio)', target: erasStdio('modern'), era: 'modern' },
    { name: 'valid declarations (Streamable HTTP)', target: erasHttp('dual'), era: 'auto' },
  ],
  invalid: [
    {
      name: 'a declaration on a number, and two names equal but for case',
      target: erasStdio('modern', 'bad-x-mcp-header'),
      era: 'modern',
      findings: [
        {
          message:
            'x-mcp-header Weight is on property weight of type "number"; only integer, string and boolean parameters may carry it (and 1 more); HTTP clients MUST drop a tool whose x-mcp-header annotations are invalid',
          location: { kind: 'tool', name: 'route', pointer: '/inputSchema' },
          data: {
            problems: [expect.stringContaining('Weight'), 'x-mcp-header zone of property area repeats Zone of property zone (names are case-insensitive)'],
          },
        },
      ],
    },
  ],
});
