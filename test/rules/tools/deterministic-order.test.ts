import { deterministicOrder } from '../../../src/rules/tools/deterministic-order.js';
import { erasHttp, erasStdio } from '../../support/eras.js';
import { ruleTester } from '../../support/rule-tester.js';

const modernHttp = erasHttp('modern');

ruleTester(deterministicOrder, {
  valid: [
    { name: 'modern-only SDK 2.x server over stdio', target: erasStdio('modern'), era: 'modern' },
    { name: 'dual-era SDK 2.x server over stdio', target: erasStdio('dual'), era: 'auto' },
    { name: 'modern-only SDK 2.x server over Streamable HTTP', target: modernHttp, era: 'modern' },
  ],
  invalid: [
    {
      name: 'tools reversed on the second listing',
      target: erasStdio('modern', 'tools-shuffled'),
      era: 'modern',
      findings: [
        {
          message: 'tools/list returned the same 3 tools in another order when asked again: "echo" was at position 1 and is now "forecast"',
          data: { first: ['echo', 'add', 'forecast'], second: ['forecast', 'add', 'echo'], position: 1 },
        },
      ],
    },
  ],
  skipped: [
    { name: 'a server with one tool', target: erasStdio('modern', 'one-tool'), era: 'modern', skipped: 'lists one tool: there is no order to compare' },
  ],
  inconclusive: [
    { name: 'a tool added between the two listings', target: erasStdio('modern', 'tools-growing'), era: 'modern', reason: 'the set changed in between' },
  ],
});
