/**
 * One fresh stdio child shared by the transport probes of a run. Every extra server process costs its whole
 * start-up (often a few hundred milliseconds of CPU), so the probes that need a child of their own (stdio framing,
 * version negotiation) take turns on one instead, each at its stage of the child's life: before initialize, after
 * it, or its close. Probes asked for in the same turn of the event loop share a child (the runner starts every rule
 * at once, and the rules ask before their first await); a later one starts another.
 *
 * Each step still sees what it would see on a child of its own: the child is handed on only while it is fit (alive,
 * and every ping the last step sent answered), answers left over from one step are dropped before the
 * next, and the steps that remain after a step left the child unfit continue on a fresh one.
 */
import type { Outcome } from './rpc.js';
import { TARGET_REVISION } from '../model/spec.js';

/** Where in a child's life a step runs: before initialize, after it, or as the one step that closes it. */
export type SharedStage = 'uninitialized' | 'initialized' | 'closing';

/** What the coordinator needs to see of a connection, beyond what the steps use. */
export interface ShareableConnection {
  /** Initializes once; later calls get the first answer. */
  initialize(protocolVersion?: string): Promise<Outcome>;
  /** Every ping sent on this connection so far, in order. */
  readonly pings: readonly Promise<Outcome>[];
  /** The child has exited or closed its stdout. */
  readonly gone: boolean;
  /** Drops answers that matched no request: they belong to a step that is over. */
  discardUnmatched(): void;
}

interface Step<C> {
  stage: SharedStage;
  work: (connection: C) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A handshake that initializes the shared child with its version instead of a child of its own. */
interface Claim {
  version: string;
  resolve: (outcome: Outcome) => void;
  reject: (error: unknown) => void;
}

interface Turn<C> {
  steps: Step<C>[];
  claim?: Claim;
}

const STAGE_ORDER: Record<SharedStage, number> = { uninitialized: 0, initialized: 1, closing: 2 };

export class SharedChildren<C extends ShareableConnection> {
  private gathering: Turn<C> | undefined;

  /** `open` runs work on a fresh child (from the connection pool) and stops the child afterwards. */
  constructor(private readonly open: <T>(work: (connection: C) => Promise<T>) => Promise<T>) {}

  /** Runs `work` at `stage` of a shared child's life; resolves with what `work` returned. */
  step<T>(stage: SharedStage, work: (connection: C) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.turn().steps.push({ stage, work, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  /**
   * initialize with `version` on a fresh child: the shared one when no other handshake of this turn has claimed it,
   * else one of its own (a connection initializes once).
   */
  handshake(version: string): Promise<Outcome> {
    const turn = this.turn();
    if (turn.claim) return this.open((connection) => connection.initialize(version));
    return new Promise<Outcome>((resolve, reject) => {
      turn.claim = { version, resolve, reject };
    });
  }

  private turn(): Turn<C> {
    if (this.gathering) return this.gathering;
    const turn: Turn<C> = { steps: [] };
    this.gathering = turn;
    setImmediate(() => {
      this.gathering = undefined;
      void this.serve(turn);
    });
    return turn;
  }

  private async serve(turn: Turn<C>): Promise<void> {
    let queue = [...turn.steps].sort((a, b) => STAGE_ORDER[a.stage] - STAGE_ORDER[b.stage]);
    let claim = turn.claim;
    while (queue.length > 0 || claim) {
      const current = claim;
      claim = undefined;
      try {
        queue = await this.open((connection) => this.round(connection, queue, current));
      } catch (error) {
        // No child could be started (the run ended, or the command fails): every step still waiting fails with it.
        for (const step of queue) step.reject(error);
        current?.reject(error);
        return;
      }
    }
  }

  /** Runs steps on one child for as long as it stays fit; returns the steps that need another child. */
  private async round(connection: C, queue: Step<C>[], claim: Claim | undefined): Promise<Step<C>[]> {
    const remaining = [...queue];
    let ranBefore = false;
    while (remaining[0]?.stage === 'uninitialized') {
      ranBefore = true;
      if (!(await this.run(remaining.shift()!, connection))) {
        if (claim) this.handOver(claim);
        return remaining;
      }
    }
    if (remaining.length === 0 && !claim) return remaining;
    const outcome = await connection.initialize(claim?.version ?? TARGET_REVISION);
    if (claim) {
      // An error may be the server's honest answer to this version, or its reaction to what came before
      // initialize: only a child of the handshake's own can tell.
      if (outcome.kind !== 'result' && ranBefore) this.handOver(claim);
      else claim.resolve(outcome);
      // The steps after initialize expect a child initialized like the shared session: a version the server
      // refused leaves them to a fresh child (which initializes with the target revision).
      if (outcome.kind !== 'result') return remaining;
    }
    while (remaining.length > 0) {
      const step = remaining.shift()!;
      const fit = await this.run(step, connection);
      // A closed child serves nobody after the step that closed it.
      if (!fit || step.stage === 'closing') return remaining;
    }
    return remaining;
  }

  /** Runs one step; true when the child is fit for the next. */
  private async run(step: Step<C>, connection: C): Promise<boolean> {
    connection.discardUnmatched();
    const sent = connection.pings.length;
    let fit = true;
    try {
      step.resolve(await step.work(connection));
    } catch (error) {
      step.reject(error);
      fit = false;
    }
    // Pings the step did not wait for still say whether the child is serving (each has its own deadline).
    const pings = await Promise.all(connection.pings.slice(sent));
    const answered = (outcome: Outcome) => outcome.kind === 'result' || (step.stage === 'uninitialized' && outcome.kind === 'error');
    return fit && !connection.gone && pings.every(answered);
  }

  private handOver(claim: Claim): void {
    this.open((connection) => connection.initialize(claim.version)).then(claim.resolve, claim.reject);
  }
}
