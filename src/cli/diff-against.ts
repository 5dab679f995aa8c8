/**
 * `mcpact diff --against "<old command>" -- <new command>` (or `--against-url`, `--url`): two live servers, one
 * command. The old server's contract is pinned as `mcpact baseline` would pin it, but only in memory, while the new
 * server is captured side by side; then the new one is compared with it by the same drift rules, levels, --fail-on
 * and reporters as a lockfile diff. No lockfile is read or written. Either server failing to start is exit 2 with
 * one line naming it; both are stopped whatever happens, Ctrl-C included.
 */
import { McpactError, errorMessage, usageError } from '../errors.js';
import type { Baseline } from '../engine/rule.js';
import type { ServerReport } from '../model/report.js';
import { redactor } from '../report/redact.js';
import { shellWords } from '../util/shell-words.js';
import { secretsOf } from '../util/secrets.js';
import { quote } from '../util/text.js';
import { compareAndReport, withFailOn } from './diff-run.js';
import type { DiffOptions } from './option-schemas.js';
import { say } from './output.js';
import { pinContract, type Pinned } from './pin-contract.js';
import { interruptSignal } from './signals.js';
import { resolveTargets, type ResolvedTargets } from './targets.js';
import { mcpactVersion } from './version.js';

export async function diffAgainst(operands: string[], options: DiffOptions): Promise<number> {
  const flag = options.againstUrl !== undefined ? '--against-url' : '--against';
  if (options.against !== undefined && options.againstUrl !== undefined) throw usageError('give either --against "<command>" or --against-url <url>, not both');
  if (options.lockfile !== undefined) throw usageError(`${flag} compares with a live server, --lockfile with a lockfile: give one of them`);
  if (options.config !== undefined || options.server !== undefined) {
    throw usageError(
      `${flag} compares two servers of the command line: give the new one with -- <command> or --url, not ${options.config !== undefined ? '-c' : '--server'}`,
    );
  }
  if (operands.length === 0 && options.url === undefined) throw usageError(`${flag} needs the new server too: -- <command> or --url <url>`);
  if (options.againstUrl !== undefined && !/^https?:\/\//i.test(options.againstUrl)) {
    throw usageError(`--against-url must be an http:// or https:// URL, got ${quote(options.againstUrl, 200)}`);
  }
  const oldArgv = options.against === undefined ? [] : againstArgv(options.against);
  const { older, newer } = await resolveSides(oldArgv, operands, options);

  // Both sides' lists themselves: a token renewed mid-run on either side is added to its list (cli/sign-in.ts).
  const secrets = secretsOf(older.secrets, newer.secrets);
  const redact = redactor(older.secrets, newer.secrets);
  const oldSide = `the old server (${flag})`;
  const newSide = `the new server (${options.url !== undefined ? '--url' : '-- <command>'})`;

  // Ctrl-C stops both; so does one side failing, for the other (`stop`).
  const signal = interruptSignal();
  const stop = new AbortController();
  const interrupt = AbortSignal.any([signal, stop.signal]);
  /** The old server's own failure: not one caused by stopping it. */
  let oldFailure: McpactError | undefined;
  const pinned: Promise<Pinned & { ok: true }> = pinContract(older.servers[0]!, flag, {
    clientVersion: mcpactVersion(),
    secrets,
    redact,
    onStderrLine: options.verbose ? (line) => say(redact(`[${flag} stderr] ${line}`)) : undefined,
    interrupt,
  })
    .then((result) => {
      if (!result.ok) throw new McpactError('connection', `capture incomplete, nothing compared: ${result.problems.join('; ')}`);
      return result;
    })
    .catch((error: unknown) => {
      if (!interrupt.aborted) {
        oldFailure = sideError(oldSide, error, redact);
        stop.abort(oldSide);
      }
      throw error;
    });
  const pendingBaseline = pinned.then((result): Baseline => ({ lock: result.lock, redact, file: oldSide, anyName: true }));
  // Awaited by the runner once the new server is captured, and below; a failure before then is not unhandled.
  pendingBaseline.catch(() => undefined);

  const newFailed = (report: ServerReport) => !signal.aborted && report.serverInfo === null && report.error !== undefined;
  /** Read through a function: it is set by the capture, while this command awaits. */
  const oldFailed = (): McpactError | undefined => oldFailure;
  const afterRun = async (servers: readonly ServerReport[]): Promise<string[]> => {
    const report = servers[0]!;
    const before = oldFailed();
    if (before !== undefined) throw before;
    if (newFailed(report)) {
      // The new server never answered: the old one is not waited for.
      stop.abort(newSide);
      const [message = '', ...details] = (report.error ?? '').split('\n');
      throw new McpactError('connection', redact(`${newSide}: ${message}`), details.map(redact));
    }
    // Usually the old capture is done (the new run waited for it); when the new run ended first (its deadline),
    // the old one is stopped rather than waited for.
    stop.abort();
    const old = await pinned.catch(() => undefined);
    const after = oldFailed();
    if (after !== undefined) throw after;
    return old === undefined ? [] : notesOf(old, report, oldSide, redact);
  };

  try {
    return await compareAndReport(options, {
      plans: [{ ...withFailOn(newer.servers[0]!, options.failOn), pendingBaseline }],
      secrets,
      failOn: newer.failOn ?? 'error',
      interrupt,
      afterRun,
      endSaidElsewhere: (report) => oldFailed() !== undefined || newFailed(report),
    });
  } finally {
    // Whatever ended the run, the old server is stopped before mcpact goes on.
    stop.abort();
    await pinned.catch(() => undefined);
  }
}

/** `--against "<command>"` as argv: shell words, or a usage error naming what could not be read. */
function againstArgv(text: string): string[] {
  const split = shellWords(text);
  if (!split.ok) throw usageError(`--against: cannot read ${quote(text, 200)} as a command: ${split.reason}`);
  return split.words;
}

/**
 * Each side as a zero-config server, resolved as `mcpact diff -- <command>` / `--url` resolves one. --header goes to
 * the URLs, -e and --env-file to the commands (of either side); each must have a side to go to.
 */
async function resolveSides(oldArgv: string[], newArgv: string[], options: DiffOptions): Promise<{ older: ResolvedTargets; newer: ResolvedTargets }> {
  const urls = [options.url, options.againstUrl].filter((url) => url !== undefined);
  if (options.header?.length && urls.length === 0) throw usageError('--header only applies with --url or --against-url');
  if (options.transport !== undefined && urls.length === 0) throw usageError('--transport only applies with --url or --against-url');
  const oauth = {
    oauthClientId: options.oauthClientId,
    oauthClientSecret: options.oauthClientSecret,
    oauthScope: options.oauthScope,
    oauthRefreshToken: options.oauthRefreshToken,
  };
  if (Object.values(oauth).some((value) => value !== undefined) && urls.length === 0)
    throw usageError('--oauth-* only apply with --url or --against-url (docs/auth.md)');
  if ((options.env?.length || options.envFile !== undefined) && urls.length === 2) {
    throw usageError('-e/--env and --env-file give variables to stdio servers; there is none here (an HTTP server gets headers: --header)');
  }
  const side = (argv: string[], url: string | undefined) =>
    resolveTargets(
      argv,
      {
        ...options,
        url,
        header: url === undefined ? undefined : options.header,
        transport: url === undefined ? undefined : options.transport,
        // Like --header: the credentials go to each URL side, which signs in for itself.
        ...(url === undefined ? { oauthClientId: undefined, oauthClientSecret: undefined, oauthScope: undefined, oauthRefreshToken: undefined } : oauth),
        env: url === undefined ? options.env : undefined,
        envFile: url === undefined ? options.envFile : undefined,
      },
      [],
    );
  return { older: await side(oldArgv, options.againstUrl), newer: await side(newArgv, options.url) };
}

/** What to say besides the changes: the old side's capture notes, and a new server name (no change id has it). */
function notesOf(old: Pinned & { ok: true }, report: ServerReport, oldSide: string, redact: <T>(value: T) => T): string[] {
  const notes = old.notes.map((note) => redact(`${oldSide}: ${note}`));
  const before = old.lock.server.name;
  const after = redact(typeof report.serverInfo?.name === 'string' ? report.serverInfo.name : undefined);
  if (before !== undefined && after !== undefined && before !== after) {
    notes.push(`${oldSide} is named ${quote(before, 80)} and the new one ${quote(after, 80)} (serverInfo.name): compared as two versions of one server`);
  }
  return notes;
}

/** A side's failure as one line that names the side. */
function sideError(side: string, error: unknown, redact: <T>(value: T) => T): McpactError {
  const failure = error instanceof McpactError ? error : new McpactError('internal', errorMessage(error));
  return new McpactError(failure.kind, redact(`${side}: ${failure.message}`), failure.details.map(redact), { cause: error });
}
