import { defineRule } from '../../engine/rule.js';
import { LONG_VALUE_LENGTH } from '../../exercise/prompts/matrix.js';
import { casesNamed, exercisedPrompts, FAILURES_ONLY, quoteName, reportVerdicts } from './shared.js';

export const robustness = defineRule({
  id: 'prompts/robustness',
  family: 'prompts',
  needs: ['prompts'],
  description: 'A 64 KiB value and a value with bidi overrides, zero-width characters and NUL cause no crash, hang or garbled answer.',
  defaultSeverity: 'error',
  spec: {
    texts: {
      '2025-11-25': {
        keyword: 'MUST',
        binds: 'both',
        section: 'basic/index#messages',
        quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0: the Server MUST reply with a Response to every request that is not a notification; a crash, a hang or a reply that is neither a result nor an error does not.',
      },
      '2025-06-18': {
        keyword: 'MUST',
        binds: 'both',
        section: 'basic/index#messages',
        quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0: the Server MUST reply with a Response to every request that is not a notification; a crash, a hang or a reply that is neither a result nor an error does not.',
      },
      '2025-03-26': {
        keyword: 'MUST',
        binds: 'both',
        section: 'basic/index#messages',
        quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0: the Server MUST reply with a Response to every request that is not a notification; a crash, a hang or a reply that is neither a result nor an error does not.',
      },
      '2024-11-05': {
        keyword: 'MUST',
        binds: 'both',
        section: 'basic/messages',
        quote: 'All messages in MCP MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0: the Server MUST reply with a Response to every request that is not a notification; a crash, a hang or a reply that is neither a result nor an error does not.',
      },
      '2026-07-28': {
        keyword: 'MUST',
        binds: 'both',
        section: 'basic/index#messages',
        quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
        note: 'JSON-RPC 2.0: the Server MUST reply with a Response to every request that is not a notification; a crash, a hang or a reply that is neither a result nor an error does not.',
      },
    },
  },
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
