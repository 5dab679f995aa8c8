/**
 * `mcpact merge-reports DIR...`: the blobs of a sharded run (cli/blob.ts) joined into the reports one run would
 * have written: the servers in config order, the checks across servers run here over every shard's surfaces (the
 * shards left them out), and the same exit code (a missing shard or an incomplete server is exit 2).
 */
import { usageError } from '../errors.js';
import { runAcross, type AcrossEntry } from '../engine/runner.js';
import type { Surface } from '../surface/types.js';
import { buildRunReport, exitCode } from '../report/build.js';
import { ALL_RULES } from '../rules/index.js';
import { readBlobs, type Blob } from './blob.js';
import { mergeOptionsSchema, parseOptions } from './option-schemas.js';
import { reportServerErrors, reporterContext, say, writeReports } from './output.js';
import { mcpactVersion } from './version.js';
import { openKnownFindings } from './known-findings.js';

export async function mergeReportsCommand(places: string[], raw: Record<string, unknown>): Promise<number> {
  const options = parseOptions(mergeOptionsSchema, raw);
  const version = mcpactVersion();
  const blobs = await readBlobs(places);
  // The shards' own runs judged only their servers; the merged run is judged against the whole file.
  const known = await openKnownFindings(
    options,
    undefined,
    ALL_RULES.map((rule) => rule.id),
  );
  const missing = checkJoinable(blobs, version);
  const entries = blobs
    .flatMap(({ blob }) => blob.servers)
    .sort((a, b) => a.position - b.position)
    .map((server): AcrossEntry => ({
      report: server.report,
      policy: { levels: server.policy.levels, inherited: server.policy.inherited, drift: server.policy.drift },
      surface: (server.surface ?? undefined) as Surface | undefined,
    }));
  const names = new Set<string>();
  for (const { report } of entries) {
    if (names.has(report.name)) throw usageError(`merge-reports: server "${report.name}" is in two blobs; merge the shards of one run, each once`);
    names.add(report.name);
  }
  if (blobs.every(({ blob }) => blob.crossServer === 'deferred')) runAcross(ALL_RULES, entries);
  for (const shard of missing) say(`shard ${shard} is missing: its servers were not tested (the run is incomplete)`);
  const [first] = blobs;
  const built = buildRunReport({
    version,
    servers: entries.map((entry) => entry.report),
    // The shards ran side by side: the run took as long as the longest of them.
    durationMs: Math.max(...blobs.map(({ blob }) => blob.durationMs)),
    failOn: options.failOn ?? first!.blob.failOn,
    complete: missing.length === 0 && blobs.every(({ blob }) => blob.complete),
  });
  const report = known ? await known.settle(built) : built;
  const context = reporterContext(options, ALL_RULES);
  await writeReports(report, options.reporter, context, false);
  reportServerErrors(report, options.reporter);
  return exitCode(report);
}

/**
 * Blobs join when they are the shards of one run: same mcpact, same config (its server names), the same N, each
 * K once. Anything else is one usage error. Returns the shards none of the blobs is ("2/3").
 */
function checkJoinable(blobs: readonly { file: string; blob: Blob }[], version: string): string[] {
  for (const { file, blob } of blobs) {
    if (blob.tool.version !== version) {
      throw usageError(
        `merge-reports: ${file} was written by mcpact ${blob.tool.version}; this is mcpact ${version} (merge with the version that ran the shards)`,
      );
    }
  }
  const [first, ...others] = blobs;
  if (first === undefined) throw usageError('merge-reports: no blob given');
  const unsharded = blobs.find(({ blob }) => blob.shard === null);
  if (unsharded !== undefined && blobs.length > 1) {
    throw usageError(`merge-reports: ${unsharded.file} is from a run without --shard (it checked across its servers already): it cannot join other blobs`);
  }
  for (const { file, blob } of others) {
    if (blob.plan.digest !== first.blob.plan.digest) throw usageError(`merge-reports: ${file} and ${first.file} come from configs with different servers`);
    if (blob.shard?.total !== first.blob.shard?.total) {
      throw usageError(
        `merge-reports: ${file} is shard ${blob.shard?.index}/${blob.shard?.total}, ${first.file} is of /${first.blob.shard?.total}: merge the shards of one split`,
      );
    }
    if (blob.failOn !== first.blob.failOn)
      throw usageError(`merge-reports: ${file} and ${first.file} were run with different --fail-on (${blob.failOn}, ${first.blob.failOn})`);
  }
  const seen = new Map<number, string>();
  for (const { file, blob } of blobs) {
    if (blob.shard === null) continue;
    const twice = seen.get(blob.shard.index);
    if (twice !== undefined) throw usageError(`merge-reports: ${file} and ${twice} are both shard ${blob.shard.index}/${blob.shard.total}`);
    seen.set(blob.shard.index, file);
  }
  const total = first.blob.shard?.total ?? 0;
  return Array.from({ length: total }, (_, index) => index + 1)
    .filter((index) => !seen.has(index))
    .map((index) => `${index}/${total}`);
}
