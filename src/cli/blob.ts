/**
 * The blob reporter (`--reporter blob:DIR`) and its reader: one shard's result, in a form `mcpact merge-reports`
 * can join with the other shards'. A blob holds each server's finished report and what the checks across servers
 * need of it (its Surface and its levels), redacted like every other report. It is an exchange between shards of
 * one run of one mcpact version, not a published format: the reader refuses any other version with one message.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { usageError } from '../errors.js';
import { serverReportSchema, type ServerReport } from '../model/report.js';
import { INHERITED_LEVELS, RULE_LEVELS, SEVERITIES, type Severity } from '../model/severity.js';
import type { SeverityPolicy } from '../engine/severity.js';
import type { Surface } from '../surface/types.js';
import { bounded, TRACE_BOUNDS } from '../util/bound.js';
import { redactData, type Secrets } from '../util/secrets.js';
import { writeOutput } from './output.js';
import type { Shard } from './shard.js';

export const BLOB_VERSION = 1;

/** The file a shard writes into its DIR; merge-reports reads every file so named under the folders it is given. */
export function blobFileName(shard: Shard | undefined): string {
  return shard ? `mcpact-blob-${shard.index}-of-${shard.total}.json` : 'mcpact-blob.json';
}
const BLOB_FILE = /^mcpact-blob(-\d+-of-\d+)?\.json$/;

const listSchema = z.looseObject({
  spec: z.looseObject({ kind: z.string(), method: z.string(), field: z.string(), capability: z.string(), location: z.string() }),
  status: z.enum(['ok', 'not-declared', 'error', 'timeout', 'closed', 'malformed']),
  items: z.array(z.unknown()),
  pages: z.number(),
  problems: z.array(z.unknown()),
});

const surfaceSchema = z.looseObject({
  requestedProtocolVersion: z.string(),
  initializeResult: z.record(z.string(), z.unknown()),
  capabilities: z.record(z.string(), z.unknown()),
  lists: z.strictObject({ tools: listSchema, prompts: listSchema, resources: listSchema, resourceTemplates: listSchema }),
});

const blobSchema = z.strictObject({
  kind: z.literal('mcpact-blob'),
  blobVersion: z.literal(BLOB_VERSION),
  tool: z.strictObject({ name: z.literal('mcpact'), version: z.string() }),
  shard: z.strictObject({ index: z.number().int().positive(), total: z.number().int().positive() }).nullable(),
  /** The config's whole server list (every shard's), by count and a digest of the names: shards of one run agree. */
  plan: z.strictObject({ servers: z.number().int().nonnegative(), digest: z.string() }),
  /** `done` when this run checked across its servers itself (no --shard): such a blob cannot join others. */
  crossServer: z.enum(['deferred', 'done']),
  failOn: z.enum(SEVERITIES),
  complete: z.boolean(),
  durationMs: z.number().nonnegative(),
  servers: z.array(
    z.strictObject({
      /** Index of the server in the config's whole list: the merged report keeps the config order. */
      position: z.number().int().nonnegative(),
      report: serverReportSchema,
      policy: z.strictObject({
        levels: z.record(z.string(), z.enum(RULE_LEVELS)),
        inherited: z.enum(INHERITED_LEVELS).optional(),
        drift: z.record(z.string(), z.unknown()).optional(),
      }),
      surface: surfaceSchema.nullable(),
    }),
  ),
});

export type Blob = z.output<typeof blobSchema>;

export interface BlobServer {
  position: number;
  report: ServerReport;
  policy: SeverityPolicy;
  surface?: Surface;
}

export interface BlobInput {
  version: string;
  shard: Shard | undefined;
  /** Every server name of the config, before sharding. */
  allNames: readonly string[];
  failOn: Severity;
  complete: boolean;
  durationMs: number;
  servers: readonly BlobServer[];
  /** The run's secrets: each server's report comes redacted already, and the Surfaces are redacted here. */
  secrets: Secrets;
}

/** The digest of a config's server names, order included (the merged report is in config order). */
export function planDigest(names: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(names)).digest('hex').slice(0, 16);
}

export async function writeBlob(dir: string, input: BlobInput): Promise<string> {
  const blob = {
    kind: 'mcpact-blob',
    blobVersion: BLOB_VERSION,
    tool: { name: 'mcpact', version: input.version },
    shard: input.shard ?? null,
    plan: { servers: input.allNames.length, digest: planDigest(input.allNames) },
    crossServer: input.shard ? 'deferred' : 'done',
    failOn: input.failOn,
    complete: input.complete,
    durationMs: Math.round(input.durationMs),
    servers: input.servers.map((server) => ({
      position: server.position,
      report: server.report,
      policy: JSON.parse(JSON.stringify(server.policy)) as unknown,
      // Server text of any depth: cut where JSON.stringify (and redaction's walk) would overflow, as in the trace.
      // Only values are redacted: the blob's own keys, and the protocol's names merge-reports reads, stay.
      surface: server.surface ? redactData(bounded(server.surface, TRACE_BOUNDS), input.secrets) : null,
    })),
  };
  const file = path.join(dir, blobFileName(input.shard));
  await writeOutput(file, JSON.stringify(blob) + '\n');
  return file;
}

/** Every blob under the folders (or files) given, validated: any problem is one usage error (exit 2). */
export async function readBlobs(places: readonly string[]): Promise<{ file: string; blob: Blob }[]> {
  const files: string[] = [];
  for (const place of places) {
    const found = await blobFiles(place);
    if (found.length === 0) throw usageError(`merge-reports: no blob in ${place} (files named mcpact-blob-K-of-N.json, written by --reporter blob:DIR)`);
    files.push(...found);
  }
  const blobs = [];
  for (const file of [...new Set(files)].sort()) {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      const why = error instanceof SyntaxError ? 'not valid JSON (a truncated upload?)' : String((error as NodeJS.ErrnoException).code ?? error);
      throw usageError(`merge-reports: cannot read blob ${file}: ${why}`);
    }
    const version = (raw as { blobVersion?: unknown } | null)?.blobVersion;
    if (typeof raw !== 'object' || raw === null || (raw as { kind?: unknown }).kind !== 'mcpact-blob') {
      throw usageError(`merge-reports: ${file} is not an mcpact blob`);
    }
    if (version !== BLOB_VERSION) throw usageError(`merge-reports: ${file} is a blob of format ${String(version)}; this mcpact reads format ${BLOB_VERSION}`);
    const parsed = blobSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw usageError(`merge-reports: ${file} is not a valid blob: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}`);
    }
    // The parsed copy has the schema's key order; the file's own keeps the merged reports identical to one run's.
    blobs.push({ file, blob: raw as Blob });
  }
  return blobs;
}

/** Blob files at a path: the file itself, or those in the folder and its subfolders (an artifact per shard). */
async function blobFiles(place: string, depth = 0): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(place, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return [place];
    throw usageError(`merge-reports: cannot read ${place}: ${code === 'ENOENT' ? 'no such file or folder' : String(code ?? error)}`);
  }
  const found: string[] = [];
  for (const entry of entries) {
    const full = path.join(place, entry.name);
    if (entry.isFile() && BLOB_FILE.test(entry.name)) found.push(full);
    // Download actions put each artifact in a folder of its own: a few levels are searched, never a whole tree.
    else if (entry.isDirectory() && depth < 3) found.push(...(await blobFiles(full, depth + 1)));
  }
  return found;
}
