import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { problemKind } from '../../exercise/prompts/kept-rendering.js';
import { caseData, exercisedPrompts, promptLocation, quoteName } from './shared.js';

export const messageShape = defineRule({
  id: 'prompts/message-shape',
  family: 'prompts',
  needs: ['prompts'],
  description: 'Every rendered result has messages with role user or assistant and valid content blocks.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'PR4',
    texts: since(
      '2024-11-05',
      {
        keyword: 'SCHEMA',
        binds: 'server',
        section: 'server/prompts#promptmessage',
        quote: 'PromptMessage: role: Role; content: TextContent | ImageContent | EmbeddedResource;',
        note: 'Role is "user" | "assistant".',
      },
      {
        '2025-03-26': { quote: 'PromptMessage: role: Role; content: TextContent | ImageContent | AudioContent | EmbeddedResource;' },
        '2025-06-18': { section: 'schema#promptmessage', quote: 'PromptMessage: role: Role; content: ContentBlock;' },
      },
    ),
  },
  docs:
    'Checked on every successful prompts/get of the matrix: `messages` is a non-empty array; each message has role ' +
    '`user` or `assistant` and one content block: text (with a `text` string), image or audio (base64 `data` and a ' +
    '`mimeType`), `resource_link` (an absolute `uri` and a `name`) or an embedded `resource` (absolute `uri`, and ' +
    '`text` or base64 `blob`). Each problem is reported once per prompt, with the case that showed it first. A ' +
    'problem whose value is one mcpact sent in that case (an argument embedded as a resource URI, a role, a MIME ' +
    "type) is not the server's: it is named in the rule's note, never a finding. mcpact sends URI arguments a URI " +
    "(one of the server's own listed resources first), so a server that embeds the value it is given renders a " +
    'valid result.',
  async check(context) {
    const exercised = await exercisedPrompts(context);
    if (!exercised) return;
    const echoed = new Set<string>();
    for (const prompt of exercised.prompts) {
      const seen = new Set<string>();
      for (const result of prompt.results) {
        for (const problem of result.rendered?.problems ?? []) {
          // The value is one mcpact sent in this case (a URI argument embedded as given): mcpact's choice, not the
          // server's defect (exercise/injected.ts).
          if (problem.injected) {
            echoed.add(`${quoteName(prompt.prompt.name)} case ${result.case}: ${problem.message}`);
            continue;
          }
          const key = problemKind(problem);
          if (seen.has(key)) continue;
          seen.add(key);
          context.report({
            message: `rendered result: ${problem.message} (case ${result.case})`,
            location: promptLocation(prompt.prompt.name, problem.pointer),
            data: caseData(result, context.runtime.showValues),
          });
        }
      }
    }
    if (echoed.size > 0) {
      const list = [...echoed];
      context.note(
        `not judged: ${list.length} shape problems sit in a value mcpact sent, which the server rendered as given (${list.slice(0, 3).join('; ')}${list.length > 3 ? '; …' : ''})`,
      );
    }
  },
});
