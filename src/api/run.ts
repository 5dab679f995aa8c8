/**
 * `run()`, the library's door to the run `mcpact run` makes (cli/pipeline.ts): the options a test suite gives, checked
 * here in their own names, then turned into the command line's (a server's env into `-e`, its headers into
 * `--header`), so the one parser decides what is a secret, what a name looks like and what a config means. What it
 * resolves to is the RunReport the JSON reporter writes. Nothing of a command happens: no output, no signal handler,
 * no exit; bad input rejects with an error whose `exitCode` is the CLI's (2).
 */
import { z } from 'zod';
import { McpactError, errorMessage, usageError } from '../errors.js';
import { FAMILIES, type Family } from '../model/family.js';
import type { RunReport } from '../model/report.js';
import { SEVERITIES, type Severity } from '../model/severity.js';
import { ERA_CHOICES, type EraChoice } from '../model/spec.js';
import { URL_TRANSPORTS } from '../model/transport.js';
import { runPipeline, type PipelineOptions } from '../cli/pipeline.js';

/** A server mcpact starts and speaks to over stdio, as `mcpact run -- <command> <args...>` does. */
export interface StdioServer {
  command: string;
  args?: string[];
  /** Added to the minimal environment a server gets (PATH, HOME, ...), as `-e KEY=VALUE`; values are redacted in the report. */
  env?: Record<string, string>;
}

/**
 * A running server reached over HTTP, as `mcpact run --url <url> --header ...` does: Streamable HTTP, falling back to
 * the legacy HTTP+SSE transport (2024-11-05) as the specification describes, unless `transport` names one.
 */
export interface HttpServer {
  url: string;
  /** Sent with every request, as `--header "Name: value"`; credential values are redacted in the report. */
  headers?: Record<string, string>;
  /** Only this transport, as `--transport`: http (Streamable HTTP) or sse (HTTP+SSE). */
  transport?: 'http' | 'sse';
}

/** The options of `run()`: each mirrors a flag of `mcpact run`, named in camelCase (docs/stability.md#library). */
export interface RunOptions {
  /** A config file (mcpact.yaml), or a folder or glob of them, as `-c`; relative to the working directory. */
  config?: string;
  /** One server without a config. Give `config` or `server`; with neither, mcpact.yaml is looked for as the CLI does. */
  server?: StdioServer | HttpServer;
  /** Only this server of the config (`--server`). */
  serverName?: string;
  /** Only these rule families (`--only`). */
  only?: Family[];
  /** Not these rule families (`--skip`). */
  skip?: Family[];
  /** The lowest severity that fails (`--fail-on`); default the config's `fail_on`, else error. It sets `report.failOn`. */
  failOn?: Severity;
  /** The MCP era to speak (`--protocol-era`): auto (default), legacy or modern. */
  protocolEra?: EraChoice;
  /** Deadline for starting or connecting and initialize, in ms (`--connect-timeout`). */
  connectTimeout?: number;
  /** Deadline for each request, in ms (`--call-timeout`). */
  callTimeout?: number;
  /** Deadline for the whole run against one server, in ms (`--run-timeout`). */
  runTimeout?: number;
  /** Aborting it stops the servers, as Ctrl-C stops the CLI: the promise resolves to a report with `complete: false`. */
  signal?: AbortSignal;
}

const milliseconds = z.number().int().min(1).max(86_400_000);
/** An HTTP header name (RFC 9110 token): what `--header "Name: value"` can carry. */
const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'expected an HTTP header name');
const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'expected an environment variable name (letters, digits, _)');

const stdioServer = z.strictObject({ command: z.string().min(1), args: z.array(z.string()).optional(), env: z.record(envName, z.string()).optional() });
const httpServer = z.strictObject({
  url: z.string().regex(/^https?:\/\//i, 'expected an http:// or https:// URL'),
  headers: z.record(headerName, z.string()).optional(),
  transport: z.enum(URL_TRANSPORTS).optional(),
});

/** The options as the compiler sees them, checked again at run time for callers in plain JavaScript. */
const optionsSchema = z.strictObject({
  config: z.string().min(1).optional(),
  server: z.union([stdioServer, httpServer]).optional(),
  serverName: z.string().min(1).optional(),
  only: z.array(z.enum(FAMILIES)).optional(),
  skip: z.array(z.enum(FAMILIES)).optional(),
  failOn: z.enum(SEVERITIES).optional(),
  protocolEra: z.enum(ERA_CHOICES).optional(),
  connectTimeout: milliseconds.optional(),
  callTimeout: milliseconds.optional(),
  runTimeout: milliseconds.optional(),
  signal: z.instanceof(AbortSignal).optional(),
}) satisfies z.ZodType<RunOptions>;

/**
 * Runs the rules against the server(s) and resolves to the RunReport (`mcpact run -r json`). A server that cannot be
 * reached is in the report (`complete: false`, its `error`), as in the CLI's; bad options or a bad config reject.
 */
export async function run(options: RunOptions = {}): Promise<RunReport> {
  try {
    const { operands, pipeline, signal } = commandLine(options);
    const { report } = await runPipeline(operands, pipeline, { interrupt: signal, attach: () => Promise.resolve({}) });
    return report;
  } catch (error) {
    // What the CLI would print as "internal error" is exit 2 there: a rejection always carries its exit code.
    throw error instanceof McpactError ? error : new McpactError('internal', `internal error: ${errorMessage(error)}`, [], { cause: error });
  }
}

/** The options in the command line's terms, or a usage error naming the option. */
function commandLine(raw: unknown): { operands: string[]; pipeline: PipelineOptions; signal?: AbortSignal } {
  const parsed = optionsSchema.safeParse(raw);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
    throw usageError(`run(): ${where}${issue?.message ?? 'invalid options'}`);
  }
  const { config, server, serverName, signal, ...policy } = parsed.data;
  if (config !== undefined && server !== undefined) throw usageError('run(): give either config or server, not both');
  if (serverName !== undefined && server !== undefined) throw usageError('run(): serverName picks a server of the config; with server there is none');
  const pipeline: PipelineOptions = { ...policy, config, server: serverName };
  if (server === undefined) return { operands: [], pipeline, signal };
  if ('url' in server) {
    const header = Object.entries(server.headers ?? {}).map(([name, value]) => `${name}: ${value}`);
    return { operands: [], pipeline: { ...pipeline, url: server.url, header, transport: server.transport }, signal };
  }
  const env = Object.entries(server.env ?? {}).map(([name, value]) => `${name}=${value}`);
  return { operands: [server.command, ...(server.args ?? [])], pipeline: { ...pipeline, env }, signal };
}
