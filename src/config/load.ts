/**
 * Reads mcpact.yaml: YAML with positions, `${VAR}` interpolation, validation against the config schema,
 * and errors that point at file:line:column with a did-you-mean for misspelt keys.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { configError, McpactError } from '../errors.js';
import { closest } from '../util/did-you-mean.js';
import { currentRuleId } from '../model/changes.js';
import { configSchema, featureShape, type ConfigFile } from './schema.js';
import { interpolate } from './interpolate.js';
import { placeholderPath } from './placeholder.js';
import { oauthSecrets } from './oauth.js';
import { allowedKeysAt } from './schema-walk.js';
import { clientTransport } from './client-entry.js';

export interface LoadedConfig {
  file: ConfigFile;
  /** Absolute path of the config file; relative paths in it are resolved against its folder. */
  path: string;
  /** Every value that came from an environment variable: redacted in every report. */
  secrets: string[];
  /** 1-based line on which each server is defined, by index (SARIF and messages point at it). */
  serverLines: number[];
}

type Path = readonly (string | number)[];

/** How far YAML aliases may expand (yaml's own guard): a few aliases in a config are fine, a bomb is not. */
const MAX_ALIAS_COUNT = 100;

export interface LoadOptions {
  env: NodeJS.ProcessEnv;
  /** Rule ids that `rules:` may re-level; any other key is an error with a did-you-mean. */
  ruleIds: readonly string[];
}

export async function loadConfigFile(file: string, options: LoadOptions): Promise<LoadedConfig> {
  const absolute = path.resolve(file);
  let text: string;
  try {
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : String(code ?? error);
    throw configError(`cannot read config ${file}: ${why}`);
  }
  return parseConfig(text, absolute, options);
}

export function parseConfig(text: string, absolutePath: string, { env, ruleIds }: LoadOptions): LoadedConfig {
  const display = path.relative(process.cwd(), absolutePath) || absolutePath;
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number | undefined): string => {
    if (offset === undefined) return display;
    const { line, col } = lineCounter.linePos(offset);
    return `${display}:${line}:${col}`;
  };
  if (doc.errors.length > 0) {
    const first = doc.errors[0]!;
    throw configError(`${at(first.pos[0])}: invalid YAML: ${first.message.split('\n')[0]}`);
  }
  let parsedRaw: unknown;
  try {
    parsedRaw = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) ?? {};
  } catch (error) {
    // yaml throws a ReferenceError when aliases expand past the count (a "billion laughs" file).
    throw configError(
      `${display}: invalid YAML: its aliases expand to more than ${MAX_ALIAS_COUNT} times their anchors (maxAliasCount); ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const located = (p: Path): string => at(nodeOffset(doc, p));
  const locatedKey = (p: Path): string => at(nodeOffset(doc, p, true));
  // A client config (`{ "mcpServers": { name: { command, args, env } | { url, headers } } }`) given with -c file.json.
  const client = absolutePath.endsWith('.json') && isRecord(parsedRaw) && 'mcpServers' in parsedRaw ? clientServers(parsedRaw, located) : undefined;
  const raw: unknown = client ? { servers: client.map((entry) => entry.server) } : parsedRaw;

  const secrets: string[] = [];
  const interpolated = interpolate(
    raw,
    env,
    (variable, p) => {
      throw configError(`${located(p)}: environment variable ${variable} is not set (used at ${formatPath(p)})`);
    },
    secrets,
  );

  const parsed = configSchema.safeParse(interpolated);
  if (!parsed.success) {
    // A misspelt key also makes the real key look missing: report the unknown key first.
    const issues = [...parsed.error.issues].sort((a, b) => Number(b.code === 'unrecognized_keys') - Number(a.code === 'unrecognized_keys'));
    const messages = issues.map((issue) => describeIssue(issue, interpolated, located, locatedKey));
    throw new McpactError('config', messages[0]!, messages.slice(1));
  }
  const config = parsed.data;
  if (config.server && config.servers) throw configError(`${display}: use either \`server\` or \`servers\`, not both`);
  if (!config.server && !config.servers) throw configError(`${display}: no server to test: add \`server:\` (or \`servers:\`)`);
  const placeholder = placeholderPath(config);
  if (placeholder) {
    throw configError(
      `${located(placeholder)}: ${formatPath(placeholder)} is still the placeholder \`mcpact init\` wrote: set it to the command that starts your server (its arguments go in args), or switch to transport: http with a url`,
    );
  }
  if (config.servers) {
    const seen = new Set<string>();
    config.servers.forEach((server, index) => {
      if (!server.name) throw configError(`${located(['servers', index])}: every entry in \`servers\` needs a \`name\``);
      if (seen.has(server.name)) throw configError(`${located(['servers', index, 'name'])}: duplicate server name "${server.name}"`);
      seen.add(server.name);
    });
  }
  const checkRuleIds = (levels: Record<string, unknown> | undefined, at: Path) => {
    for (const id of Object.keys(levels ?? {})) {
      if (ruleIds.includes(id)) continue;
      // A renamed drift id (drift/protocol-version-changed) means the rule of its new name.
      const current = currentRuleId(id);
      if (current !== id && ruleIds.includes(current) && levels) {
        levels[current] ??= levels[id];
        delete levels[id];
        continue;
      }
      const hint = closest(id, ruleIds);
      throw configError(`${locatedKey([...at, 'rules', id])}: unknown rule "${id}"${hint ? ` (did you mean "${hint}"?)` : ''}; see \`mcpact rules\``);
    }
  };
  checkRuleIds(config.rules, []);
  if (config.server) checkRuleIds(config.server.rules, ['server']);
  config.servers?.forEach((server, index) => checkRuleIds(server.rules, ['servers', index]));
  const serverCount = config.servers?.length ?? 1;
  const serverLines = Array.from({ length: serverCount }, (_, index) => {
    const offset = client
      ? nodeOffset(doc, ['mcpServers', client[index]!.key], true)
      : config.servers
        ? nodeOffset(doc, ['servers', index])
        : nodeOffset(doc, ['server'], true);
    return offset === undefined ? 1 : lineCounter.linePos(offset).line;
  });
  // OAuth credentials are secrets even when written in the config as they are (not as ${VAR}).
  for (const server of config.servers ?? (config.server ? [config.server] : [])) if (server.transport === 'http') secrets.push(...oauthSecrets(server.oauth));
  // A client config holds its secrets as they are (tokens in env and headers): every such value is redacted too.
  if (client) {
    for (const server of config.servers ?? []) {
      secrets.push(...Object.values(server.transport === 'stdio' ? (server.env ?? {}) : (server.headers ?? {})));
    }
  }
  return { file: config, path: absolutePath, secrets, serverLines };
}

/** The keys of a client config's server entry that mcpact uses; clients' own keys (autoApprove, ...) are left aside. */
const CLIENT_KEYS = { stdio: ['command', 'args', 'env', 'cwd'], http: ['url', 'headers'], sse: ['url', 'headers'] } as const;

/**
 * Each entry of `mcpServers` as a server of mcpact's own config: a `command` is a stdio server, a `url` a
 * Streamable HTTP one or a legacy HTTP+SSE one (config/client-entry.ts); `disabled: true` entries are left out.
 * Names are made of the characters a server name allows.
 */
function clientServers(raw: Record<string, unknown>, located: (p: Path) => string): { key: string; server: Record<string, unknown> }[] {
  const entries = raw.mcpServers;
  if (!isRecord(entries)) throw configError(`${located(['mcpServers'])}: mcpServers must be an object of named servers`);
  const result: { key: string; server: Record<string, unknown> }[] = [];
  for (const [key, entry] of Object.entries(entries)) {
    if (!isRecord(entry)) throw configError(`${located(['mcpServers', key])}: mcpServers.${key} must be an object`);
    if (entry.disabled === true) continue;
    const name = key.replace(/[^A-Za-z0-9_.-]+/g, '-').slice(0, 64) || 'server';
    const transport = clientTransport(entry);
    if (transport === undefined) throw configError(`${located(['mcpServers', key])}: mcpServers.${key} needs a "command" (stdio) or a "url" (HTTP)`);
    const server: Record<string, unknown> = { name, transport };
    for (const field of CLIENT_KEYS[transport]) if (entry[field] !== undefined) server[field] = entry[field];
    result.push({ key, server });
  }
  if (result.length === 0) throw configError(`${located(['mcpServers'])}: mcpServers lists no enabled server`);
  return result;
}

function describeIssue(issue: z.core.$ZodIssue, data: unknown, located: (p: Path) => string, locatedKey: (p: Path) => string): string {
  const p = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
  if (issue.code === 'unrecognized_keys') {
    const allowed = allowedKeysAt(configSchema, p, data);
    return issue.keys
      .map((key) => {
        const hint = closest(key, allowed);
        const perServer = p.length === 0 && key in featureShape;
        const suffix = perServer
          ? ` (it belongs inside the server entry: server.${key} or servers[].${key})`
          : hint
            ? ` (did you mean "${hint}"?)`
            : allowed.length > 0
              ? ` (allowed: ${allowed.join(', ')})`
              : '';
        return `${locatedKey([...p, key])}: unknown key "${key}" at ${formatPath(p)}${suffix}`;
      })
      .join('\n');
  }
  if (issue.code === 'invalid_union' && 'discriminator' in issue) {
    return `${located(p)}: ${formatPath(p)} is required and must be one of: stdio (with command), http (with url: Streamable HTTP) or sse (with url: the legacy HTTP+SSE transport)`;
  }
  if (issue.code === 'invalid_value' && Array.isArray(issue.values)) {
    const got = getAt(data, p);
    const hint = typeof got === 'string' ? closest(got, issue.values.map(String)) : undefined;
    return `${located(p)}: ${formatPath(p)} must be one of: ${issue.values.join(', ')}${hint ? ` (did you mean "${hint}"?)` : ''}`;
  }
  if (issue.code === 'invalid_key' && p.at(-2) === 'rules') {
    return `${located(p)}: "${String(p.at(-1))}" is not a rule id (see \`mcpact rules\`)`;
  }
  return `${located(p)}: ${formatPath(p)}: ${issue.message}`;
}

/** Offset of the node at `p`, or of its nearest existing ancestor; with `key`, of the key naming it. */
function nodeOffset(doc: Document, p: Path, key = false): number | undefined {
  if (key && p.length > 0) {
    const parent: unknown = p.length === 1 ? doc.contents : doc.getIn(p.slice(0, -1), true);
    if (isMap(parent)) {
      const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === p.at(-1));
      if (pair && isScalar(pair.key) && pair.key.range) return pair.key.range[0];
    }
  }
  for (let depth = p.length; depth >= 0; depth--) {
    const node: unknown = depth === 0 ? doc.contents : doc.getIn(p.slice(0, depth), true);
    if ((isMap(node) || isSeq(node) || isScalar(node)) && node.range) return node.range[0];
  }
  return undefined;
}

export function formatPath(p: Path): string {
  if (p.length === 0) return 'the top level';
  return p.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join('');
}

function getAt(data: unknown, p: Path): unknown {
  let current = data;
  for (const key of p) current = isRecord(current) || Array.isArray(current) ? (current as Record<string | number, unknown>)[key] : undefined;
  return current;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
