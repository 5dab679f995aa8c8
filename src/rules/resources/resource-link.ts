import { defineRule, type RuleContext } from '../../engine/rule.js';
import { resourceLimits } from '../../config/resources.js';
import { answerOf } from '../../exercise/answers.js';
import { LINKS_READ } from '../../exercise/kept-outcome.js';
import { exercisePrompts } from '../../exercise/prompts/exercise.js';
import { capped, sharedRead } from '../../exercise/resources.js';
import { outcomesOf, toolPlan } from '../../exercise/tools.js';
import type { Location } from '../../model/location.js';
import { asRecord } from '../../util/json.js';
import { quote, truncate } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import { NOT_FOUND_CODES, quoteUri, standing } from './shared.js';
import { since } from '../../model/spec.js';

/** The rules whose runs make the valid tools/call requests and the prompts/get renders this rule looks into. */
const TOOL_CALLERS = ['tools/valid-input', 'tools/structured-content', 'tools/structured-text'];
const PROMPT_RENDERERS = ['prompts/message-shape', 'prompts/optional-arguments', 'prompts/determinism'];

interface Link {
  uri: string;
  location: Location;
  where: string;
}

/** resource_link blocks in content arrays (tool results) or in messages' content (prompt renders). */
function linksIn(result: unknown): string[] {
  const record = asRecord(result);
  const blocks = Array.isArray(record?.content)
    ? record.content
    : Array.isArray(record?.messages)
      ? record.messages.map((message) => asRecord(message)?.content)
      : [];
  return blocks.slice(0, LINKS_READ).flatMap((block) => {
    const link = asRecord(block);
    return link?.type === 'resource_link' && typeof link.uri === 'string' ? [link.uri] : [];
  });
}

async function collect(context: RuleContext): Promise<{ links: Link[]; looked: string[] }> {
  const links: Link[] = [];
  const looked: string[] = [];
  if (context.surface.capabilities.tools !== undefined && TOOL_CALLERS.some((id) => context.running.has(id))) {
    looked.push('tool results');
    for (const { call, outcome } of await outcomesOf(context, toolPlan(context).valid)) {
      if (outcome.kind !== 'result' || call.tool === undefined) continue;
      for (const uri of linksIn(outcome.result))
        links.push({ uri, location: { kind: 'tool', name: truncate(call.tool, 200) }, where: `tool ${quote(call.tool, 60)}` });
    }
  }
  if (context.surface.capabilities.prompts !== undefined && PROMPT_RENDERERS.some((id) => context.running.has(id))) {
    looked.push('prompt messages');
    for (const prompt of (await exercisePrompts(context)).prompts) {
      for (const result of prompt.results) {
        if (result.outcome.kind !== 'result') continue;
        for (const uri of linksIn(result.outcome.result))
          links.push({ uri, location: { kind: 'prompt', name: truncate(prompt.prompt.name, 200) }, where: `prompt ${quote(prompt.prompt.name, 60)}` });
      }
    }
  }
  const seen = new Set<string>();
  return { links: links.filter((link) => !seen.has(link.uri) && seen.add(link.uri)), looked };
}

export const resourceLink = defineRule({
  id: 'resources/resource-link',
  family: 'resources',
  description: 'Every resource_link in the tool results and prompt messages mcpact gets anyway points to a resource that can be read.',
  defaultSeverity: 'warning',
  spec: {
    texts: since('2025-06-18', {
      keyword: 'MAY',
      binds: 'server',
      section: 'server/tools#resource-links',
      quote: 'A tool MAY return links to Resources, to provide additional context or data.',
      note: 'A link is "a URI that can be subscribed to or fetched by the client"; a link that cannot be read breaks that, at the level of a best practice.',
    }),
  },
  docs:
    'Tools (and prompts) may answer with `resource_link` content: a URI the client can read. mcpact looks into ' +
    'the tool results of the valid calls the safe-call policy already allows (only when the tools rules that make ' +
    'them run: no tool is called for this rule) and into the prompt renders of the prompts rules, and reads every ' +
    'linked URI once (up to `resources.max_reads`). A link whose read fails (-32002 and -32602 included: the server ' +
    'says it does not exist) is a finding on the tool or prompt. A link need not be listed in resources/list.',
  async check(context) {
    const { links, looked } = await collect(context);
    if (looked.length === 0) return context.skip('no tool results or prompt renders to look into (the rules that make them are not running)');
    if (links.length === 0) return context.skip(`no resource_link content in the ${looked.join(' or ')} of this run`);
    const { maxReads } = resourceLimits(context.settings.resources);
    const { taken, left } = capped(links, maxReads);
    if (left > 0) context.note(`${left} links not followed (resources.max_reads is ${maxReads})`);
    const undecided: string[] = [];
    for (const link of taken) {
      const read = await sharedRead(context, link.uri);
      const stand = standing(read);
      if (stand.kind === 'undecided') undecided.push(stand.why);
      if (stand.kind !== 'failed') continue;
      const outcome = stand.outcome;
      const notFound = outcome.kind === 'error' && NOT_FOUND_CODES.includes(outcome.code);
      context.report({
        message: `${link.where} links ${quoteUri(link.uri)}, which cannot be read: ${describeOutcome(outcome)}${notFound ? ' (not found)' : ''}`,
        location: link.location,
        answer: answerOf(outcome),
        data: { uri: link.uri, outcome: outcome.kind, ...(outcome.kind === 'error' && { code: outcome.code }) },
      });
    }
    if (undecided.length > 0) context.inconclusive(`${undecided.length} links not judged: ${undecided.slice(0, 3).join('; ')}`);
  },
});
