/**
 * Whether the server still serves what it served at capture. A server can change state during a run: a circuit
 * breaker that mcpact's own bad input trips, a backend connection that bad input broke. Every later
 * answer is then the state's, not the answer of what was asked, and no verdict may rest on it.
 *
 * The timeline: every answer that comes through the probe gets the next tick. A control request (one that answered
 * well at capture and changes nothing: a list, exercise/control.ts) is asked again after each burst of bad input
 * (BURST bad answers since the last one), whenever a rule asks about answers no control has followed yet, and at
 * the end. A control that answers like the capture did is good; one that answers otherwise (an error where a
 * result came, another code) has failed; no answer at all (a timeout) tells nothing, nor does a refusal saying the
 * server throttles (mcpact's pace, connect/throttling.ts). An answer is suspect when the
 * control before it or the first control after it failed: the server degraded at some point after the last good
 * control, and answers from then on may be the degraded state's.
 */
import type { Outcome } from './rpc.js';
import { throttlingOf } from './throttling.js';

/** Bad answers between two controls: small, so the answers a degradation puts in doubt stay few. */
export const BURST = 8;
/** Controls sent because of bursts, at most: past it a control is asked only when a rule needs one, and at the end. */
export const MAX_BURST_CONTROLS = 100;
/** A bad request's label is kept this long: enough to name it, bounded for plans of thousands of calls. */
const LABEL_MAX = 120;

/** The request asked again, and how it answered at capture. */
export interface Control {
  method: string;
  params: Record<string, unknown>;
  /** The capture's answer: a result, or an error with its code. */
  captured: { kind: 'result' } | { kind: 'error'; code: unknown };
}

/** The first time a control answered otherwise than at capture. */
export interface Degradation {
  control: Control;
  /** The control's answer then. */
  answer: Outcome;
  /** Labels of the bad requests answered after the last good control, up to the failed one (at most the first 10). */
  burst: string[];
  /** How many bad requests that burst had. */
  burstCount: number;
  /** Bad requests answered in the whole run before the failed control. */
  badBefore: number;
  /** A later control answered like the capture again. */
  recovered: boolean;
}

interface Check {
  /** Answers received before the check was sent; undefined while it waits for a slot. */
  sentAt?: number;
  state: 'pending' | 'good' | 'failed' | 'silent';
  answer?: Outcome;
  done: Promise<void>;
}

/** Sends the control; calls `sent` right before it goes out. */
export type ControlSender = (control: Control, sent: () => void) => Promise<Outcome>;

export class Health {
  private ticks = 0;
  private readonly arrivals = new WeakMap<Outcome, number>();
  private readonly checks: Check[] = [];
  private control: Control | undefined;
  private sender: ControlSender | undefined;
  private badSinceCheck = 0;
  private burstChecks = 0;
  private readonly bad: { tick: number; label: string }[] = [];

  /** The control being watched, once the capture gave one. */
  get watched(): Control | undefined {
    return this.control;
  }

  /**
   * Starts watching after the capture: `control` answered as `control.captured` then, which is the first good
   * check. Without a call here nothing is ever suspect.
   */
  watch(control: Control, sender: ControlSender): void {
    this.control = control;
    this.sender = sender;
    this.checks.push({ sentAt: this.ticks, state: 'good', done: Promise.resolve() });
  }

  /** An answer came back (`bad`: the label of the bad input it answered). */
  arrived(outcome: Outcome, bad?: string): void {
    this.ticks++;
    this.arrivals.set(outcome, this.ticks);
    if (bad === undefined) return;
    this.bad.push({ tick: this.ticks, label: bad.length > LABEL_MAX ? `${bad.slice(0, LABEL_MAX - 1)}…` : bad });
    this.badSinceCheck++;
    if (this.control !== undefined && this.badSinceCheck >= BURST && this.burstChecks < MAX_BURST_CONTROLS && !this.checks.some(isPending)) {
      this.burstChecks++;
      void this.check();
    }
  }

  /** `copy` stands for `original` (a read bounded before it is shared): it arrived when the original did. */
  relate(copy: Outcome, original: Outcome): void {
    const tick = this.arrivals.get(original);
    if (tick !== undefined) this.arrivals.set(copy, tick);
  }

  /** When an outcome arrived (its tick), if it came through the probe. */
  arrivalOf(outcome: Outcome): number | undefined {
    return this.arrivals.get(outcome);
  }

  /** A control now, when answers came since the last one (after the warm-up, so that its answers are confirmed or put in doubt). */
  checkpoint(): void {
    const last = this.checks.at(-1);
    if (this.control !== undefined && (last?.sentAt ?? -1) < this.ticks) void this.check();
  }

  /**
   * The degradation that puts any of these answers (by tick) in doubt, once a control sent after the last of them
   * has answered; undefined when none is in doubt or nothing is watched.
   */
  async judge(arrivals: Iterable<number>): Promise<Degradation | undefined> {
    if (this.control === undefined) return undefined;
    const ticks = [...arrivals];
    if (ticks.length === 0) return undefined;
    // A loop, not Math.max(...ticks): a rule may have seen tens of thousands of answers.
    const last = ticks.reduce((max, tick) => (tick > max ? tick : max), 0);
    const after = await this.checkFrom(last);
    await Promise.all(this.checks.slice(0, this.checks.indexOf(after) + 1).map((check) => check.done));
    const decided = this.checks.filter(
      (check): check is Check & { sentAt: number } => check.sentAt !== undefined && (check.state === 'good' || check.state === 'failed'),
    );
    for (const tick of ticks) {
      const before = decided.filter((check) => check.sentAt < tick).at(-1);
      const next = decided.find((check) => check.sentAt >= tick);
      const failed = before?.state === 'failed' ? before : next?.state === 'failed' ? next : undefined;
      if (failed !== undefined) return this.degradation(failed);
    }
    return undefined;
  }

  /** A last control after everything else, then the first degradation of the run, if there was one. */
  async conclude(): Promise<Degradation | undefined> {
    if (this.control === undefined) return undefined;
    const last = this.checks.at(-1);
    if (last?.sentAt === undefined || last.sentAt < this.ticks || last.state === 'silent') this.check();
    await Promise.all(this.checks.map((check) => check.done));
    const failed = this.checks.find((check) => check.state === 'failed');
    return failed === undefined ? undefined : this.degradation(failed);
  }

  /** Whether the last control of the run went unanswered (so that no verdict on availability can be given). */
  get lastSilent(): boolean {
    return this.checks.at(-1)?.state === 'silent';
  }

  /** The server's words when the last control was refused as throttled (so the silence is its rate limit's). */
  get lastThrottled(): string | undefined {
    const answer = this.checks.at(-1)?.answer;
    if (answer === undefined) return undefined;
    if (answer.kind === 'timeout') return answer.throttled;
    return throttlingOf(answer)?.said;
  }

  /**
   * A control sent at or after tick `last`: one already sent or waiting for a slot; else the next one, sent once the
   * control in flight has answered, so that the rules that finish meanwhile share it.
   */
  private async checkFrom(last: number): Promise<Check> {
    for (;;) {
      const found = this.checks.find((check) => check.sentAt === undefined || check.sentAt >= last);
      if (found !== undefined) return found;
      const flying = this.checks.find(isPending);
      if (flying === undefined) return this.check();
      await flying.done;
    }
  }

  private check(): Check {
    const control = this.control!;
    const check: Check = { state: 'pending', done: Promise.resolve() };
    this.badSinceCheck = 0;
    check.done = this.sender!(control, () => (check.sentAt = this.ticks)).then((answer) => {
      check.sentAt ??= this.ticks;
      check.answer = answer;
      check.state = verdict(control, answer);
    });
    this.checks.push(check);
    return check;
  }

  private degradation(failed: Check): Degradation {
    const index = this.checks.indexOf(failed);
    const good = this.checks.slice(0, index).filter((check) => check.state === 'good');
    const from = good.at(-1)?.sentAt ?? 0;
    const to = failed.sentAt ?? this.ticks;
    const burst = this.bad.filter((entry) => entry.tick > from && entry.tick <= to);
    return {
      control: this.control!,
      answer: failed.answer!,
      burst: burst.slice(0, 10).map((entry) => entry.label),
      burstCount: burst.length,
      badBefore: this.bad.filter((entry) => entry.tick <= to).length,
      recovered: this.checks.slice(index + 1).some((check) => check.state === 'good'),
    };
  }
}

const isPending = (check: Check) => check.state === 'pending';

/** Whether `answer` is the control's answer as at capture (a second connection must give it before it is used). */
export function answersLikeCapture(control: Control, answer: Outcome): boolean {
  return verdict(control, answer) === 'good';
}

/**
 * A control's answer against the capture's: the same kind (and code) is good; no answer tells nothing, and neither
 * does a refusal saying the server throttles (connect/throttling.ts: mcpact's own pace, not a degraded server),
 * whether it was still refused after the back-off (a rate-limited timeout) or came where nothing waits it out.
 */
function verdict(control: Control, answer: Outcome): Check['state'] {
  if (answer.kind === 'timeout' || answer.kind === 'closed') return 'silent';
  if (throttlingOf(answer) !== undefined) return 'silent';
  if (answer.kind === 'malformed') return 'failed';
  const captured = control.captured;
  if (answer.kind !== captured.kind) return 'failed';
  return captured.kind === 'error' && answer.kind === 'error' && answer.code !== captured.code ? 'failed' : 'good';
}

/**
 * A degradation in words, for the finding that reports it and the inconclusive reasons of the verdicts it puts in
 * doubt: "prompts/list answered JSON-RPC error -32603 "Service …" where at capture it answered a result, after 6
 * requests of bad input (…)".
 */
export function describeDegradation(degradation: Degradation): string {
  const { control, answer, burst, burstCount } = degradation;
  const before = control.captured.kind === 'result' ? 'a result' : `JSON-RPC error ${String(control.captured.code).slice(0, 20)}`;
  const listed = burst.slice(0, 3).join('; ');
  const more = burstCount > 3 ? `; and ${burstCount - 3} more` : '';
  const after = burstCount === 0 ? '' : `, after ${burstCount} request${burstCount === 1 ? '' : 's'} of bad input (${listed}${more})`;
  return `${control.method} answered ${answerText(answer)} where at capture it answered ${before}${after}`;
}

function answerText(answer: Outcome): string {
  switch (answer.kind) {
    case 'result':
      return 'a result';
    case 'error': {
      const said =
        typeof answer.message === 'string' ? ` ${JSON.stringify(answer.message.length > 120 ? `${answer.message.slice(0, 119)}…` : answer.message)}` : '';
      return `JSON-RPC error ${String(answer.code).slice(0, 20)}${said}`;
    }
    case 'malformed':
      return 'a response with neither result nor error';
    case 'timeout':
      return `nothing within ${answer.ms} ms`;
    case 'closed':
      return 'nothing: the connection closed';
  }
}
