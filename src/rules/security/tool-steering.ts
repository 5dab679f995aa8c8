import { defineRule } from '../../engine/rule.js';
import { items } from '../../surface/items.js';
import { steeringMatches } from './heuristics.js';
import { excerpt, normalizedOf, surfaceTexts, unscannedNote } from './texts.js';

export const toolSteering = defineRule({
  id: 'security/tool-steering',
  family: 'security',
  needs: ['tools', 'prompts', 'resources', 'resourceTemplates'],
  description: 'No description steers the model away from other tools ("always use this tool instead of ...").',
  defaultSeverity: 'warning',
  spec: {
    texts: {
      '2025-11-25': {
        keyword: 'none',
        binds: 'server',
        section: 'schema#tool',
        quote: 'Tool: This can be used by clients to improve the LLM\'s understanding of available tools. It can be thought of like a "hint" to the model.',
        note: 'Descriptions reach the model; no sentence limits what they may say about other tools.',
      },
      '2025-06-18': {
        keyword: 'none',
        binds: 'server',
        section: 'schema#tool',
        quote: 'Tool: This can be used by clients to improve the LLM\'s understanding of available tools. It can be thought of like a "hint" to the model.',
        note: 'Descriptions reach the model; no sentence limits what they may say about other tools.',
      },
      '2025-03-26': {
        keyword: 'none',
        binds: 'server',
        section: 'server/tools#tool',
        quote: 'Tool: This can be used by clients to improve the LLM\'s understanding of available tools. It can be thought of like a "hint" to the model.',
        note: 'Descriptions reach the model; no sentence limits what they may say about other tools.',
      },
      '2024-11-05': {
        keyword: 'none',
        binds: 'server',
        section: 'server/tools#tool',
        quote: 'Tool: A human-readable description of the tool.',
        note: 'Descriptions reach the model; no sentence limits what they may say about other tools.',
      },
    },
  },
  docs:
    'A description that tells the model to always prefer this tool over any other, never to use other tools, or ' +
    "that it replaces a tool this server does not have, competes for the model's trust with the other servers a " +
    'host has connected. Guidance between a server\'s own tools is normal ("use read_multiple_files instead of ' +
    'read_file for several files") and stays silent: a phrase that names a tool is reported only when that tool is ' +
    "not one of this server's. Warning by default: steering is a weaker signal than the injections of " +
    'security/tool-poisoning. Silence a justified case with `rules: { security/tool-steering: off }` under the ' +
    "server. Of a text longer than 65,536 characters only the first 65,536 are scanned (the rule's note says so).",
  check({ surface, cache, report, note }) {
    const own = new Set(items(surface, 'tools').flatMap((item) => (typeof item.record?.name === 'string' ? [item.record.name] : [])));
    const texts = surfaceTexts({ surface, cache }).filter((text) => text.field === 'description' || text.field === 'instructions');
    const unscanned = unscannedNote(texts);
    if (unscanned !== undefined) note(unscanned);
    for (const text of texts) {
      const normalized = normalizedOf(cache, text);
      const match = steeringMatches(normalized).find((found) => found.named === undefined || !own.has(found.named));
      if (!match) continue;
      const quoted = excerpt(normalized, match.index, match.length);
      report({
        message: `${text.owner} ${text.field} ${match.what}: "${quoted.slice(0, 80)}"`,
        location: text.location,
        data: { excerpt: quoted, ...(match.named !== undefined && { named: match.named }) },
      });
    }
  },
});
