/**
 * A stdio transport that owns its child process: explicit environment, its own process group (so a server that
 * forks is stopped whole), bounded buffers, stderr kept for diagnostics, and non-JSON stdout lines recorded
 * instead of tearing the session down. The SDK's StdioClientTransport does none of the last three.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { escapedDescendants, pipeInodes } from './descendants.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { McpactError } from '../errors.js';
import { ServerGoneError } from './rpc.js';
import { LineSplitter } from './line-splitter.js';
import { commandNotFound } from './launchers.js';
import { NO_SECRETS, type Secrets } from '../util/secrets.js';

export interface StdioOptions {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  /** Called with each stderr line as it arrives (for --verbose). */
  onStderrLine?: (line: string) => void;
  /** Largest stdout line accepted, in bytes; a longer one is dropped and recorded. */
  maxLineBytes?: number;
  /** The child, when it was started ahead of its session (connect/prestart.ts) with these very options. */
  launched?: Launched;
  /** Redacted from the stderr and stdout lines kept, before they are cut. */
  secrets?: Secrets;
}

/**
 * A child process from its spawn on, with what has happened to it recorded, so that a session can adopt a child
 * started before it (connect/prestart.ts) as if it had started it. Its stdout and stderr stay unread (paused; the
 * pipes hold what it writes) until the transport attaches.
 */
export interface Launched {
  child: ChildProcess;
  /** Settles once the process runs, or with the error that kept it from starting. */
  started: Promise<NodeJS.ErrnoException | undefined>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  closed: Promise<void>;
  /** The pipes' inodes as the child holds them (Linux), read at spawn. */
  pipes: Set<string>;
  /** Errors after the start (a write to a dead child); before the transport attaches, they are dropped. */
  onLateError?: (error: NodeJS.ErrnoException) => void;
  /** Hands stdout and stderr over: what arrived before is passed on first, in order, then the rest as it comes. */
  attach(onStdout: (chunk: Buffer) => void, onStderr: (chunk: Buffer) => void): void;
}

/**
 * What a child may write before its session attaches, kept; past it, its pipes are paused until then (the child
 * waits on a full pipe). Node resumes the pipes of a child that exits, so a server that fails at start-up would
 * otherwise lose the stderr that says why.
 */
const EARLY_BYTES = 4 * 1024 * 1024;

/** Spawns the server in its own process group and records its life; the exit hook kills it if mcpact dies first. */
export function launch(options: Pick<StdioOptions, 'command' | 'args' | 'env' | 'cwd'>): Launched {
  installExitHook();
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true, // own process group, so shutdown reaches grandchildren too
    windowsHide: true,
  });
  const early: { stream: 'stdout' | 'stderr'; chunk: Buffer }[] = [];
  let earlyBytes = 0;
  const sinks: { stdout?: (chunk: Buffer) => void; stderr?: (chunk: Buffer) => void } = {};
  for (const name of ['stdout', 'stderr'] as const) {
    const stream = child[name];
    stream?.on('data', (chunk: Buffer) => {
      const sink = sinks[name];
      if (sink) return sink(chunk);
      early.push({ stream: name, chunk });
      earlyBytes += chunk.length;
      if (earlyBytes > EARLY_BYTES) stream.pause();
    });
  }
  const launched: Launched = {
    child,
    pipes: new Set(),
    attach(onStdout, onStderr) {
      for (const { stream, chunk } of early.splice(0)) (stream === 'stdout' ? onStdout : onStderr)(chunk);
      sinks.stdout = onStdout;
      sinks.stderr = onStderr;
      child.stdout?.resume();
      child.stderr?.resume();
    },
    started: new Promise((resolve) => {
      child.once('spawn', () => {
        if (child.pid !== undefined) {
          launched.pipes = pipeInodes(child.pid);
          liveGroups.set(child.pid, launched.pipes);
        }
        resolve(undefined);
      });
      child.once('error', (error: NodeJS.ErrnoException) => {
        if (child.pid === undefined) resolve(error);
        else launched.onLateError?.(error);
      });
    }),
    exited: new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        if (child.pid !== undefined) liveGroups.delete(child.pid);
        resolve({ code, signal });
      }),
    ),
    closed: new Promise((resolve) => child.once('close', () => resolve())),
  };
  // A server that exits while we write must not crash mcpact with EPIPE.
  child.stdin?.on('error', () => undefined);
  return launched;
}

/** Kills a launched child that no session adopted (its whole group), and waits for it to be gone. */
export async function discard(launched: Launched): Promise<void> {
  const pid = launched.child.pid;
  if (pid !== undefined) {
    // As StdioTransport.close ends: the group, and what escaped it or still holds the pipes.
    const escaped = escapedDescendants(pid, launched.pipes);
    killGroup(pid, 'SIGKILL');
    for (const victim of new Set([...escaped, ...escapedDescendants(pid, launched.pipes)])) killProcess(victim);
  }
  for (const stream of [launched.child.stdin, launched.child.stdout, launched.child.stderr]) stream?.destroy();
  await within(
    launched.exited.then(() => undefined),
    GRACE_AFTER_SIGTERM_MS,
  );
}

/** Limits chosen so a hostile server cannot make mcpact use unbounded memory. */
const STDERR_TAIL_LINES = 200;
const STDERR_LINE_CHARS = 2_000;
const FOREIGN_LINE_CHARS = 200;
const FOREIGN_LINES_KEPT = 50;
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;
/** Bytes waiting to be written to a server that does not read its stdin: past this, writes fail. */
export const STDIN_BACKLOG_BYTES = 16 * 1024 * 1024;

/** How long each shutdown step waits for the child before escalating. */
export const GRACE_AFTER_STDIN_MS = 1_000;
const GRACE_AFTER_SIGTERM_MS = 1_000;

/** Process groups still running, each with the inodes of its pipes. */
const liveGroups = new Map<number, Set<string>>();
let exitHookInstalled = false;

/** Last resort: if mcpact itself dies, take every child process group with it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const [pid, pipes] of liveGroups) {
      const escaped = escapedDescendants(pid, pipes);
      killGroup(pid, 'SIGKILL');
      for (const victim of escaped) killProcess(victim);
    }
  });
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

export interface ForeignLine {
  /** Up to 200 characters of the line, its secrets redacted, unsanitized: reporters sanitize it. */
  text: string;
  bytes: number;
  /**
   * Set when the line came while mcpact was stopping the process: after it closed stdin, or after SIGTERM. A line
   * printed by a shutdown handler is still on stdout, but the author looks for it in another place.
   */
  during?: ShutdownStep;
}

/** The steps of stopping a stdio server: stdin closed, then SIGTERM (then SIGKILL, after which nothing prints). */
export type ShutdownStep = 'stdin-closed' | 'sigterm';

export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** Lines on stdout that were not JSON (rule material for stdio conformance). */
  readonly foreignLines: ForeignLine[] = [];
  foreignLineCount = 0;
  stderrBytes = 0;
  exitCode: number | null = null;
  exitSignal: NodeJS.Signals | null = null;
  /** Milliseconds between closing stdin and the child's exit, when it exited on its own. */
  exitAfterStdinMs: number | undefined;

  private child?: ChildProcess;
  private readonly stderrTail: string[] = [];
  private stderrPartial = '';
  private closedPromise: Promise<void> = Promise.resolve();
  private exitPromise: Promise<void> = Promise.resolve();
  private closed = false;
  /** The pipes' inodes as the child holds them (Linux), to find what keeps them open after it is gone. */
  private pipes = new Set<string>();
  private showLife: () => void = () => undefined;
  /**
   * Settles at the server's first byte on stdout or stderr (or when its pipes close): until then it may still be
   * starting (a JVM, a first `uvx` or `go run`), so its silence says nothing about what it would answer.
   */
  readonly firstOutput: Promise<void> = new Promise((resolve) => (this.showLife = resolve));

  private readonly secrets: Secrets;
  /** How far close() has gone in stopping the child: lines after it are marked (ForeignLine.during). */
  private shutdown: ShutdownStep | undefined;

  constructor(private readonly options: StdioOptions) {
    this.secrets = options.secrets ?? NO_SECRETS;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The child process has exited (its pipes may still be held open by processes it forked). */
  get exited(): boolean {
    return this.exitCode !== null || this.exitSignal !== null;
  }

  async start(): Promise<void> {
    const launched = this.options.launched ?? launch(this.options);
    const child = launched.child;
    this.child = child;
    this.closedPromise = launched.closed;
    this.exitPromise = launched.exited.then(({ code, signal }) => {
      this.exitCode = code;
      this.exitSignal = signal;
    });
    void launched.closed.then(() => {
      this.showLife();
      this.closed = true;
      this.onclose?.();
    });
    launched.onLateError = (error) => this.onerror?.(new McpactError('connection', `cannot start server: ${error.message}`));

    const splitter = new LineSplitter(this.options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
    splitter.onOversize = (bytes) => this.recordForeign(`<line of ${bytes} bytes dropped: over the limit>`, bytes);
    launched.attach(
      (chunk) => {
        this.showLife();
        for (const line of splitter.push(chunk)) this.handleLine(line);
      },
      (chunk) => {
        this.showLife();
        this.handleStderr(chunk);
      },
    );

    const error = await launched.started;
    if (error) {
      const why = error.code === 'ENOENT' ? commandNotFound(this.options.command) : error.message;
      throw new McpactError('connection', `cannot start server: ${why}`);
    }
    this.pipes = launched.pipes;
  }

  private handleLine(line: string): void {
    const text = line.replace(/\r$/, '');
    if (text.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.recordForeign(this.secrets.head(text, FOREIGN_LINE_CHARS), Buffer.byteLength(text));
      return;
    }
    if (typeof parsed !== 'object' || parsed === null) {
      this.recordForeign(this.secrets.head(text, FOREIGN_LINE_CHARS), Buffer.byteLength(text));
      return;
    }
    // Shape is judged by the peer and the rules; the transport only frames.
    this.onmessage?.(parsed as JSONRPCMessage);
  }

  private recordForeign(text: string, bytes: number): void {
    this.foreignLineCount++;
    if (this.foreignLines.length < FOREIGN_LINES_KEPT) this.foreignLines.push({ text, bytes, ...(this.shutdown && { during: this.shutdown }) });
  }

  private handleStderr(chunk: Buffer): void {
    this.stderrBytes += chunk.length;
    const lines = (this.stderrPartial + chunk.toString('utf8')).split('\n');
    // A line still to be ended keeps the reach of a secret past the cut, so that one across the cut is seen whole.
    this.stderrPartial = (lines.pop() ?? '').slice(0, STDERR_LINE_CHARS + this.secrets.reach);
    for (const line of lines) {
      const kept = this.secrets.head(line, STDERR_LINE_CHARS);
      this.options.onStderrLine?.(kept);
      this.stderrTail.push(kept);
      if (this.stderrTail.length > STDERR_TAIL_LINES) this.stderrTail.shift();
    }
  }

  /** The last stderr lines (at most 200, their secrets redacted), for error messages. */
  stderrLines(): string[] {
    return this.stderrPartial ? [...this.stderrTail, this.secrets.head(this.stderrPartial, STDERR_LINE_CHARS)] : [...this.stderrTail];
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.writeRaw(JSON.stringify(message) + '\n');
  }

  /** Writes bytes as they are: transport probes send malformed lines on purpose. */
  writeRaw(data: string): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed || !stdin.writable) return Promise.reject(new ServerGoneError('server stdin is closed'));
    // Backpressure: what the server has not read stays in mcpact's memory, so a server that stops reading gets
    // failed writes (its requests time out) instead of an ever longer queue.
    if (stdin.writableLength > STDIN_BACKLOG_BYTES)
      return Promise.reject(new Error(`server is not reading its stdin: over ${STDIN_BACKLOG_BYTES / 1024 / 1024} MiB wait to be written`));
    // A pipe that fails a write (EPIPE) has no reader: the server went away, even before its exit is seen.
    return new Promise((resolve, reject) => {
      stdin.write(data, (error) => (error ? reject(new ServerGoneError(`server stdin failed: ${error.message}`)) : resolve()));
    });
  }

  /**
   * Ends stdin, waits a short grace (`stdinGraceMs`, GRACE_AFTER_STDIN_MS unless a probe measures the exit), then
   * SIGTERM and SIGKILL to the whole process group. A child that has exited
   * already gets no grace: only what it forked can be left, and the final SIGKILL to the group takes that.
   */
  async close(stdinGraceMs = GRACE_AFTER_STDIN_MS): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    const pid = child.pid;
    // What it forked, found while the tree is still there: a descendant that left the group (setsid) is not
    // reached by signals to the group.
    const escaped = this.closed ? [] : escapedDescendants(pid, this.pipes);
    if (!this.closed && !this.exited) {
      const endedAt = performance.now();
      this.shutdown = 'stdin-closed';
      child.stdin?.end();
      if (await this.waitForExit(stdinGraceMs)) {
        this.exitAfterStdinMs = Math.round(performance.now() - endedAt);
      } else {
        this.shutdown = 'sigterm';
        killGroup(pid, 'SIGTERM');
        if (!(await this.waitForExit(GRACE_AFTER_SIGTERM_MS))) {
          killGroup(pid, 'SIGKILL');
          await this.waitForExit(GRACE_AFTER_SIGTERM_MS);
        }
      }
    }
    // The leader may have exited while children it forked live on in the group.
    // SIGKILL cannot be caught, so nothing in the group runs on after this.
    killGroup(pid, 'SIGKILL');
    liveGroups.delete(pid);
    // Those that escaped the group, and whatever still holds the pipes (found again: it may have forked since).
    for (const victim of new Set([...escaped, ...escapedDescendants(pid, this.pipes)])) killProcess(victim);
    // Pipes a process outside our reach still holds would keep mcpact running after its reports: let them go.
    if (!this.closed && !(await this.waitForClose(PIPE_CLOSE_MS))) {
      for (const stream of [child.stdin, child.stdout, child.stderr]) stream?.destroy();
    }
  }

  /**
   * Waits (at most `ms`) for the child to be gone, so its exit code is known: a failed write to a dying server can
   * close the session before node has reported the exit.
   */
  async settle(ms: number): Promise<void> {
    if (this.child?.pid !== undefined && !this.closed) await this.waitForExit(ms);
  }

  /** Waits for the process itself to exit (its pipes may stay open: something it forked can hold them). */
  private waitForExit(ms: number): Promise<boolean> {
    if (this.closed || this.exited) return Promise.resolve(true);
    return within(this.exitPromise, ms);
  }

  /** Waits for the process to exit and every pipe to close. */
  private waitForClose(ms: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(true);
    return within(this.closedPromise, ms);
  }
}

function within(done: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void done.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function killProcess(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** How long the pipes get to close once every process we know of is killed. */
const PIPE_CLOSE_MS = 200;
