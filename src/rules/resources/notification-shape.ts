import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { asRecord, jsonType } from '../../util/json.js';

export const notificationShape = defineRule({
  id: 'resources/notification-shape',
  family: 'resources',
  description:
    'notifications/resources/updated carries a string params.uri, and notifications/resources/list_changed object params, whenever the server sends them.',
  defaultSeverity: 'error',
  spec: {
    texts: since('2024-11-05', {
      keyword: 'SCHEMA',
      binds: 'server',
      section: 'server/resources#subscriptions',
      quote:
        'ResourceUpdatedNotification: A notification from the server to the client, informing it that a resource has changed and may need to be read again.',
      note: 'Its params carry `uri: string`; ResourceListChangedNotification has no params beyond `_meta`.',
    }),
  },
  docs:
    'mcpact does not ask for these notifications (it cannot make a resource change); it watches every ' +
    'notification the server sends during the whole run (the rule runs after the others; the first 20 of each ' +
    'method are kept) and checks its shape: `notifications/resources/updated` needs `params.uri` as a string, ' +
    '`notifications/resources/list_changed` params, when present, must be an object. Whether the server may send ' +
    'them at all is protocol/negotiated-capabilities.',
  afterOthers: true,
  check(context) {
    const updated = context.probe.notificationsOf('notifications/resources/updated');
    const changed = context.probe.notificationsOf('notifications/resources/list_changed');
    if (updated.length === 0 && changed.length === 0) return context.skip('the server sent no resource notifications during the run');
    updated.forEach((message) => {
      const params = asRecord(asRecord(message)?.params);
      if (typeof params?.uri === 'string') return;
      context.report({
        message: `notifications/resources/updated ${params === undefined ? 'has no params object' : `params.uri must be a string, got ${jsonType(params.uri)}`}`,
        location: { kind: 'server' },
        data: { method: 'notifications/resources/updated' },
      });
    });
    changed.forEach((message) => {
      const params = asRecord(message)?.params;
      if (params === undefined || asRecord(params) !== undefined) return;
      context.report({
        message: `notifications/resources/list_changed params must be an object, got ${jsonType(params)}`,
        location: { kind: 'server' },
        data: { method: 'notifications/resources/list_changed' },
      });
    });
  },
});
