/**
 * A stdio transport that owns its child process: explicit environment, its own process group (so a server that
 * forks is stopped whole), bounded buffers, stderr kept for diagnostics, and non-JSON stdout lines recorded
 * instead of tearing the session down. The SDK's StdioClientTransport does none of the last three.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { McpactError } from '../errors.js';
import { LineSplitter } from './line-splitter.js';

export interface StdioOptions {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd?: string;
  /** Called with each stderr line as it arrives (for --verbose). */
  onStderrLine?: (line: string) => void;
  /** Largest stdout line accepted, in bytes; a longer one is dropped and recorded. */
  maxLineBytes?: number;
}

/** Limits chosen so a hostile server cannot make mcpact use unbounded memory. */
const STDERR_TAIL_LINES = 200;
const STDERR_LINE_CHARS = 2_000;
const FOREIGN_LINES_KEPT = 50;
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;
/** Bytes waiting to be written to a server that does not read its stdin: past this, writes fail. */
export const STDIN_BACKLOG_BYTES = 16 * 1024 * 1024;

/** How long each shutdown step waits for the child before escalating. */
export const GRACE_AFTER_STDIN_MS = 1_000;
const GRACE_AFTER_SIGTERM_MS = 1_000;

const liveGroups = new Set<number>();
let exitHookInstalled = false;

/** Last resort: if mcpact itself dies, take every child process group with it. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
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
  /** Up to 200 characters of the line, unsanitized: reporters sanitize it. */
  text: string;
  bytes: number;
}

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
  private closed = false;

  constructor(private readonly options: StdioOptions) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The child process has exited (its pipes may still be held open by processes it forked). */
  get exited(): boolean {
    return this.exitCode !== null || this.exitSignal !== null;
  }

  start(): Promise<void> {
    installExitHook();
    return new Promise((resolve, reject) => {
      const child = spawn(this.options.command, this.options.args, {
        cwd: this.options.cwd,
        env: this.options.env,
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true, // own process group, so shutdown reaches grandchildren too
        windowsHide: true,
      });
      this.child = child;
      this.closedPromise = new Promise((done) => child.once('close', () => done()));

      child.once('error', (error: NodeJS.ErrnoException) => {
        const why = error.code === 'ENOENT' ? `command not found: ${this.options.command}` : error.message;
        const wrapped = new McpactError('connection', `cannot start server: ${why}`);
        if (child.pid === undefined) reject(wrapped);
        else this.onerror?.(wrapped);
      });
      child.once('spawn', () => {
        if (child.pid !== undefined) liveGroups.add(child.pid);
        resolve();
      });
      child.once('exit', (code, signal) => {
        this.exitCode = code;
        this.exitSignal = signal;
        if (child.pid !== undefined) liveGroups.delete(child.pid);
      });
      child.once('close', () => {
        this.closed = true;
        this.onclose?.();
      });

      const splitter = new LineSplitter(this.options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES);
      child.stdout?.on('data', (chunk: Buffer) => {
        for (const line of splitter.push(chunk)) this.handleLine(line);
      });
      splitter.onOversize = (bytes) => this.recordForeign(`<line of ${bytes} bytes dropped: over the limit>`, bytes);
      child.stderr?.on('data', (chunk: Buffer) => this.handleStderr(chunk));
      // A server that exits while we write must not crash mcpact with EPIPE.
      child.stdin?.on('error', () => undefined);
    });
  }

  private handleLine(line: string): void {
    const text = line.replace(/\r$/, '');
    if (text.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.recordForeign(text.slice(0, 200), Buffer.byteLength(text));
      return;
    }
    if (typeof parsed !== 'object' || parsed === null) {
      this.recordForeign(text.slice(0, 200), Buffer.byteLength(text));
      return;
    }
    // Shape is judged by the peer and the rules; the transport only frames.
    this.onmessage?.(parsed as JSONRPCMessage);
  }

  private recordForeign(text: string, bytes: number): void {
    this.foreignLineCount++;
    if (this.foreignLines.length < FOREIGN_LINES_KEPT) this.foreignLines.push({ text, bytes });
  }

  private handleStderr(chunk: Buffer): void {
    this.stderrBytes += chunk.length;
    const lines = (this.stderrPartial + chunk.toString('utf8')).split('\n');
    this.stderrPartial = (lines.pop() ?? '').slice(0, STDERR_LINE_CHARS);
    for (const line of lines) {
      const kept = line.slice(0, STDERR_LINE_CHARS);
      this.options.onStderrLine?.(kept);
      this.stderrTail.push(kept);
      if (this.stderrTail.length > STDERR_TAIL_LINES) this.stderrTail.shift();
    }
  }

  /** The last stderr lines (at most 200), for error messages. */
  stderrLines(): string[] {
    return this.stderrPartial ? [...this.stderrTail, this.stderrPartial] : [...this.stderrTail];
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.writeRaw(JSON.stringify(message) + '\n');
  }

  /** Writes bytes as they are: transport probes send malformed lines on purpose. */
  writeRaw(data: string): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed || !stdin.writable) return Promise.reject(new Error('server stdin is closed'));
    // Backpressure: what the server has not read stays in mcpact's memory, so a server that stops reading gets
    // failed writes (its requests time out) instead of an ever longer queue.
    if (stdin.writableLength > STDIN_BACKLOG_BYTES)
      return Promise.reject(new Error(`server is not reading its stdin: over ${STDIN_BACKLOG_BYTES / 1024 / 1024} MiB wait to be written`));
    return new Promise((resolve, reject) => {
      stdin.write(data, (error) => (error ? reject(error) : resolve()));
    });
  }

  /**
   * Ends stdin, waits a short grace, then SIGTERM and SIGKILL to the whole process group. A child that has exited
   * already gets no grace: only what it forked can be left, and the final SIGKILL to the group takes that.
   */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || child.pid === undefined) return;
    const pid = child.pid;
    if (!this.closed && !this.exited) {
      const endedAt = performance.now();
      child.stdin?.end();
      if (await this.waitForExit(GRACE_AFTER_STDIN_MS)) {
        this.exitAfterStdinMs = Math.round(performance.now() - endedAt);
      } else {
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
  }

  /**
   * Waits (at most `ms`) for the child to be gone, so its exit code is known: a failed write to a dying server can
   * close the session before node has reported the exit.
   */
  async settle(ms: number): Promise<void> {
    if (this.child?.pid !== undefined && !this.closed) await this.waitForExit(ms);
  }

  private waitForExit(ms: number): Promise<boolean> {
    if (this.closed) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      void this.closedPromise.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
