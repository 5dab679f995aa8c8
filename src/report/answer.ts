/**
 * How human-readable reporters show the server's own answer behind a finding, and the server's unreachable backend:
 * the server's words are the most useful context a finding has. Each reporter escapes them for its format.
 */
import type { Answer } from '../model/answer.js';
import type { BackendReport, RateLimitReport } from '../model/report.js';

const CLASS_LABEL: Record<NonNullable<Answer['class']>, string> = {
  'rejected-correctly': 'rejected correctly',
  'validated-wrong-code': 'validated, wrong code or layer',
  'not-validated': 'not validated',
  'backend-unreachable': 'backend unreachable',
  'no-answer': 'no answer',
};

/** `server said (error -32603, validated, wrong code or layer): "Invalid arguments: …"`, or undefined without an answer. */
export function answerLine(answer: Answer | undefined, escape: (text: string) => string): string | undefined {
  if (answer === undefined || (answer.code === undefined && answer.said === undefined)) return undefined;
  const what = [answer.code === undefined ? 'a result' : `error ${String(answer.code)}`, answer.class && CLASS_LABEL[answer.class]].filter(Boolean).join(', ');
  return `server said (${escape(what)}): ${answer.said === undefined ? '(no words)' : escape(answer.said)}`;
}

/** Said once per server when most tool calls found its backend unreachable. */
export function backendLine(backend: BackendReport | undefined, escape: (text: string) => string): string | undefined {
  if (backend === undefined) return undefined;
  const said = backend.said === undefined ? '' : ` (it said: ${escape(backend.said)})`;
  return (
    `the server's backend was unreachable for ${backend.unreachable} of ${backend.calls} tool calls: ${escape(backend.evidence)}${said}; ` +
    'the verdicts that needed it are inconclusive, not failures'
  );
}

/** What the report says once of a server that rate limited mcpact (HTTP 429, or refusals saying it throttles): never a finding. */
export function rateLimitLine(limit: RateLimitReport | undefined, escape: (text: string) => string = (text) => text): string | undefined {
  if (limit === undefined) return undefined;
  const seconds = (limit.waitedMs / 1000).toFixed(1);
  const gaveUp =
    limit.gaveUp === 0
      ? 'every request was answered in the end'
      : `${limit.gaveUp} request(s) were still rate limited when mcpact had to stop waiting: the rules that needed them are inconclusive`;
  const answered: string[] = [];
  if (limit.responses > 0) answered.push(`HTTP 429 Too Many Requests ${limit.responses} time(s)`);
  if (limit.throttled !== undefined && limit.throttled > 0) {
    const said = limit.said === undefined ? '' : ` (${JSON.stringify(escape(limit.said))})`;
    answered.push(`${limit.throttled} request(s) with an error saying it throttles${said}`);
  }
  const pace = limit.perSecond === undefined || limit.perSecond === 0 ? '' : ` and about ${limit.perSecond} a second`;
  return `the server answered ${answered.join(' and ')}; mcpact waited ${seconds} s in all and sent at most ${limit.concurrency} request(s) at once${pace} after that; ${gaveUp}`;
}
