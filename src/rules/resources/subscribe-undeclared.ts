import { defineRule } from '../../engine/rule.js';
import { ABSENT, since } from '../../model/spec.js';
import { answerOf } from '../../exercise/answers.js';
import { asRecord } from '../../util/json.js';
import { describeOutcome } from '../outcome.js';
import { isModern, quoteUri } from './shared.js';
import { subscriptionUri } from './subscribe.js';

export const subscribeUndeclared = defineRule({
  id: 'resources/subscribe-undeclared',
  family: 'resources',
  skipIn: { modern: '2026-07-28 has no resources/subscribe (subscriptions/listen replaced it)' },
  needs: ['resources', 'resourceTemplates'],
  description: 'Without resources.subscribe declared, resources/subscribe gets -32601, not a result.',
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
        note: 'Without the flag a client cannot subscribe, and the server may not send notifications/resources/updated (protocol/negotiated-capabilities); the completion page words the same case as "Method not found: -32601 (Capability not supported)". The text sets no level, so this is a best practice.',
      },
      { '2026-07-28': ABSENT },
    ),
  },
  docs:
    'A server that declares `resources` but not `subscribe` tells clients they cannot subscribe. If it answers ' +
    '`resources/subscribe` with `{}` anyway, the client believes it is subscribed and waits for updates the server ' +
    'may not send (it never declared the capability). mcpact subscribes to the first listed resource and expects ' +
    '-32601 (method not found); -32602 and other errors are accepted as a refusal, a result is the finding (and ' +
    'mcpact unsubscribes again).',
  async check(context) {
    if (isModern(context.surface.protocolVersion)) return context.skip('2026-07-28 has no resources/subscribe (subscriptions/listen replaced it)');
    const resources = asRecord(context.surface.capabilities.resources);
    if (resources === undefined) return context.skip('the server does not declare resources');
    if (resources.subscribe === true) return context.skip('the server declares resources.subscribe (resources/subscribe judges it)');
    const uri = await subscriptionUri(context);
    if (uri === undefined) return context.skip('no resource to subscribe to: none listed, no template expanded');
    const outcome = await context.probe.request('resources/subscribe', { uri });
    if (outcome.kind === 'timeout') return context.inconclusive(`resources/subscribe of ${quoteUri(uri)} got ${describeOutcome(outcome)}`);
    if (outcome.kind !== 'result') return;
    await context.probe.request('resources/unsubscribe', { uri });
    context.report({
      message: `resources/subscribe of ${quoteUri(uri)} answered with a result, but resources.subscribe is not declared; expected JSON-RPC error -32601`,
      location: { kind: 'server', pointer: '/capabilities/resources/subscribe' },
      answer: answerOf(outcome),
      data: { uri, expected: -32601 },
    });
  },
});
