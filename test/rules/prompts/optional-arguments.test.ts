import { optionalArguments } from '../../../src/rules/prompts/optional-arguments.js';
import { ruleTester } from '../../support/rule-tester.js';
import { codeReview, promptServer, text } from './support.js';

ruleTester(optionalArguments, {
  valid: [
    { name: 'strict server', server: promptServer() },
    { name: 'empty optional rejected with -32602', server: promptServer((args) => (args.focus === '' ? { error: { code: -32602, message: 'focus empty' } } : undefined)) },
  ],
  invalid: [
    {
      name: 'optional treated as required',
      server: promptServer((args, params) => (params.name === 'code_review' && args.focus === undefined ? { error: { code: -32602, message: 'Missing focus' } } : undefined)),
      findings: [
        { message: 'case minimum) got JSON-RPC error -32602', location: { kind: 'prompt', name: 'code_review' }, data: { case: 'minimum', verdict: 'rejected' } },
        { message: 'without optional argument "focus" (case optional-omitted)', data: { case: 'optional-omitted', argument: 'focus' } },
      ],
    },
    {
      name: 'empty optional renders differently from omission',
      server: promptServer((args) => (args.focus === '' ? text('Focus: ') : undefined)),
      findings: [{ message: 'sent empty renders differently from leaving it out', data: { case: 'optional-empty', argument: 'focus' } }],
    },
  ],
  skipped: [
    { name: 'no prompts capability', server: { tools: [] }, skipped: 'declares no prompts' },
    {
      name: 'no accepted map: skipped with a hint, not failed',
      server: { prompts: [codeReview], handle: (method) => (method === 'prompts/get' ? { error: { code: -32602, message: 'unknown language' } } : undefined) },
      skipped: 'add example values under prompts.code_review.arguments',
    },
  ],
});
