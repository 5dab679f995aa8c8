import { unknownArgument } from '../../../src/rules/prompts/unknown-argument.js';
import { ruleTester } from '../../support/rule-tester.js';
import { codeReview, promptServer, renderWithout } from './support.js';

const declared = new Set(codeReview.arguments.map((argument) => argument.name).concat('text'));
const ignoresUnknown = promptServer((_args, params, spec) => renderWithout(spec, params, (key) => !declared.has(key)));

ruleTester(unknownArgument, {
  valid: [{ name: 'strict server', server: promptServer() }],
  invalid: [
    {
      name: 'ignores unknown and case-variant keys',
      server: ignoresUnknown,
      findings: [
        {
          message: 'argument "focus" sent as "Focus" (case case-variant-argument) was silently accepted',
          location: { name: 'code_review' },
          data: { case: 'case-variant-argument', variant: 'Focus' },
        },
        // The same answer on both prompts: one cause, one finding.
        { message: 'undeclared argument "mcpact_unknown_argument" (case unknown-argument)', location: { name: 'code_review' }, count: 2 },
      ],
    },
  ],
  skipped: [{ name: 'policy accept', server: ignoresUnknown, settings: { prompts: { unknown_arguments: 'accept' } }, skipped: 'unknown_arguments is accept' }],
});
