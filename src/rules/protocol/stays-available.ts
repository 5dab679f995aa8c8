import { defineRule } from '../../engine/rule.js';
import { BURST, describeDegradation } from '../../connect/health.js';
import { answerOf, wordsOf } from '../../exercise/answers.js';
import { since, type RuleSpec } from '../../model/spec.js';
import { CAPABILITIES_QUOTE, LIST_SPECS } from './capability-implemented.js';

const NOTE =
  'No sentence requires a server to keep serving: a request must get a response (an error is one), and servers MUST rate limit tool invocations. ' +
  'A declared capability establishes a feature that is available during the session; a server that turns itself off for everything after a few bad requests takes it away.';

/**
 * The sentences of capability-implemented about answering the list method of a declared capability (a MUST from
 * 2026-07-28 on), without its checklist id: that one is about a declared capability's methods existing at all.
 */
const withoutChecklist = ({ checklist: _checklist, ...spec }: RuleSpec): RuleSpec => spec;
const SERVED_LISTS = {
  tools: withoutChecklist(LIST_SPECS.tools),
  prompts: withoutChecklist(LIST_SPECS.prompts),
  resources: withoutChecklist(LIST_SPECS.resources),
} as const;

/** The capability whose list method the control request is (SERVED_LISTS). */
function listCapability(method: string): keyof typeof SERVED_LISTS | undefined {
  const capability = method.split('/')[0];
  return capability === 'tools' || capability === 'prompts' || capability === 'resources' ? capability : undefined;
}

export const staysAvailable = defineRule({
  id: 'protocol/stays-available',
  family: 'protocol',
  description: 'The server keeps serving what it served at capture: bad input does not turn it off for every request.',
  defaultSeverity: 'warning',
  // The last control request is asked once every other rule has sent what it sends.
  afterOthers: true,
  spec: {
    texts: since(
      '2024-11-05',
      { keyword: 'none', binds: 'server', section: 'basic/lifecycle#capability-negotiation', quote: CAPABILITIES_QUOTE, note: NOTE },
      {
        '2026-07-28': {
          section: 'server/discover#discoverresult',
          quote: 'A discovery result includes: … `capabilities`: Capabilities the server supports (tools, resources, prompts, etc.)',
        },
      },
    ),
  },
  alsoQuotes: SERVED_LISTS,
  docs:
    'A server can change state during a run: a circuit breaker that opens after a few failing calls, a ' +
    'backend connection that bad input broke. mcpact notices it with a control request: the first page of the ' +
    'shortest list the capture read (tools, prompts or resources; it changes nothing), asked again after every ' +
    `burst of bad input (${BURST} answers to it), whenever a rule is about to judge answers no control has followed yet, ` +
    'and once at the end. When the control answers otherwise than at capture (an error where a list came, another ' +
    'code), the server degraded somewhere after the last control that answered well: that is this one finding, ' +
    'naming what the control answered before and after and the bad input sent in between. Every verdict that rests ' +
    'on an answer given after that last good control is inconclusive, with a reason naming the degradation ' +
    '([health timeline](#health-timeline)): a breaker answer is never read as the answer of the tool, prompt or ' +
    'resource asked. Bad input goes on a connection of its own where the transport allows one ' +
    '([bad-input connection](#bad-input-connection)); each connection has its own timeline and its own controls, ' +
    'the finding says on which the server degraded (`data.connection`: `bad-input` or `session`), and a breaker ' +
    'that both show is one finding. No sentence of the specification requires a server to keep serving (the spec even asks ' +
    'servers to rate limit tool invocations); a declared capability establishes a feature that is available during ' +
    'the session, and a server that turns itself off for every request after a few bad ones takes it away, so this ' +
    'is a warning. From 2026-07-28 on the list method of a declared capability is a MUST, and the finding cites that ' +
    'sentence. A control that gets no answer at all tells nothing (slowness is not degradation), and neither does a ' +
    'refusal whose words say the server throttles ("rate limit exceeded", "too many requests"): that is mcpact\'s pace ' +
    "against the server's rate limit, never bad input; mcpact waits it out, slows down and asks again " +
    '([rate limits](#rate-limits)), and a last control still refused so leaves this rule inconclusive. Fix: let bad input ' +
    'fail on its own; count toward a breaker only failures of the backend the breaker guards, and keep lists and ' +
    'reads that need no backend out of it.',
  async check({ probe, report, skip, note, inconclusive }) {
    const control = probe.health.watched;
    if (control === undefined) return skip('the capture read no tools, prompts or resources list to ask again');
    const { line, health: lineHealth } = probe.badInput;
    if (line?.fallback !== undefined) note(`bad input went on the run's session: ${line.fallback}`);
    // Both connections end with a control; a breaker in one server process shows on both, and is one cause: the
    // connection of bad input names the burst that tripped it.
    const [onSession, onLine] = await Promise.all([probe.health.conclude(), lineHealth.conclude()]);
    const degradation = onLine ?? onSession;
    if (degradation === undefined) {
      const throttled = probe.health.lastThrottled ?? lineHealth.lastThrottled;
      if (throttled !== undefined)
        inconclusive(
          `the last control request (${control.method}) was refused as throttled (${JSON.stringify(throttled.slice(0, 120))}), mcpact's pace against the server's rate limit, not bad input, ` +
            'so whether the server still serves it is not known; mcpact slows down by itself and no setting makes it slower still, but more time for the run (timeouts.run_ms, --run-timeout) leaves more room to wait the limit out',
        );
      else if (probe.health.lastSilent || lineHealth.lastSilent)
        inconclusive(`the last control request (${control.method}) got no answer, so whether the server still serves it is not known`);
      return;
    }
    const where = onLine !== undefined ? ' on the connection of its own that bad input went on' : '';
    const both = onLine !== undefined && onSession !== undefined ? "; the run's session stopped serving it too" : '';
    const { answer } = degradation;
    const capability = listCapability(control.method);
    report({
      message:
        `the server stopped serving what it served at capture${where}: ${describeDegradation(degradation)}` +
        (degradation.recovered ? '; a later control was answered as at capture again' : '') +
        both,
      location: { kind: 'server' },
      answer: answerOf(answer),
      ...(capability !== undefined && { spec: SERVED_LISTS[capability] }),
      data: {
        method: control.method,
        before: control.captured.kind,
        after: answer.kind,
        ...(answer.kind === 'error' && { code: answer.code }),
        ...(wordsOf(answer) !== undefined && { said: wordsOf(answer) }),
        burst: degradation.burst,
        burstCount: degradation.burstCount,
        badBefore: degradation.badBefore,
        recovered: degradation.recovered,
        connection: onLine !== undefined ? 'bad-input' : 'session',
      },
    });
  },
});
