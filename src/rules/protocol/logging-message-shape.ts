import { defineRule } from '../../engine/rule.js';
import { since } from '../../model/spec.js';
import { asRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { LOGGING_LEVELS } from './logging-set-level.js';

const KNOWN = new Set<string>(LOGGING_LEVELS);

export const loggingMessageShape = defineRule({
  id: 'protocol/logging-message-shape',
  family: 'protocol',
  description: 'Every notifications/message the server sends has one of the eight levels, data, and a string logger if any.',
  defaultSeverity: 'error',
  spec: {
    checklist: 'G1',
    texts: since('2024-11-05', {
      keyword: 'SCHEMA',
      binds: 'server',
      section: 'server/utilities/logging#log-message-notifications',
      quote: 'LoggingLevel: The severity of a log message.',
      note: 'LoggingMessageNotification params: `level: LoggingLevel`, `logger?: string`, `data: unknown` (required).',
    }),
  },
  docs:
    'mcpact watches the log messages the server sends during the whole run (the rule runs after the others; ' +
    'protocol/logging-set-level asks for every level, so a server that logs has its chance). Each must carry ' +
    '`params.level` among debug, info, notice, warning, error, critical, alert and emergency, a `data` member (any ' +
    'JSON), and `logger` as a string when present. A client filters and displays by level, so an unknown one is ' +
    'lost. Whether the server may log at all is protocol/negotiated-capabilities.',
  afterOthers: true,
  check(context) {
    const messages = context.probe.notificationsOf('notifications/message');
    if (messages.length === 0) return context.skip('the server sent no notifications/message during the run');
    for (const message of messages) {
      const params = asRecord(asRecord(message)?.params);
      const problems: string[] = [];
      if (params === undefined) problems.push('it has no params object');
      else {
        if (typeof params.level !== 'string' || !KNOWN.has(params.level)) problems.push(`params.level ${quote(params.level, 40)} is not a LoggingLevel`);
        if (!('data' in params)) problems.push('params.data is missing');
        if (params.logger !== undefined && typeof params.logger !== 'string') problems.push('params.logger must be a string');
      }
      for (const problem of problems) {
        context.report({ message: `notifications/message: ${problem}`, location: { kind: 'server' }, data: { method: 'notifications/message' } });
      }
    }
  },
});
