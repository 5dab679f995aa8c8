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
import { clientTransport } from '../config/client-entry.js';

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
/** Query parameters that carry a credential. */
const SECRET_PARAM = /(key|token|secret|password|passwd|pat|credential|auth|sig|signature)/i;
/** Token formats of common services (OpenAI/Stripe, GitHub, Slack, GitLab, AWS, Google): a positional argument like these is a secret. */
const TOKEN_SHAPE =
  /^(sk[-_](live|test|proj|ant)?[-_]?[A-Za-z0-9_-]{8,}|rk_(live|test)_[A-Za-z0-9]{8,}|gh[pousr]_[A-Za-z0-9]{16,}|github_pat_[A-Za-z0-9_]{16,}|xox[abposr]-[A-Za-z0-9-]{8,}|glpat-[A-Za-z0-9_-]{16,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,})$/;

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
  const transport = clientTransport(entry);
  if (transport === 'stdio' && typeof entry.command === 'string') {
    const server: Entry = { name, transport: 'stdio', command: reference(entry.command, variables) };
    const args = Array.isArray(entry.args) ? entry.args.map(String) : [];
    if (args.length > 0) server.args = importArgs(args, prefix, variables);
    if (isRecord(entry.env) && Object.keys(entry.env).length > 0) {
      server.env = Object.fromEntries(Object.keys(entry.env).map((variable) => [variable, variableFor(variable, variables)]));
    }
    if (typeof entry.cwd === 'string') server.cwd = reference(entry.cwd, variables);
    return server;
  }
  if (transport !== undefined && typeof entry.url === 'string') {
    // A legacy HTTP+SSE entry is written as one (transport: sse), and runs over that transport.
    const server: Entry = { name, transport, url: importUrl(reference(entry.url, variables), prefix, variables) };
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
      // A credential passed on its own (`npx server ghp_…`): recognised by the prefixes services give their tokens.
      if (TOKEN_SHAPE.test(arg)) result.push(variableFor(`${prefix}_TOKEN_${index}`, variables));
      else result.push(reference(arg, variables));
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

/**
 * A URL as given, but a password in it (`https://user:pass@host`) and the value of a query parameter whose name
 * says credential (`?api_key=…`, `&token=…`) are variables. Built as text: the URL class would percent-encode `${}`.
 */
function importUrl(url: string, prefix: string, variables: Set<string>): string {
  let result = url.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i, (_, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    return colon === -1 ? `${scheme}${userinfo}@` : `${scheme}${userinfo.slice(0, colon)}:${variableFor(`${prefix}_URL_PASSWORD`, variables)}@`;
  });
  const query = result.indexOf('?');
  if (query === -1) return result;
  const hash = result.indexOf('#', query);
  const end = hash === -1 ? result.length : hash;
  const params = result
    .slice(query + 1, end)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals === -1 ? pair : pair.slice(0, equals);
      if (equals === -1 || !(SECRET_PARAM.test(key) || looksSecret(key))) return pair;
      return `${key}=${variableFor(`${prefix}_${key.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`, variables)}`;
    });
  result = `${result.slice(0, query + 1)}${params.join('&')}${result.slice(end)}`;
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
