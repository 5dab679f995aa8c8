/**
 * `mcpact init --from <client config>`: the servers of a client's config file, as an mcpact.yaml. Reads the
 * `mcpServers` object of desktop clients and IDEs (Claude Desktop, Cursor, Windsurf, Cline, ...) and the
 * `servers` object of VS Code's mcp.json. No secret is copied: every `env:` value and every header value becomes a
 * `${VAR}` reference (interpolated from the environment when mcpact runs, and redacted in every report), and
 * so does the value of a command-line flag whose name says it is a credential (`--api-key X`, `--token=X`).
 */
import { readFile } from 'node:fs/promises';
import { stringify } from 'yaml';
import { usageError } from '../errors.js';
import { looksSecret } from '../connect/child-env.js';

export interface ImportedConfig {
  /** The YAML text to write. */
  text: string;
  /** The variables the config reads: each must be set when mcpact runs. */
  variables: string[];
  /** How many servers were imported. */
  servers: number;
  /** Entries not imported, and why. */
  skipped: string[];
}

type Entry = Record<string, unknown>;

const isRecord = (value: unknown): value is Entry => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A credential flag: `--api-key`, `--token`, `--password`, `--client-secret`, ... */
const SECRET_FLAG = /^--?[A-Za-z0-9-]*(key|token|secret|password|passwd|pat|credential|auth)[A-Za-z0-9-]*$/i;

export async function importClientConfig(file: string, header: string): Promise<ImportedConfig> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = error instanceof SyntaxError ? `not valid JSON (${error.message})` : code === 'ENOENT' ? 'no such file' : String(code ?? error);
    throw usageError(`--from: cannot read ${file}: ${why}`);
  }
  const entries = isRecord(raw) && isRecord(raw.mcpServers) ? raw.mcpServers : isRecord(raw) && isRecord(raw.servers) ? raw.servers : undefined;
  if (entries === undefined) {
    throw usageError(`--from: ${file} has no "mcpServers" object (desktop clients, IDEs) or "servers" object (VS Code mcp.json)`);
  }
  const variables = new Set<string>();
  const skipped: string[] = [];
  const servers: Entry[] = [];
  const names = new Set<string>();
  for (const [key, entry] of Object.entries(entries)) {
    if (!isRecord(entry)) {
      skipped.push(`${key}: not an object`);
      continue;
    }
    if (entry.disabled === true) {
      skipped.push(`${key}: disabled`);
      continue;
    }
    if (entry.type === 'sse' || entry.transport === 'sse') {
      skipped.push(`${key}: the legacy SSE transport (mcpact tests Streamable HTTP servers)`);
      continue;
    }
    let name = key.replace(/[^A-Za-z0-9_.-]+/g, '-').slice(0, 60) || 'server';
    for (let suffix = 2; names.has(name); suffix++) name = `${name.replace(/-\d+$/, '')}-${suffix}`;
    names.add(name);
    const server = importServer(name, entry, variables);
    if (server === undefined) skipped.push(`${key}: neither a "command" (stdio) nor a "url" (HTTP)`);
    else servers.push(server);
  }
  if (servers.length === 0) throw usageError(`--from: ${file} lists no server mcpact can test${skipped.length > 0 ? ` (${skipped.join('; ')})` : ''}`);
  const sorted = [...variables].sort();
  const text = [
    header,
    `# mcpact configuration, imported from ${file} by mcpact init --from.`,
    ...(sorted.length > 0
      ? [
          '# No secret was copied: env values, header values and credential flags are ${VAR} references, read from the',
          `# environment when mcpact runs (and redacted in every report). Set them first: ${sorted.join(', ')}.`,
        ]
      : []),
    ...skipped.map((why) => `# Not imported: ${why}.`),
    '',
    stringify({ servers }).trimEnd(),
    '',
  ].join('\n');
  return { text, variables: sorted, servers: servers.length, skipped };
}

function importServer(name: string, entry: Entry, variables: Set<string>): Entry | undefined {
  const prefix = name.toUpperCase().replace(/[^A-Z0-9]+/g, '_');
  if (typeof entry.command === 'string') {
    const server: Entry = { name, transport: 'stdio', command: reference(entry.command, variables) };
    const args = Array.isArray(entry.args) ? entry.args.map(String) : [];
    if (args.length > 0) server.args = importArgs(args, prefix, variables);
    if (isRecord(entry.env) && Object.keys(entry.env).length > 0) {
      server.env = Object.fromEntries(Object.keys(entry.env).map((variable) => [variable, variableFor(variable, variables)]));
    }
    if (typeof entry.cwd === 'string') server.cwd = reference(entry.cwd, variables);
    return server;
  }
  if (typeof entry.url === 'string') {
    const server: Entry = { name, transport: 'http', url: reference(entry.url, variables) };
    if (isRecord(entry.headers) && Object.keys(entry.headers).length > 0) {
      server.headers = Object.fromEntries(
        Object.keys(entry.headers).map((header) => [header, variableFor(`${prefix}_${header.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`, variables)]),
      );
    }
    return server;
  }
  return undefined;
}

/** Arguments as given, but the value of a credential flag (`--token X`, `--token=X`) is a variable. */
function importArgs(args: readonly string[], prefix: string, variables: Set<string>): string[] {
  const result: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const equals = arg.indexOf('=');
    const flag = equals === -1 ? arg : arg.slice(0, equals);
    if (!SECRET_FLAG.test(flag) && !(flag.startsWith('-') && looksSecret(flag.replace(/^-+/, '').replace(/-/g, '_')))) {
      result.push(reference(arg, variables));
      continue;
    }
    const variable = `${prefix}_${flag
      .replace(/^-+/, '')
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '_')}`;
    if (equals !== -1) result.push(`${flag}=${variableFor(variable, variables)}`);
    else if (index + 1 < args.length && !args[index + 1]!.startsWith('-')) {
      result.push(arg, variableFor(variable, variables));
      index++;
    } else result.push(arg);
  }
  return result;
}

function variableFor(variable: string, variables: Set<string>): string {
  const name = variable.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(\d)/, '_$1');
  variables.add(name);
  return `\${${name}}`;
}

/**
 * The client's own references in a value, as mcpact's: `${env:VAR}` (VS Code, Cursor) and `${VAR}` stay
 * variables; `${input:id}` (a VS Code prompt) becomes the variable ID; `${workspaceFolder}` the config's folder.
 */
function reference(value: string, variables: Set<string>): string {
  return value
    .replace(/\$\{workspaceFolder\}/g, '.')
    .replace(/\$\{(?:env:|input:)?([A-Za-z_][A-Za-z0-9_.-]*)\}/g, (_, name: string) => variableFor(name.toUpperCase().replace(/[.-]/g, '_'), variables));
}
