/**
 * `mcpact run`: the run of cli/pipeline.ts (the library's `run()`), plus what a command shows: the console streaming
 * on stdout or progress on stderr, every reporter's output, the trace, blobs, the pull-request comment, and the exit
 * code (0 clean, 1 findings at or above fail-on, 2 not everything tested).
 */
import path from 'node:path';
import type { TapEntry } from '../connect/rpc.js';
import type { RunReport } from '../model/report.js';
import type { Surface } from '../surface/types.js';
import { parseOptions, runOptionsSchema, type RunOptions } from './option-schemas.js';
import type { ResolvedTargets } from './targets.js';
import { runPipeline, type RunAttachments, type RunSetup } from './pipeline.js';
import type { TraceWriter } from './output.js';
import { writeOut, writeErr } from './ci-safe.js';
import { interruptSignal } from './signals.js';
import { forTerminal } from '../report/sanitize.js';

export async function runCommand(operands: string[], raw: Record<string, unknown>): Promise<number> {
  const options = parseOptions(runOptionsSchema, raw);
  if (options.watch !== undefined) {
    const { watchCommand } = await import('./watch.js');
    return watchCommand(operands, options, runOnce);
  }
  return (await runOnce(operands, options)).code;
}

export interface RunOutcome {
  report: RunReport;
  code: 0 | 1 | 2;
  /** The folders the servers run in (stdio: their cwd), else the config's folder or the working directory: what --watch watches by default. */
  folders: string[];
}

/**
 * One run, reports written. `followUp` (watch mode after the first run): nothing on stdout or progress on stderr,
 * the caller prints what changed; file reporters are written again.
 */
export async function runOnce(operands: string[], options: RunOptions, followUp = false): Promise<RunOutcome> {
  // Asked for first: a signal while the rules load (servers may be starting already) stops the run cleanly too.
  const interrupt = interruptSignal();
  // Loaded while the pipeline resolves the servers and starts the first ones; awaited once they are known.
  const loading = Promise.all([
    import('../rules/index.js'),
    import('../report/reporters/console.js'),
    import('./output.js'),
    import('./progress.js'),
    import('../util/secrets.js'),
    import('../util/bound.js'),
  ]);
  const reporters = followUp ? options.reporter.filter((reporter) => reporter.path !== undefined) : options.reporter;
  const blobDir = reporters.find((reporter) => reporter.name === 'blob')?.path;

  // What the command shows while the servers run: set up once they are known, before the first rule.
  const attach = async ({ resolved, allNames, failOn, secrets }: RunSetup) => {
    const [{ ALL_RULES }, { consoleStream }, output, { progressHooks }, { redactData }, { bounded, TRACE_BOUNDS }] = await loading;
    const streamed = output.consoleOnStdout(reporters);
    const context = output.reporterContext(options, ALL_RULES);
    const stream = streamed ? consoleStream(writeOut, { ...context, failOn }) : undefined;
    // Messages may nest deeper than JSON.stringify (or redaction's walk) can go: the trace keeps a bounded copy, of
    // the same shape (only values deep inside each `message`, typed unknown, become marker strings).
    const trace: TraceWriter | undefined = options.trace
      ? await output.openTrace(options.trace, (line) => redactData(bounded(line, TRACE_BOUNDS), secrets))
      : undefined;
    // Without the console on stdout, stderr says how far the run is (one live line on a terminal, a line per family in CI).
    const progress = streamed || options.quiet || followUp ? undefined : progressHooks(writeErr, process.stderr.isTTY === true);
    if (options.shard && blobDir === undefined)
      output.say(`warning: --shard ${options.shard.index}/${options.shard.total} without --reporter blob:DIR: nothing to merge`);
    if (options.shard && streamed) {
      writeErr(
        `mcpact: shard ${options.shard.index}/${options.shard.total}: ${resolved.servers.length} of ${allNames.length} servers; checks across servers run in merge-reports\n`,
      );
    }
    const surfaces = new Map<number, Surface>();
    const attachments: RunAttachments = {
      hooks: { ...stream, ...progress },
      ...(trace && { onTraffic: (name: string, entry: TapEntry) => trace.write(name, entry) }),
      ...(blobDir !== undefined && { onSurface: (index: number, surface: Surface) => surfaces.set(index, surface) }),
    };
    return { ...attachments, output, streamed, context, stream, trace, progress, surfaces };
  };

  const { attached, report, unmarked, code, resolved, allNames, failOn, secrets, version, plans, goldenFiles } = await runPipeline(operands, options, {
    interrupt,
    attach,
    warn: (line) => writeErr(`mcpact: ${forTerminal(line)}\n`),
  });
  const { output, streamed, context, stream, trace, progress, surfaces } = attached;
  progress?.finish();
  for (const file of goldenFiles) writeErr(`mcpact: wrote golden file ${path.relative(process.cwd(), file)}\n`);
  stream?.finish(report);
  await output.writeReports(report, reporters, context, streamed);
  if (blobDir !== undefined) {
    const [{ writeBlob }, { policyOf }] = await Promise.all([import('./blob.js'), import('../engine/runner.js')]);
    const positions = new Map(allNames.map((name, index) => [name, index]));
    await writeBlob(blobDir, {
      version,
      shard: options.shard,
      allNames,
      failOn,
      complete: report.complete,
      durationMs: report.durationMs,
      // Unmarked: merge-reports judges the whole run, against its own --known-findings.
      servers: unmarked.servers.map((server, index) => ({
        position: positions.get(resolved.servers[index]!.name) ?? index,
        report: server,
        policy: policyOf(plans[index]!),
        surface: surfaces.get(index),
      })),
      secrets,
    });
  }
  if (options.prComment && !followUp) {
    const [{ postPrComment }, { REPORTERS }] = await Promise.all([import('../ci/pr-comment.js'), import('../report/reporters/index.js')]);
    // The comment is a convenience: whatever happens to it is one line on stderr, and the exit code stays the report's.
    const outcome = await postPrComment(REPORTERS.markdown.render(report, { ...context, color: false }), process.env);
    writeErr(`mcpact: ${outcome.kind === 'failed' ? 'warning: ' : ''}${outcome.note}\n`);
  }
  await trace?.close();
  if (!followUp) output.reportServerErrors(report, reporters);
  return { report, code, folders: watchFolders(resolved) };
}

/** What --watch watches without paths: each stdio server's cwd, else the config's folder (or the working directory). */
function watchFolders(resolved: ResolvedTargets): string[] {
  const home = resolved.configPath ? path.dirname(resolved.configPath) : process.cwd();
  const folders = resolved.servers.map((server) => (server.target.kind === 'stdio' ? (server.target.cwd ?? process.cwd()) : home));
  return [...new Set(folders.length > 0 ? folders : [home])];
}
