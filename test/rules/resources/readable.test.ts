import { readable } from '../../../src/rules/resources/readable.js';
import { ruleTester } from '../../support/rule-tester.js';
import { DOC, reading, resourceServer } from './support.js';

ruleTester(readable, {
  valid: [{ name: 'every listed resource reads', server: resourceServer() }],
  invalid: [
    {
      name: 'a listed resource answers not found',
      server: resourceServer({ handle: reading(DOC.uri, { error: { code: -32002, message: 'Resource not found' } }) }),
      findings: [{ message: 'cannot be read: JSON-RPC error -32002, the server says it does not exist', location: { kind: 'resource', name: DOC.uri } }],
    },
    {
      name: 'a listed resource fails with -32603',
      server: resourceServer({ handle: reading(DOC.uri, { error: { code: -32603, message: 'boom' } }) }),
      findings: [{ message: 'JSON-RPC error -32603', data: { code: -32603 } }],
    },
  ],
  inconclusive: [
    {
      name: 'the backend is unreachable',
      server: resourceServer({ handle: reading(DOC.uri, { error: { code: -32603, message: 'fetch failed: ECONNREFUSED' } }) }),
      reason: 'backend unreachable or not set up: a connection failure',
    },
    {
      // A dummy token in the test environment: a backend not set up, not a resource that cannot be read.
      name: 'the backend refuses a dummy credential',
      server: resourceServer({ handle: reading(DOC.uri, { error: { code: -32603, message: 'Access token is not in valid JWT format' } }) }),
      reason: 'the backend is not set up (credentials)',
    },
    { name: 'no answer', server: resourceServer({ handle: reading(DOC.uri, { silent: true }) }), reason: 'no answer to resources/read' },
  ],
  skipped: [
    { name: 'no resources capability', server: { tools: [] }, skipped: 'does not declare resources' },
    { name: 'nothing listed', server: resourceServer({ resources: [] }), skipped: 'lists no resources' },
  ],
});
