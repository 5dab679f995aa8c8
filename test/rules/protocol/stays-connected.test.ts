import { staysConnected } from '../../../src/rules/protocol/stays-connected.js';
import { readable } from '../../../src/rules/resources/readable.js';
import { invalidCursor } from '../../../src/rules/protocol/invalid-cursor.js';
import { unknownTool } from '../../../src/rules/tools/unknown-tool.js';
import type { FakeServerSpec } from '../../support/fake-server.js';
import { ruleTester } from '../../support/rule-tester.js';
import { DOC, reading, resourceServer } from '../resources/support.js';
import { searchTool, toolsServer } from '../tools/tools-fake.js';

/** Reading DOC ends the process, as a resource whose handler raises does on a server that catches nothing. */
const CRASHES_ON_READ = resourceServer({ handle: reading(DOC.uri, { crash: true }) });

/** Any tools/call ends the process. */
const CRASHES_ON_CALL: FakeServerSpec = { ...toolsServer([searchTool]), handle: (method) => (method === 'tools/call' ? { crash: true } : undefined) };

ruleTester(staysConnected, {
  valid: [{ name: 'a server that serves the whole run', server: resourceServer(), alongside: [readable, invalidCursor] }],
  invalid: [
    {
      name: 'reading a listed resource brings the server down',
      server: CRASHES_ON_READ,
      alongside: [readable, invalidCursor],
      incomplete: /server closed the connection during the run/,
      findings: [
        {
          location: { kind: 'server' },
          message: /^the server went away during the run: the connection closed with \d+ request\(s\) unanswered \(.*resources\/read/,
          severity: 'error',
        },
      ],
    },
  ],
  inconclusive: [
    // tools/call-answered names the calls in flight: the same cause is not reported twice.
    {
      name: 'a crash with a tools/call in flight is tools/call-answered’s',
      server: CRASHES_ON_CALL,
      alongside: [unknownTool],
      reason: 'tools/call-answered reports it',
    },
  ],
});
