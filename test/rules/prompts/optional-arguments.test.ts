import { optionalArguments } from '../../../src/rules/prompts/optional-arguments.js';
import { ruleTester } from '../../support/rule-tester.js';
import { codeReview, promptServer, text } from './support.js';

ruleTester(optionalArguments, {
  valid: [
    { name: 'strict server', server: promptServer() },
    {
      name: 'empty optional rejected with -32602',
      server: promptServer((args) => (args.focus === '' ? { error: { code: -32602, message: 'focus empty' } } : undefined)),
    },
  ],
  invalid: [
    {
      name: 'optional treated as required',
      server: promptServer((args, params) =>
        params.name === 'code_review' && args.focus === undefined ? { error: { code: -32602, message: 'Missing focus' } } : undefined,
      ),
      findings: [
        {
          message: 'without optional argument "focus" (case optional-omitted) got JSON-RPC error -32602',
          location: { kind: 'prompt', name: 'code_review' },
          data: { case: 'optional-omitted', argument: 'focus', verdict: 'rejected' },
          // "Whether this argument must be provided": the declaration itself says it need not be.
          basis: 'spec',
          severity: 'error',
        },
      ],
    },
    {
      name: 'minimum rejected when there are two optional arguments',
      server: {
        prompts: [
          {
            name: 'brief',
            description: 'd',
            arguments: [
              { name: 'topic', required: true },
              { name: 'tone', required: false },
              { name: 'length', required: false },
            ],
          },
        ],
        handle: (method, params) => {
          const args = (params?.arguments ?? {}) as Record<string, unknown>;
          return method === 'prompts/get' && args.tone === undefined && args.length === undefined
            ? { error: { code: -32602, message: 'need tone or length' } }
            : undefined;
        },
      },
      findings: [
        {
          message: 'prompt called with its required arguments only (case minimum) got JSON-RPC error -32602',
          location: { name: 'brief' },
          data: { case: 'minimum' },
        },
      ],
    },
    {
      name: 'empty optional renders differently from omission',
      server: promptServer((args) => (args.focus === '' ? text('Focus: ') : undefined)),
      // The spec says nothing about empty values: that "" means "left out" is mcpact's policy, a warning.
      findings: [
        {
          message: 'sent empty renders differently from leaving it out',
          data: { case: 'optional-empty', argument: 'focus' },
          basis: 'policy',
          lenient: false,
          severity: 'warning',
        },
      ],
    },
    {
      name: 'empty optional refused with -32603',
      server: promptServer((args) => (args.focus === '' ? { error: { code: -32603, message: 'focus is empty' } } : undefined)),
      findings: [{ message: 'sent empty (case optional-empty) got JSON-RPC error -32603', basis: 'policy', severity: 'warning' }],
    },
    {
      name: 'empty optional gets neither result nor error',
      server: promptServer((args) => (args.focus === '' ? { bare: true } : undefined)),
      findings: [
        {
          message: 'sent empty (case optional-empty) got a response with neither result nor error',
          basis: 'spec',
          severity: 'error',
          data: { verdict: 'malformed' },
        },
      ],
    },
  ],
  inconclusive: [
    // basic-memory 0.24.1 (round G): without a topic the prompt looks up the activity of `timeframe`, and mcpact's
    // made-up timeframe fails to parse. The case tries leaving `topic` out, which is fine; the error is the value's.
    {
      name: 'a case that fails on the value mcpact made up for another argument',
      server: {
        prompts: [
          {
            name: 'continue_conversation',
            description: 'Continue a previous conversation',
            arguments: [
              { name: 'topic', required: false, description: 'Topic or keyword to search for' },
              { name: 'timeframe', required: false, description: 'How far back to look for activity' },
            ],
          },
        ],
        handle: (method, params) => {
          const args = (params?.arguments ?? {}) as Record<string, unknown>;
          if (method !== 'prompts/get' || args.topic !== undefined || args.timeframe === undefined || /^\d+d$/.test(String(args.timeframe))) return undefined;
          return { error: { code: -32603, message: `Could not parse timeframe: ${String(args.timeframe)}` } };
        },
      },
      reason: 'failed on a value mcpact made up for another argument, which the error names',
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
