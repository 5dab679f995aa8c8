/**
 * protocol/subscriptions-listen against the SDK 2.x listen fixture (fixtures/servers/sdk2/listen.ts) as a real child
 * over stdio and over Streamable HTTP on 127.0.0.1: the SDK's own stream passes, each --defect fails with its finding.
 */
import { describe } from 'vitest';
import { subscriptionsListen } from '../../../src/rules/protocol/subscriptions-listen.js';
import { ROOT } from '../../support/cli.js';
import { httpFixture } from '../../support/eras.js';
import { ruleTester, type ExpectedFinding } from '../../support/rule-tester.js';
import type { SessionTarget } from '../../../src/connect/session.js';

const FIXTURE = `${ROOT}dist/fixtures/servers/sdk2/listen.js`;

function stdio(defect?: string): () => SessionTarget {
  return () => ({ kind: 'stdio', command: process.execPath, args: [FIXTURE, ...(defect ? ['--defect', defect] : [])], env: {} });
}

const args = (defect?: string) => [FIXTURE, '--http', ...(defect ? ['--defect', defect] : [])];

/** call_ms 1 s: the stream is read that long, and the fixture changes its tools 100 ms after it opens. */
const timeouts = { call_ms: 1_000 };

const FIRST_NOT_ACK = {
  message: 'the first message of the subscriptions/listen stream is "notifications/tools/list_changed", and no acknowledgment came',
  severity: 'error',
} as const;

/** The findings of each defect shared by both transports. */
const DEFECTS: [string, ExpectedFinding[]][] = [
  ['no-ack', [FIRST_NOT_ACK]],
  [
    'bad-ack',
    [
      { message: 'notifications/subscriptions/acknowledged does not carry _meta io.modelcontextprotocol/subscriptionId', severity: 'error' },
      { message: 'notifications/subscriptions/acknowledged has no notifications filter', severity: 'warning' },
    ],
  ],
  [
    'untagged',
    [
      { message: '"notifications/resources/updated" on the subscriptions/listen stream does not carry', severity: 'error' },
      {
        message: '"notifications/tools/list_changed" on the subscriptions/listen stream does not carry _meta io.modelcontextprotocol/subscriptionId',
        severity: 'error',
      },
    ],
  ],
  [
    'unrequested',
    [
      {
        message: 'the subscriptions/listen stream delivered "notifications/message", which mcpact did not ask for',
        severity: 'error',
        data: { method: 'notifications/message' },
      },
    ],
  ],
  ['malformed-updated', [{ message: '1 notifications/resources/updated on the subscriptions/listen stream without a uri string', severity: 'error' }]],
  ['flood', [{ message: 'the subscriptions/listen stream delivered more than 100 messages or 1 MiB', severity: 'warning', basis: 'policy' }]],
  ['abrupt-end', [{ message: 'the server ended the subscriptions/listen stream within 1000 ms without a result for the request', severity: 'warning' }]],
  ['bad-result', [{ message: 'the result that ended the subscriptions/listen stream lacks _meta io.modelcontextprotocol/subscriptionId', severity: 'error' }]],
  [
    'ack-drops-tools',
    [{ message: 'notifications/subscriptions/acknowledged leaves out toolsListChanged, although the server declares tools.listChanged', severity: 'warning' }],
  ],
  [
    'refused',
    [
      {
        message:
          'subscriptions/listen was refused with error -32601, although the server declares tools.listChanged, prompts.listChanged, resources.listChanged, resources.subscribe',
        severity: 'warning',
      },
    ],
  ],
];

/** A stream that stays open and says nothing within the window: no verdict, and mcpact's close is not the server's. */
const SILENT = 'subscriptions/listen: no acknowledgment within 1000 ms (the stream stayed open, silent)';

describe('over stdio', () => {
  ruleTester(subscriptionsListen, {
    valid: [{ name: 'the SDK serves the stream', target: stdio(), era: 'modern', timeouts }],
    invalid: [
      ...DEFECTS.map(([defect, findings]) => ({ name: defect, target: stdio(defect), era: 'modern' as const, timeouts, findings })),
      {
        name: 'ignores-cancel',
        target: stdio('ignores-cancel'),
        era: 'modern',
        timeouts,
        findings: [{ message: 'of the subscription came after mcpact cancelled it with notifications/cancelled', severity: 'warning' }],
      },
      {
        name: 'crash-on-close',
        target: stdio('crash-on-close'),
        era: 'modern',
        timeouts,
        findings: [{ message: 'the server stopped serving after mcpact cancelled its subscription', severity: 'warning' }],
      },
    ],
    inconclusive: [{ name: 'silent', target: stdio('silent'), era: 'modern', timeouts, reason: SILENT }],
    skipped: [
      { name: 'nothing to listen for', server: { modern: true, tools: [] }, era: 'modern', skipped: 'declares no listChanged and no resources.subscribe' },
      {
        name: 'an in-process server',
        server: { modern: true, tools: [], capabilities: { tools: { listChanged: true } } },
        era: 'modern',
        skipped: 'needs a connection of its own',
      },
    ],
  });
});

describe('over Streamable HTTP', () => {
  const good = httpFixture(args());
  const defects = DEFECTS.map(([defect, findings]) => ({ defect, findings, target: httpFixture(args(defect)) }));
  const crash = httpFixture(args('crash-on-close'));
  const silent = httpFixture(args('silent'));
  const garbage = httpFixture(args('garbage-event'));
  ruleTester(subscriptionsListen, {
    valid: [{ name: 'the SDK serves the stream', target: good, era: 'modern', timeouts }],
    invalid: [
      ...defects.map(({ defect, findings, target }) => ({ name: defect, target, era: 'modern' as const, timeouts, findings })),
      {
        name: 'crash-on-close',
        target: crash,
        era: 'modern',
        timeouts,
        findings: [{ message: 'the server stopped serving after mcpact closed its subscriptions/listen stream', severity: 'error' }],
      },
      {
        name: 'garbage-event',
        target: garbage,
        era: 'modern',
        timeouts,
        findings: [{ message: '1 event of the subscriptions/listen stream is not a JSON-RPC message', severity: 'error' }],
      },
    ],
    inconclusive: [{ name: 'silent', target: silent, era: 'modern', timeouts, reason: SILENT }],
  });
});
