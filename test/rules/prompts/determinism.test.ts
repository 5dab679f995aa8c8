import { determinism } from '../../../src/rules/prompts/determinism.js';
import { ruleTester } from '../../support/rule-tester.js';
import { promptServer, text } from './support.js';

let calls = 0;
ruleTester(determinism, {
  valid: [{ name: 'strict server', server: promptServer() }],
  invalid: [
    {
      name: 'a counter in the output',
      server: promptServer((_args, params) => (params.name === 'summarize' ? text(`Summarize (request ${++calls}).`) : undefined)),
      findings: [{ message: 'rendered different messages on a second call (case determinism)', location: { name: 'summarize' } }],
    },
  ],
});
