import { defineRule, type Report } from '../../engine/rule.js';
import { since, type RuleSpec } from '../../model/spec.js';
import { listedResources } from '../../exercise/resources.js';
import {
  LISTEN_BYTES,
  LISTEN_MESSAGES,
  LISTEN_WINDOW_MS,
  SUBSCRIPTION_ID,
  listenHttp,
  listenStdio,
  ofSubscription,
  type ListenRead,
} from '../../connect/listen-stream.js';
import type { Surface } from '../../surface/types.js';
import { isRecord, nameRecord, type JsonRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { isObject } from './modern.js';

/** The filter fields a declared capability lets mcpact ask for, the notification each brings, and the capability. */
const LISTS = [
  { field: 'toolsListChanged', method: 'notifications/tools/list_changed', capability: 'tools' },
  { field: 'promptsListChanged', method: 'notifications/prompts/list_changed', capability: 'prompts' },
  { field: 'resourcesListChanged', method: 'notifications/resources/list_changed', capability: 'resources' },
] as const;

const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';
const UPDATED = 'notifications/resources/updated';

const SPECS = {
  unrequested: {
    texts: since('2026-07-28', {
      keyword: 'MUST NOT',
      binds: 'server',
      section: 'basic/patterns/subscriptions#opening-a-stream',
      quote: 'The server MUST NOT send notification types the client has not explicitly requested.',
      note: 'Request-scoped notifications (notifications/message, notifications/progress) are never delivered on a listen stream either (basic/transports/streamable-http).',
    }),
  },
  tagged: {
    texts: since('2026-07-28', {
      keyword: 'MUST',
      binds: 'server',
      section: 'basic/index#_meta',
      quote:
        'On notifications delivered via a `subscriptions/listen` stream, the server MUST include `io.modelcontextprotocol/subscriptionId` in `_meta` so the client can correlate the notification with the originating subscription request.',
      note: 'The value is the JSON-RPC ID of the subscriptions/listen request (basic/patterns/subscriptions).',
    }),
  },
  subset: {
    texts: since('2026-07-28', {
      keyword: 'none',
      binds: 'server',
      section: 'basic/patterns/subscriptions#acknowledgment',
      quote: 'The `notifications` field in the acknowledgment reflects the subset the server agreed to honor.',
      note: 'SubscriptionsAcknowledgedNotificationParams requires `notifications`: the subset of the requested types the server honors.',
    }),
  },
  updatedShape: {
    texts: since('2026-07-28', {
      keyword: 'SCHEMA',
      binds: 'server',
      section: 'schema#resourceupdatednotificationparams',
      quote: 'ResourceUpdatedNotificationParams.uri: string',
    }),
  },
  jsonRpc: {
    texts: since('2026-07-28', {
      keyword: 'MUST',
      binds: 'both',
      section: 'basic/index#messages',
      quote: 'All messages between MCP clients and servers MUST follow the JSON-RPC 2.0 specification.',
      note: 'Each SSE event of the stream carries one JSON-RPC message in its data (basic/transports/streamable-http).',
    }),
  },
  graceful: {
    texts: since('2026-07-28', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'basic/patterns/subscriptions#graceful-closure',
      quote:
        'When the server ends a subscription on its own initiative (for example, during shutdown), it SHOULD respond to the original `subscriptions/listen` request with a completion result before closing the stream.',
    }),
  },
  resultShape: {
    texts: since('2026-07-28', {
      keyword: 'SCHEMA',
      binds: 'server',
      section: 'schema#subscriptionslistenresult',
      quote: 'SubscriptionsListenResult._meta: SubscriptionsListenResultMetaObject',
      note: "Its `io.modelcontextprotocol/subscriptionId` is required and equals the response's id; the Result it extends requires `resultType`.",
    }),
  },
  stopProcessing: {
    texts: since('2026-07-28', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'basic/patterns/cancellation#behavior-requirements',
      quote: 'Servers receiving cancellation notifications SHOULD: … Stop processing the cancelled request',
      note: 'On stdio a client cancels a subscription with notifications/cancelled naming the subscriptions/listen request.',
    }),
  },
  disconnect: {
    texts: since('2026-07-28', {
      keyword: 'MUST',
      binds: 'server',
      section: 'basic/patterns/cancellation#transport-specific-cancellation',
      quote: 'The server MUST treat a client disconnect as cancellation of that request.',
      note: 'Over Streamable HTTP a client cancels a subscription by closing its response stream.',
    }),
  },
  flood: {
    basis: 'policy',
    policy: `While mcpact changes nothing, a listen stream carries its acknowledgment and little else: mcpact reads at most ${LISTEN_MESSAGES} messages or ${LISTEN_BYTES / 1024 / 1024} MiB of one stream.`,
    texts: since('2026-07-28', {
      keyword: 'none',
      binds: 'server',
      section: 'basic/transports/streamable-http#receiving-messages',
      quote:
        "The server's response is itself an SSE stream that stays open and delivers the change notifications the client opted in to (such as `notifications/tools/list_changed` or `notifications/resources/updated`).",
    }),
  },
  subscribe: {
    texts: since('2026-07-28', {
      keyword: 'none',
      binds: 'server',
      section: 'server/resources#capabilities',
      quote:
        '`subscribe` : whether the server supports resource-specific update notifications for resources requested through subscriptions/listen using the resourceSubscriptions filter.',
    }),
  },
  toolsListChanged: {
    texts: since('2026-07-28', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'server/tools#list-changed-notification',
      quote:
        'When the list of available tools changes, servers that declared the `listChanged` capability SHOULD send a notification to clients that have opened a `subscriptions/listen` stream with `toolsListChanged: true`',
    }),
  },
  promptsListChanged: {
    texts: since('2026-07-28', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'server/prompts#list-changed-notification',
      quote:
        'When the list of available prompts changes, servers that declared the `listChanged` capability SHOULD send a notification to clients that have opened a `subscriptions/listen` stream with `promptsListChanged: true`',
    }),
  },
  resourcesListChanged: {
    texts: since('2026-07-28', {
      keyword: 'SHOULD',
      binds: 'server',
      section: 'server/resources#list-changed-notification',
      quote: 'When the list of available resources changes, servers that declared the `listChanged` capability SHOULD send a notification',
    }),
  },
} as const satisfies Record<string, RuleSpec>;

/** What mcpact asks for: every list whose listChanged the server declares, and the first listed resource when it declares subscribe. */
export function filterFor(surface: Surface): { filter: JsonRecord; declared: string[] } | undefined {
  const filter = nameRecord<unknown>();
  const declared: string[] = [];
  for (const { field, capability } of LISTS) {
    const declaration = surface.capabilities[capability];
    if (isRecord(declaration) && declaration.listChanged === true) {
      filter[field] = true;
      declared.push(`${capability}.listChanged`);
    }
  }
  const resources = surface.capabilities.resources;
  if (isRecord(resources) && resources.subscribe === true) {
    declared.push('resources.subscribe');
    const first = listedResources(surface)[0];
    if (first !== undefined) filter.resourceSubscriptions = [first.uri];
  }
  return declared.length === 0 ? undefined : { filter, declared };
}

/** The notification methods the filter asked for. */
function requestedMethods(filter: JsonRecord): Set<string> {
  const methods = new Set<string>(LISTS.filter(({ field }) => filter[field] === true).map(({ method }) => method));
  if (Array.isArray(filter.resourceSubscriptions)) methods.add(UPDATED);
  return methods;
}

function metaOf(message: JsonRecord): JsonRecord | undefined {
  const params = isRecord(message.params) ? message.params : undefined;
  return params && isRecord(params._meta) ? params._meta : undefined;
}

/** A message as a finding names it: its method, or what kind of answer it is. */
function name(message: JsonRecord): string {
  if (typeof message.method === 'string') return quote(message.method, 80);
  return 'error' in message ? 'an error answer to the request' : 'result' in message ? 'a result for the request' : 'a message without a method';
}

const location = { kind: 'server', pointer: '/subscriptions/listen' } as const;

/** Every verdict on one stream read; pure, so the reasons stay in one place. */
export function judgeListen(read: ListenRead, filter: JsonRecord, declared: readonly string[]): { reports: Report[]; undecided: string[] } {
  const reports: Report[] = [];
  const undecided: string[] = [];
  const say = (message: string, extra: Partial<Report> = {}) => reports.push({ message, location, ...extra });
  const { id, messages } = read;
  const isAnswer = (message: JsonRecord) => !('method' in message) && message.id === id;
  const answer = messages.find(isAnswer);
  const ackAt = messages.findIndex((message) => message.method === ACKNOWLEDGED);
  const ack = ackAt === -1 ? undefined : messages[ackAt];
  const within = `within ${read.windowMs} ms`;

  // A refusal cites what the declaration promised: list changes on the stream (SHOULD), or resource updates.
  const listed = LISTS.find(({ capability }) => declared.includes(`${capability}.listChanged`))?.field;
  const refusedSpec = listed === undefined ? SPECS.subscribe : SPECS[listed];
  if (answer !== undefined && isRecord(answer.error) && ack === undefined) {
    const code = answer.error.code;
    say(`subscriptions/listen was refused with error ${JSON.stringify(code)?.slice(0, 20)}, although the server declares ${declared.join(', ')}`, {
      data: { code, declared },
      spec: refusedSpec,
      cause: 'refused',
    });
    return { reports, undecided };
  }
  if (read.http !== undefined && (read.http.status < 200 || read.http.status >= 300) && messages.length === 0) {
    say(`subscriptions/listen was answered with HTTP ${read.http.status} and no JSON-RPC answer, although the server declares ${declared.join(', ')}`, {
      data: { status: read.http.status, declared },
      spec: refusedSpec,
      cause: 'refused',
    });
    return { reports, undecided };
  }

  // The acknowledgment first: nothing of the subscription before it, and it names the subscription and what is honoured.
  if (ack === undefined) {
    if (messages.length === 0 && read.end === 'window') undecided.push(`subscriptions/listen: no acknowledgment ${within} (the stream stayed open, silent)`);
    else if (messages.length === 0)
      say('the subscriptions/listen stream ended without notifications/subscriptions/acknowledged', { cause: 'no acknowledgment' });
    else
      say(`the first message of the subscriptions/listen stream is ${name(messages[0]!)}, and no acknowledgment came ${within}`, {
        data: { first: messages[0]!.method },
        cause: 'no acknowledgment',
      });
  } else {
    if (ackAt > 0)
      say(`${name(messages[0]!)} came on the subscriptions/listen stream before notifications/subscriptions/acknowledged`, {
        data: { first: messages[0]!.method, before: ackAt },
        cause: 'before acknowledgment',
      });
    judgeAck(ack);
  }

  // What was delivered after it: only what was asked for, each tagged with the subscription and shaped as defined.
  const requested = requestedMethods(filter);
  const judged = new Set<string>();
  let malformedUri = 0;
  for (const message of messages.slice(ackAt + 1)) {
    if (typeof message.method !== 'string' || 'id' in message) continue; // answers are judged below
    const method = message.method;
    if (method === ACKNOWLEDGED || (method === 'notifications/cancelled' && ofSubscription(message, id))) continue;
    if (!requested.has(method)) {
      if (judged.has(`type ${method}`)) continue;
      judged.add(`type ${method}`);
      say(
        `the subscriptions/listen stream delivered ${quote(method, 80)}, which mcpact did not ask for (it asked for ${[...requested].join(', ') || 'nothing'})`,
        {
          data: { method, requested: [...requested] },
          spec: SPECS.unrequested,
          cause: `unrequested ${method.slice(0, 100)}`,
        },
      );
      continue;
    }
    const tag = metaOf(message)?.[SUBSCRIPTION_ID];
    if (tag !== id && !judged.has(`tag ${method}`)) {
      judged.add(`tag ${method}`);
      say(
        `${quote(method, 80)} on the subscriptions/listen stream ${tag === undefined ? 'does not carry' : `carries ${JSON.stringify(tag)?.slice(0, 40)} as`} _meta ${SUBSCRIPTION_ID}${tag === undefined ? '' : `, not the listen request's id ${JSON.stringify(id)}`}`,
        { data: { method, subscriptionId: tag ?? null, expected: id }, spec: SPECS.tagged, cause: `tag ${method.slice(0, 100)}` },
      );
    }
    if (method === UPDATED && !(isRecord(message.params) && typeof message.params.uri === 'string')) malformedUri++;
  }
  if (malformedUri > 0)
    say(`${malformedUri} notifications/resources/updated on the subscriptions/listen stream without a uri string`, {
      data: { count: malformedUri },
      spec: SPECS.updatedShape,
    });
  if (read.unparsable > 0)
    say(
      `${read.unparsable} event${read.unparsable === 1 ? '' : 's'} of the subscriptions/listen stream ${read.unparsable === 1 ? 'is' : 'are'} not a JSON-RPC message`,
      {
        data: { unparsable: read.unparsable },
        spec: SPECS.jsonRpc,
        cause: 'unparsable',
      },
    );

  // How it ended: mcpact's close after the window is no verdict; the server's own end comes with a result.
  if (read.end === 'cap')
    say(
      `the subscriptions/listen stream delivered more than ${LISTEN_MESSAGES} messages or ${LISTEN_BYTES / 1024 / 1024} MiB ${within} while mcpact changed nothing; mcpact stopped reading it`,
      { data: { messages: messages.length + read.more, bytes: read.bytes, windowMs: read.windowMs }, spec: SPECS.flood, cause: 'flood' },
    );
  else if (read.end === 'server' && ack !== undefined) {
    if (answer === undefined || !isRecord(answer.result))
      say(
        `the server ended the subscriptions/listen stream ${within} ${answer === undefined ? 'without a result for the request' : 'with an error instead of a result'}`,
        { data: { answered: answer !== undefined }, spec: SPECS.graceful, cause: 'abrupt end' },
      );
    else {
      const result = answer.result;
      const meta = isObject(result._meta) ? result._meta : undefined;
      const missing = [...('resultType' in result ? [] : ['resultType']), ...(meta?.[SUBSCRIPTION_ID] === id ? [] : [`_meta ${SUBSCRIPTION_ID}`])];
      if (missing.length > 0)
        say(
          `the result that ended the subscriptions/listen stream lacks ${missing.join(' and ')}${meta?.[SUBSCRIPTION_ID] === undefined ? '' : ' (or names another subscription)'}`,
          {
            data: { missing },
            spec: SPECS.resultShape,
          },
        );
    }
  }
  if (read.afterCancel.length > 0)
    say(
      `${read.afterCancel.length} message${read.afterCancel.length === 1 ? '' : 's'} of the subscription came after mcpact cancelled it with notifications/cancelled and the server had answered a later request`,
      {
        data: { after: read.afterCancel.length, methods: [...new Set(read.afterCancel.map((message) => message.method ?? 'response'))].slice(0, 10) },
        spec: SPECS.stopProcessing,
      },
    );
  if (read.after.state === 'gone')
    say(
      `the server stopped serving after mcpact ${read.http ? 'closed its subscriptions/listen stream' : 'cancelled its subscription'}: server/discover found ${read.after.detail}`,
      {
        data: { after: read.after.state },
        spec: read.http ? SPECS.disconnect : SPECS.stopProcessing,
        cause: 'stopped serving',
      },
    );
  else if (read.after.state === 'silent') undecided.push(`server/discover after the subscriptions/listen stream closed: ${read.after.detail}`);
  return { reports, undecided };

  function judgeAck(message: JsonRecord): void {
    const tag = metaOf(message)?.[SUBSCRIPTION_ID];
    if (tag !== id)
      say(
        `notifications/subscriptions/acknowledged ${tag === undefined ? 'does not carry' : `carries ${JSON.stringify(tag)?.slice(0, 40)} as`} _meta ${SUBSCRIPTION_ID}${tag === undefined ? '' : `, not the listen request's id ${JSON.stringify(id)}`}`,
        { data: { subscriptionId: tag ?? null, expected: id }, cause: 'acknowledgment tag' },
      );
    const honoured = isRecord(message.params) ? message.params.notifications : undefined;
    if (!isRecord(honoured)) {
      say('notifications/subscriptions/acknowledged has no notifications filter (the subset of the requested types the server honours)', {
        spec: SPECS.subset,
        cause: 'acknowledgment filter',
      });
      return;
    }
    const extra = Object.keys(honoured).filter((key) => isGranted(honoured[key]) && !isGranted(filter[key]));
    if (extra.length > 0)
      say(`notifications/subscriptions/acknowledged honours ${extra.join(', ')}, which mcpact did not ask for`, {
        data: { extra },
        spec: SPECS.subset,
        cause: 'acknowledgment filter',
      });
    for (const { field, capability } of LISTS) {
      if (filter[field] === true && honoured[field] !== true)
        say(`notifications/subscriptions/acknowledged leaves out ${field}, although the server declares ${capability}.listChanged`, {
          data: { field },
          spec: SPECS[field],
          cause: `dropped ${field}`,
        });
    }
  }
}

/** A filter field that asks for something: true, or a non-empty list of URIs. */
function isGranted(value: unknown): boolean {
  return value === true || (Array.isArray(value) && value.length > 0);
}

export const subscriptionsListen = defineRule({
  id: 'protocol/subscriptions-listen',
  family: 'protocol',
  description:
    'Where the server declares listChanged or resource subscriptions, subscriptions/listen opens a stream that acknowledges first, delivers only what was asked for, tagged with the subscription, stays within bounds and closes cleanly.',
  defaultSeverity: 'error',
  severityFollowsRevision: true,
  spec: {
    texts: since('2026-07-28', {
      keyword: 'MUST',
      binds: 'server',
      section: 'basic/patterns/subscriptions#acknowledgment',
      quote:
        "The server MUST send `notifications/subscriptions/acknowledged` as the first message carrying the subscription's ID in `_meta` under `io.modelcontextprotocol/subscriptionId`, and MUST NOT send any notification on the subscription before it.",
    }),
  },
  alsoQuotes: SPECS,
  docs:
    'In 2026-07-28 list changes and resource updates come only on a `subscriptions/listen` stream. Where the server ' +
    'declares `listChanged` on tools, prompts or resources, or `resources.subscribe`, mcpact opens one on a connection ' +
    'of its own (a fresh child over stdio, its own POST over Streamable HTTP), asking for every list whose ' +
    '`listChanged` is declared and for updates of the first listed resource. It reads the stream for call_ms (at most ' +
    `${LISTEN_WINDOW_MS / 1000} s), ${LISTEN_MESSAGES} messages or ${LISTEN_BYTES / 1024 / 1024} MiB, then closes it as a client cancels: ` +
    'it closes the response stream (HTTP), or sends `notifications/cancelled` naming the request (stdio). mcpact ' +
    'changes nothing on the server, so a stream may well carry only its acknowledgment. Findings: a refusal of the ' +
    'request; a first message that is not `notifications/subscriptions/acknowledged`, or an acknowledgment without ' +
    "the request's id in `_meta` `io.modelcontextprotocol/subscriptionId` (MUST); an acknowledged filter that " +
    'honours what was not asked for, or leaves out a list whose `listChanged` the server declares (SHOULD); a ' +
    'notification type not asked for, `notifications/message` and `notifications/progress` included (MUST NOT), or ' +
    'one without the subscription id (MUST); a `notifications/resources/updated` without its `uri`; a server that ' +
    'ends the stream itself without a `subscriptions/listen` result (SHOULD), or with a result lacking `resultType` ' +
    'or the subscription id; messages of the subscription after the cancel was answered (stdio, SHOULD); a server ' +
    "that stops answering server/discover once mcpact closed the stream; and a stream that reaches mcpact's bounds " +
    'while nothing changes (mcpact policy, a warning). mcpact closing the stream after its window is never a finding; ' +
    'a stream that stays open and silent is inconclusive. In the initialize era the method does not exist ' +
    '(`resources/subscribe` and the GET stream were its predecessors), so the rule does not run there.',
  async check({ surface, transport, probe, report, skip, inconclusive, note }) {
    const asked = filterFor(surface);
    if (asked === undefined) return skip('the server declares no listChanged and no resources.subscribe: nothing to listen for');
    if (transport === undefined || transport.kind === 'sse') return skip('subscriptions/listen needs a connection of its own (stdio or Streamable HTTP)');
    const windowMs = Math.min(LISTEN_WINDOW_MS, probe.options.callMs);
    const read =
      transport.kind === 'http'
        ? await transport.open((client) => listenHttp(client, asked.filter, windowMs))
        : await transport.open((connection) => listenStdio(connection, asked.filter, windowMs));
    if (read.kind === 'failed') return inconclusive(`subscriptions/listen: ${read.reason}`);
    if (asked.declared.includes('resources.subscribe') && asked.filter.resourceSubscriptions === undefined)
      note('resources.subscribe is declared but no resource is listed: no resource updates were asked for');
    const { reports, undecided } = judgeListen(read, asked.filter, asked.declared);
    for (const finding of reports) report(finding);
    for (const reason of undecided) inconclusive(reason);
  },
});
