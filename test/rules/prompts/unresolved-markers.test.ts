import { unresolvedMarkers } from '../../../src/rules/prompts/unresolved-markers.js';
import { ruleTester } from '../../support/rule-tester.js';
import { promptServer, text } from './support.js';

ruleTester(unresolvedMarkers, {
  valid: [
    { name: 'strict server', server: promptServer() },
    {
      name: 'null as an ordinary word in every rendering',
      server: promptServer((args, params) => (params.name === 'summarize' ? text(`Summarize ${String(args.text)}; return null if empty.`) : undefined)),
    },
    {
      // Case template-injection sends `language` as `{{risk}}`: rendered verbatim, twice, it is mcpact's text.
      name: 'a value mcpact sent with braces, rendered verbatim more than once',
      server: promptServer((args, params) =>
        params.name === 'code_review' && typeof args.language === 'string' && typeof args.risk === 'string'
          ? text(`Language: ${args.language}\nReview this ${args.language} change at ${args.risk} risk.${args.focus ? ` Focus: ${String(args.focus)}` : ''}`)
          : undefined,
      ),
    },
    {
      // @accesslint/mcp 0.11.1 quotes JSX in its prompt: "`{{ color: 'red' }}` → `style=\"color: red\"`".
      name: 'braces that are no placeholder, and placeholders quoted as code',
      server: promptServer((args, params) =>
        params.name === 'summarize' && typeof args.text === 'string'
          ? text(
              `Summarize ${args.text}. Inline styles like {{ color: 'red' }} become \`style="color: red"\`; write \`{{name}}\` for a slot.\n\`\`\`sh\necho \${HOME}\n\`\`\``,
            )
          : undefined,
      ),
    },
  ],
  invalid: [
    {
      name: 'undefined when the optional argument is omitted, and a leftover {{',
      server: promptServer((args, params) => {
        if (params.name === 'code_review' && typeof args.language === 'string')
          return text(`Review ${args.language}. Focus: ${args.focus === undefined ? 'undefined' : String(args.focus)}`);
        if (params.name === 'summarize' && typeof args.text === 'string') return text(`Summarize {{text}} ${args.text}`);
        return undefined;
      }),
      findings: [
        {
          message: 'unresolved "undefined" (case optional-omitted, argument "focus")',
          location: { name: 'code_review' },
          data: { anchor: 'undefined', case: 'optional-omitted' },
        },
        // One pair of braces is one marker, not a "{{" and a "}}".
        { message: 'unresolved "{{…}}" (case complete)', location: { name: 'summarize' } },
      ],
    },
    {
      name: 'a handlebars block and a template literal left over',
      server: promptServer((args, params) =>
        params.name === 'summarize' && typeof args.text === 'string' ? text(`{{#if draft}}Draft: {{/if}}Summarize \${text}: ${args.text}`) : undefined,
      ),
      findings: [
        { message: 'unresolved "${…}" (case complete)', location: { name: 'summarize' } },
        { message: 'unresolved "{{…}}" (case complete)', location: { name: 'summarize' } },
      ],
    },
  ],
});
