import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { surfaceTexts } from './texts.js';

/** Characters as a reader counts them (a surrogate pair is one), without copying a text that may be megabytes long. */
function codePoints(text: string): number {
  let pairs = 0;
  for (let index = 0; index < text.length - 1; index++) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++;
        index++;
      }
    }
  }
  return text.length - pairs;
}

/** Longer than any honest description mcpact has seen: where injected text tends to hide. */
export const ITEM_LIMIT = 3_000;
export const PARAMETER_LIMIT = 1_000;

export const longDescription = defineRule({
  id: 'security/long-description',
  family: 'security',
  needs: ['tools', 'prompts', 'resources', 'resourceTemplates'],
  description: 'Descriptions stay short enough to review: items under 3,000 characters, parameters and arguments under 1,000.',
  defaultSeverity: 'info',
  spec: {
    basis: 'policy',
    policy:
      'Descriptions stay short enough for a person to review what the model reads: items under 3,000 characters, parameters and arguments under 1,000. No sentence limits their length.',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'server',
        section: 'server/tools#tool',
        quote: 'Tool: A human-readable description of the tool.',
        note: 'No sentence limits the length of a description.',
      },
      {
        '2025-03-26': {
          quote: 'Tool: This can be used by clients to improve the LLM\'s understanding of available tools. It can be thought of like a "hint" to the model.',
        },
        '2025-06-18': { section: 'schema#tool' },
      },
    ),
  },
  docs:
    'Nobody reviews a 10,000-character tool description, and that is where poisoned text tends to hide (below ' +
    'the fold of every UI that shows it). Reported for information: tool, prompt, resource and template ' +
    "descriptions over 3,000 characters, and parameter or prompt-argument descriptions over 1,000. The server's " +
    '`instructions` are exempt, as they are meant to be long. Move reference material into a resource the model ' +
    'can read on demand.',
  check({ surface, cache, report }) {
    for (const text of surfaceTexts({ surface, cache })) {
      if (text.field !== 'description') continue;
      const limit = text.owner === 'parameter' || text.owner === 'prompt argument' ? PARAMETER_LIMIT : ITEM_LIMIT;
      const length = codePoints(text.text);
      if (length <= limit) continue;
      report({
        message: `${text.owner} description is ${length} characters long (over ${limit}): hard to review, easy to hide text in`,
        location: text.location,
        data: { length, limit },
      });
    }
  },
});
