import { staysAvailable } from '../../../src/rules/protocol/stays-available.js';
import { malformedCall } from '../../../src/rules/tools/malformed-call.js';
import { unknownTool } from '../../../src/rules/tools/unknown-tool.js';
import { answer, type FakeServerSpec, type Reply } from '../../support/fake-server.js';
import { ruleTester } from '../../support/rule-tester.js';
import { searchTool, toolsServer } from '../tools/tools-fake.js';

/** The tools rules whose bad input (an unknown tool, three malformed calls) gets four JSON-RPC errors from a correct server. */
const BAD_INPUT = [unknownTool, malformedCall];

/**
 * After `failures` error answers, every method but the SDK's own (initialize, ping) answers `tripped`: a circuit
 * breaker around the server's handlers.
 */
function breaker(server: FakeServerSpec, tripped: Reply, failures = 3): FakeServerSpec {
  let failed = 0;
  return {
    ...server,
    handle(method, _params, message) {
      if (method === 'initialize' || method === 'ping') return undefined;
      if (failed >= failures) return tripped;
      const reply = answer(server, message);
      if (reply !== undefined && 'error' in reply) failed++;
      return reply;
    },
  };
}

const UNAVAILABLE: Reply = { error: { code: -32603, message: 'Service temporarily unavailable due to previous failures' } };

ruleTester(staysAvailable, {
  valid: [
    { name: 'a server that keeps serving through bad input', server: toolsServer([searchTool]), alongside: BAD_INPUT },
    { name: 'nothing but the capture was asked', server: toolsServer([searchTool]) },
  ],
  invalid: [
    {
      name: 'a circuit breaker tripped by bad input answers every later request with -32603',
      server: breaker(toolsServer([searchTool]), UNAVAILABLE),
      alongside: BAD_INPUT,
      findings: [
        {
          location: { kind: 'server' },
          message:
            /^the server stopped serving what it served at capture: tools\/list answered JSON-RPC error -32603 "Service temporarily unavailable due to previous failures" where at capture it answered a result, after \d+ requests? of bad input \(/,
          data: { method: 'tools/list', before: 'result', after: 'error', code: -32603, recovered: false },
        },
      ],
    },
  ],
  inconclusive: [
    {
      name: 'the last control gets no answer: slowness is not degradation',
      server: breaker(toolsServer([searchTool]), { silent: true }),
      alongside: BAD_INPUT,
      reason: 'got no answer',
    },
  ],
  skipped: [{ name: 'no list to ask again', server: { capabilities: { logging: {} } }, skipped: 'no tools, prompts or resources list' }],
});
