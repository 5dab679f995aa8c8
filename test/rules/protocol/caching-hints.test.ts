import { cachingHints } from '../../../src/rules/protocol/caching-hints.js';
import { erasHttp, erasStdio } from '../../support/eras.js';
import { ruleTester } from '../../support/rule-tester.js';

const http = erasHttp('modern');
// In the order of the findings (sorted by message).
const everyList = ['prompts/list', 'resources/list', 'resources/read', 'resources/templates/list', 'server/discover', 'tools/list'];

ruleTester(cachingHints, {
  valid: [
    { name: 'modern-only SDK 2.x server (stdio)', target: erasStdio('modern'), era: 'modern' },
    { name: 'modern-only SDK 2.x server (Streamable HTTP)', target: http, era: 'modern' },
  ],
  invalid: [
    {
      name: 'no hints',
      target: erasStdio('modern', 'no-cache-hints'),
      era: 'modern',
      findings: everyList.map((method) => ({ message: `${method}: the result without ttlMs or cacheScope` })),
    },
    {
      name: 'negative ttlMs',
      target: erasStdio('modern', 'negative-ttl'),
      era: 'modern',
      findings: everyList.map((method) => ({ message: `${method}: ttlMs -1 is not an integer >= 0`, data: { ttlMs: -1 } })),
    },
  ],
});
