import { unknownArgument } from '../../../src/rules/prompts/unknown-argument.js';
import { ruleTester } from '../../support/rule-tester.js';
import { UNKNOWN_ARGUMENT } from '../../../src/exercise/injected.js';
import { codeReview, promptServer, renderWithout, STATE } from './support.js';

const declared = new Set(codeReview.arguments.map((argument) => argument.name).concat('text'));
const ignoresUnknown = promptServer((_args, params, spec) => renderWithout(spec, params, (key) => !declared.has(key)));

/** 2026-07-28: an undeclared argument makes the server ask for input again and again. */
const asksForever = promptServer((args) => (UNKNOWN_ARGUMENT in args ? { result: { resultType: 'input_required', requestState: STATE } } : undefined), {
  modern: true,
});

ruleTester(unknownArgument, {
  valid: [{ name: 'strict server', server: promptServer() }],
  invalid: [
    {
      name: 'ignores unknown and case-variant keys',
      server: ignoresUnknown,
      findings: [
        // prompts/get takes any argument key: ignoring one is leniency the spec permits.
        {
          message: 'argument "focus" sent as "Focus" (case case-variant-argument) was silently accepted',
          location: { name: 'code_review' },
          data: { case: 'case-variant-argument', variant: 'Focus' },
          basis: 'policy',
          lenient: true,
          severity: 'info',
        },
        // The same answer on both prompts: one cause, one finding.
        {
          message: 'undeclared argument "mcpact_unknown_argument" (case unknown-argument)',
          location: { name: 'code_review' },
          count: 2,
          basis: 'policy',
          lenient: true,
          severity: 'info',
        },
      ],
    },
    {
      name: 'refuses unknown keys with -32603',
      server: promptServer((args) => (UNKNOWN_ARGUMENT in args ? { error: { code: -32603, message: 'unknown key' } } : undefined)),
      findings: [
        {
          message: 'undeclared argument "mcpact_unknown_argument" (case unknown-argument) got JSON-RPC error -32603',
          count: 2,
          basis: 'policy',
          lenient: false,
          severity: 'warning',
        },
      ],
    },
  ],
  inconclusive: [
    {
      name: 'still input required when mcpact stopped retrying',
      server: asksForever,
      era: 'modern',
      reason: 'no verdict for 2 case(s) of "code_review", "summarize": prompts/get still answered input_required when mcpact stopped retrying',
    },
  ],
  skipped: [{ name: 'policy accept', server: ignoresUnknown, settings: { prompts: { unknown_arguments: 'accept' } }, skipped: 'unknown_arguments is accept' }],
});
