import { defineRule } from '../../engine/rule.js';
import { poisoningMatches } from './heuristics.js';
import { excerpt, normalizedOf, surfaceTexts, unscannedNote } from './texts.js';

export const toolPoisoning = defineRule({
  id: 'security/tool-poisoning',
  family: 'security',
  needs: ['tools', 'prompts', 'resources', 'resourceTemplates'],
  description: 'No description or instruction addresses the model with injected orders (ignore instructions, hide from the user, exfiltrate, read secrets).',
  defaultSeverity: 'warning',
  spec: {
    texts: {
      '2025-11-25': {
        keyword: 'none',
        binds: 'server',
        section: 'schema#tool',
        quote: 'Tool: This can be used by clients to improve the LLM\'s understanding of available tools. It can be thought of like a "hint" to the model.',
        note: 'Descriptions reach the model; no sentence limits what they may say. The scan is a best practice against prompt injection.',
      },
      '2025-06-18': {
        keyword: 'none',
        binds: 'server',
        section: 'schema#tool',
        quote: 'Tool: This can be used by clients to improve the LLM\'s understanding of available tools. It can be thought of like a "hint" to the model.',
        note: 'Descriptions reach the model; no sentence limits what they may say. The scan is a best practice against prompt injection.',
      },
      '2025-03-26': {
        keyword: 'none',
        binds: 'server',
        section: 'server/tools#tool',
        quote: 'Tool: This can be used by clients to improve the LLM\'s understanding of available tools. It can be thought of like a "hint" to the model.',
        note: 'Descriptions reach the model; no sentence limits what they may say. The scan is a best practice against prompt injection.',
      },
      '2024-11-05': {
        keyword: 'none',
        binds: 'server',
        section: 'server/tools#tool',
        quote: 'Tool: A human-readable description of the tool.',
        note: 'Descriptions reach the model; no sentence limits what they may say. The scan is a best practice against prompt injection.',
      },
    },
  },
  docs:
    'Descriptions reach the model verbatim, so a server can smuggle orders into them ("tool poisoning"). mcpact ' +
    'scans every description a server sends, at any depth (tools, parameters in input and output schemas, prompts ' +
    "and their arguments, resources, templates) and the server's `instructions`, after folding Unicode (NFKC) and " +
    'removing invisible characters. Categories, each reported once per text with the offending excerpt: ' +
    '`override` (ignore/disregard previous instructions, "new instructions:", "you are now ..."), `concealment` ' +
    '(do not tell the user, keep this secret from the user, silently send), `hidden-step` (`<IMPORTANT>` or ' +
    '`<system>` tags, "note to the assistant:"), `exfiltration` (send the conversation, credentials or file ' +
    'contents to a URL or e-mail address that is not a documentation example such as example.com; "always bcc ' +
    '..."), `sensitive-path` (a directive to read ~/.ssh, id_rsa, .env, ~/.aws/credentials, mcp.json and pass ' +
    'the content on). Patterns need an attack verb and its object together, never one scary word, and are tested ' +
    'against a benign corpus of 200+ real-world descriptions that must stay silent. A justified case (a security ' +
    'tool whose description quotes an attack) is silenced per server with `rules: { security/tool-poisoning: off }` ' +
    'under that server in mcpact.yaml. Of a text longer than 65,536 characters only the first 65,536 are scanned ' +
    "(the rule's note says so). No sentence of the specification limits what a description may say, so this is " +
    'a best practice, a warning by default; `rules: { security/tool-poisoning: error }` makes it fail a build.',
  check({ surface, cache, report, note }) {
    const texts = surfaceTexts({ surface, cache }).filter((text) => text.field === 'description' || text.field === 'instructions' || text.field === 'title');
    const unscanned = unscannedNote(texts);
    if (unscanned !== undefined) note(unscanned);
    for (const text of texts) {
      const normalized = normalizedOf(cache, text);
      for (const match of poisoningMatches(normalized)) {
        const quoted = excerpt(normalized, match.index, match.length);
        report({
          message: `${text.owner} ${text.field} ${match.what}: "${quoted.slice(0, 80)}"`,
          location: text.location,
          data: { category: match.category, excerpt: quoted },
        });
      }
    }
  },
});
