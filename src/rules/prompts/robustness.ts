import { defineRule } from '../../engine/rule.js';
import { LONG_VALUE_LENGTH } from '../../exercise/injected.js';
import { ANSWERED } from '../answered.js';
import { casesNamed, exercisedPrompts, FAILURES_ONLY, quoteName, reportVerdicts } from './shared.js';

export const robustness = defineRule({
  id: 'prompts/robustness',
  family: 'prompts',
  needs: ['prompts'],
  description: 'A 64 KiB value and a value with bidi overrides, zero-width characters and NUL cause no crash, hang or garbled answer.',
  defaultSeverity: 'error',
  spec: ANSWERED,
  docs:
    `Case \`long-value\` sends the first argument as ${LONG_VALUE_LENGTH / 1024} KiB of text; case ` +
    '`control-characters` sends it with a right-to-left override, a zero-width space, a NUL and an escape ' +
    'sequence. Users paste such text. The server must answer: a rendering (checked by the message rules) or an ' +
    'error. A crash, a hang or a response that is neither is a finding. Which error code a refusal carries is ' +
    'left to the validation rules: SDK-based servers answer invalid values with -32603, which prompts/wrong-type ' +
    'already reports, and repeating it here as an error would be noise.',
  async check(context) {
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    reportVerdicts(
      context,
      casesNamed(exercised.prompts, 'long-value', 'control-characters'),
      (result) =>
        result.case === 'long-value'
          ? `argument ${quoteName(result.argument ?? '')} sent as a ${LONG_VALUE_LENGTH / 1024} KiB value (case long-value)`
          : `argument ${quoteName(result.argument ?? '')} sent with control and invisible characters (case control-characters)`,
      FAILURES_ONLY,
    );
  },
});
