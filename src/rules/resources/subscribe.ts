import { defineRule } from '../../engine/rule.js';
import { ABSENT, since } from '../../model/spec.js';
import { answerOf } from '../../exercise/answers.js';
import { listedResources, templateSamples } from '../../exercise/resources.js';
import { asRecord } from '../../util/json.js';
import { describeOutcome } from '../outcome.js';
import { isModern, quoteUri, resourceLocation } from './shared.js';

/** The URI mcpact subscribes to: the first listed resource, else the first expanded template. */
export async function subscriptionUri(context: Parameters<typeof templateSamples>[0]): Promise<string | undefined> {
  return listedResources(context.surface)[0]?.uri ?? (await templateSamples(context)).find((sample) => sample.uri !== undefined)?.uri;
}

export const subscribe = defineRule({
  id: 'resources/subscribe',
  family: 'resources',
  skipIn: { modern: '2026-07-28 has no resources/subscribe (subscriptions/listen replaced it)' },
  needs: ['resources', 'resourceTemplates'],
  description: 'With resources.subscribe declared, resources/subscribe and resources/unsubscribe of a listed resource answer {}.',
  defaultSeverity: 'warning',
  spec: {
    checklist: 'R3',
    texts: since(
      '2024-11-05',
      {
        keyword: 'none',
        binds: 'server',
        section: 'server/resources#capabilities',
        quote: '`subscribe`: whether the client can subscribe to be notified of changes to individual resources.',
        note: 'resources/subscribe and resources/unsubscribe answer an EmptyResult (schema.ts); the text sets no level, so this is a best practice.',
      },
      { '2026-07-28': ABSENT },
    ),
  },
  docs:
    'A server that declares `resources: { subscribe: true }` promises that clients can subscribe to a resource and ' +
    'hear `notifications/resources/updated` when it changes. mcpact subscribes to the first listed resource (or the ' +
    'first expanded template) and unsubscribes again; both must answer with a result (an EmptyResult, `{}`). ' +
    '2026-07-28 replaced both methods with `subscriptions/listen`, so the rule does not apply there. Without the ' +
    'capability, the methods must not answer as if it were declared: resources/subscribe-undeclared.',
  async check(context) {
    if (isModern(context.surface.protocolVersion)) return context.skip('2026-07-28 has no resources/subscribe (subscriptions/listen replaced it)');
    if (asRecord(context.surface.capabilities.resources)?.subscribe !== true) return context.skip('the server does not declare resources.subscribe');
    const uri = await subscriptionUri(context);
    if (uri === undefined) return context.skip('no resource to subscribe to: none listed, no template expanded');
    for (const method of ['resources/subscribe', 'resources/unsubscribe'] as const) {
      const outcome = await context.probe.request(method, { uri });
      if (outcome.kind === 'timeout') {
        context.inconclusive(`${method} of ${quoteUri(uri)} got ${describeOutcome(outcome)}`);
        continue;
      }
      if (outcome.kind === 'result' && asRecord(outcome.result) !== undefined) continue;
      context.report({
        message: `${method} of ${quoteUri(uri)} got ${outcome.kind === 'result' ? 'a result that is not an object' : describeOutcome(outcome)}; with resources.subscribe declared it must answer {}`,
        location: resourceLocation(uri),
        answer: answerOf(outcome),
        data: { method, uri, outcome: outcome.kind, ...(outcome.kind === 'error' && { code: outcome.code }) },
      });
    }
  },
});
