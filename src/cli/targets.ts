/**
 * Turns argv and the config file into the list of servers to test. Zero-config (`-- <command>` or `--url`) and a
 * config file are two ways to name servers; mixing them is a usage error rather than a guess.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseEnv } from 'node:util';
import type { LoadedConfig } from '../config/load.js';
import { SEVERITIES } from '../model/severity.js';
import { configFiles } from './config-files.js';
import { commandName } from './command-name.js';
import { DEFAULT_TIMEOUTS, serverSettings, type ServerConfig, type ServerSettings, type Timeouts } from '../config/schema.js';
import type { Depth } from '../model/depth.js';
import type { CompatConfig } from '../config/compat.js';
import type { SessionTarget } from '../connect/session.js';
import type { ServerPlan } from '../engine/runner.js';
import type { Severity } from '../model/severity.js';
import type { EraChoice } from '../model/spec.js';
import { configError, usageError } from '../errors.js';
import { closest } from '../util/did-you-mean.js';
import { looksSecret, ownSecrets } from '../connect/child-env.js';
import type { TargetOptions } from './option-schemas.js';
import type { OAuthCredentials } from '../connect/oauth/sign-in.js';
import { signInTargets, storedLogins } from './sign-in.js';

/** A server to test, as argv and the config describe it: what the runner needs, plus where it was defined. */
export interface ServerTarget extends Pick<
  ServerPlan,
  'name' | 'nameFromServer' | 'target' | 'timeouts' | 'expect' | 'levels' | 'inherited' | 'settings' | 'protocolEra' | 'signIn'
> {
  /** HTTP: the credentials to sign in with (`oauth:`, --oauth-*); signed in once the targets are resolved. */
  oauth?: OAuthCredentials;
  /** Line of the config file that defines this server (for SARIF locations and messages). */
  configLine?: number;
  /** The config file that defines this server (absolute): one of several when -c names a folder or a glob. */
  configPath?: string;
  /** Zero-config: the file the run names for this server (its entry script, else package.json), for SARIF. */
  source?: { file: string; line: number };
}

export interface ResolvedTargets {
  servers: ServerTarget[];
  secrets: string[];
  failOn?: Severity;
  configPath?: string;
  /** The config's `known_findings`, absolute (resolved against its config). */
  knownFindings?: string;
}

export const DEFAULT_CONFIG = 'mcpact.yaml';
/** The era spoken when neither --protocol-era nor protocol_era names one. */
export const DEFAULT_ERA: EraChoice = 'auto';
/** The config file names looked for when -c is not given, in this order, in each folder. */
export const CONFIG_NAMES = ['mcpact.yaml', 'mcpact.yml', '.mcpact.yaml'] as const;

/**
 * The config of the working directory, else of the nearest folder above it, up to the repository root (the
 * folder with `.git`) or the file system's root. Relative to the working directory, as the user would type it.
 */
export function findConfig(start: string): string | undefined {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    for (const name of CONFIG_NAMES) {
      const candidate = path.join(dir, name);
      if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return path.relative(start, candidate) || candidate;
    }
    if (existsSync(path.join(dir, '.git')) || path.dirname(dir) === dir) return undefined;
  }
}

export async function resolveTargets(operands: string[], options: TargetOptions, knownRuleIds: readonly string[]): Promise<ResolvedTargets> {
  const zeroConfig = operands.length > 0 || options.url !== undefined;
  if (operands.length > 0 && options.url !== undefined) throw usageError('give either a command after -- or --url, not both');
  if (zeroConfig && options.config !== undefined) {
    // `-c configs/*.yaml` unquoted: the shell expanded the glob, and the second file arrived as a command.
    if (operands.length > 0 && /\.(ya?ml|json)$/.test(operands[0]!)) {
      throw usageError(`-c takes one path: quote a glob so mcpact expands it (-c '${options.config.replace(/[^/]*$/, '*.yaml')}'), or name the folder`);
    }
    throw usageError('give either a config file (-c) or a server on the command line (-- <command> / --url), not both');
  }
  if (options.header?.length && options.url === undefined) throw usageError('--header only applies with --url');
  if (options.transport !== undefined && options.url === undefined) {
    throw usageError('--transport only applies with --url (in a config, each server names its own: transport: sse)');
  }
  if (hasOAuthFlags(options) && options.url === undefined)
    throw usageError('--oauth-* only apply with --url; in a config, give the server an oauth: entry (docs/auth.md)');
  const extra = await commandLineEnv(options);
  const resolved = await resolveFrom(operands, options, knownRuleIds, zeroConfig);
  const timeouts = commandLineTimeouts(options);
  for (const server of resolved.servers) {
    server.timeouts = { ...server.timeouts, ...timeouts };
    if (options.protocolEra !== undefined) server.protocolEra = options.protocolEra;
    if (server.target.kind === 'stdio' && extra.names.length > 0) server.target = { ...server.target, env: { ...server.target.env, ...extra.env } };
  }
  if (extra.names.length > 0 && !resolved.servers.some((server) => server.target.kind === 'stdio')) {
    throw usageError('-e/--env and --env-file give variables to stdio servers; there is none here (an HTTP server gets headers: --header)');
  }
  const secrets = [...resolved.secrets, ...extra.secrets, ...ownSecrets(process.env)];
  // Before anything is written: the tokens it obtains join the secrets here (and later, when one is renewed
  // mid-run), so every output redacts them.
  await storedLogins(resolved.servers);
  await signInTargets(resolved.servers, secrets);
  return { ...resolved, secrets };
}

function hasOAuthFlags(options: TargetOptions): boolean {
  return [options.oauthClientId, options.oauthClientSecret, options.oauthScope, options.oauthRefreshToken].some((value) => value !== undefined);
}

/** --oauth-*, checked: a client id with a secret or a refresh token, and no Authorization header beside them. */
function commandLineOAuth(options: TargetOptions, headers: Record<string, string>): OAuthCredentials | undefined {
  if (!hasOAuthFlags(options)) return undefined;
  if (options.oauthClientId === undefined) throw usageError('--oauth-client-secret, --oauth-scope and --oauth-refresh-token need --oauth-client-id');
  if (options.oauthClientSecret === undefined && options.oauthRefreshToken === undefined)
    throw usageError('--oauth-client-id needs --oauth-client-secret (client_credentials grant) or --oauth-refresh-token (refresh grant)');
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'authorization'))
    throw usageError('give either --header "Authorization: …" or --oauth-*, not both: mcpact sends the token it obtains as Authorization');
  return {
    clientId: options.oauthClientId,
    ...(options.oauthClientSecret !== undefined && { clientSecret: options.oauthClientSecret }),
    ...(options.oauthScope !== undefined && { scope: options.oauthScope }),
    ...(options.oauthRefreshToken !== undefined && { refreshToken: options.oauthRefreshToken }),
  };
}

async function resolveFrom(operands: string[], options: TargetOptions, knownRuleIds: readonly string[], zeroConfig: boolean): Promise<ResolvedTargets> {
  if (zeroConfig) {
    if (options.server !== undefined) throw usageError('--server selects a server from a config file; there is none here');
    return zeroConfigTargets(operands, options);
  }
  const file = options.config ?? findConfig(process.cwd());
  if (file === undefined) {
    throw usageError(
      `no server to test: pass -c <config>, create ${DEFAULT_CONFIG} (mcpact init; ${CONFIG_NAMES.join(', ')} are found up to the repository root), or use -- <command> / --url <url>`,
    );
  }
  const files = configFiles(file);
  // Loaded here, not up front: a zero-config run starts its server without the YAML parser.
  const { loadConfigFile } = await import('../config/load.js');
  const loadedAll = [];
  for (const one of files) loadedAll.push(await loadConfigFile(one, { env: process.env, ruleIds: knownRuleIds }));
  let servers = loadedAll.flatMap((loaded) => configuredServers(loaded, loadedAll.length > 1));
  const defined = new Map<string, string>();
  for (const server of servers) {
    const where = path.relative(process.cwd(), server.configPath ?? '') || server.configPath || file;
    const other = defined.get(server.name);
    if (other !== undefined) {
      throw usageError(
        `server name "${server.name}" is defined in ${other} and in ${where}: names must be unique across the configs of one run (set name: on one of them)`,
      );
    }
    defined.set(server.name, where);
  }
  if (options.server !== undefined) {
    const names = servers.map((server) => server.name);
    const chosen = servers.filter((server) => server.name === options.server);
    if (chosen.length === 0) {
      const hint = closest(options.server, names);
      throw usageError(`no server named "${options.server}" in ${file}${hint ? ` (did you mean "${hint}"?)` : ''}; servers: ${names.join(', ')}`);
    }
    servers = chosen;
  }
  // Several configs: the strictest fail_on of theirs applies to the one run.
  const failOns = loadedAll.flatMap((loaded) => (loaded.file.fail_on ? [loaded.file.fail_on] : []));
  const failOn = failOns.sort((a, b) => SEVERITIES.indexOf(a) - SEVERITIES.indexOf(b))[0];
  const knownFindings = configuredKnownFindings(loadedAll);
  return { servers, secrets: loadedAll.flatMap((loaded) => loaded.secrets), failOn, configPath: loadedAll[0]!.path, ...(knownFindings && { knownFindings }) };
}

/** The one known-findings file the configs name (relative to each config); two different ones are a usage error. */
function configuredKnownFindings(loadedAll: readonly LoadedConfig[]): string | undefined {
  const named = loadedAll.flatMap((loaded) => (loaded.file.known_findings ? [path.resolve(path.dirname(loaded.path), loaded.file.known_findings)] : []));
  const files = [...new Set(named)];
  if (files.length > 1) {
    const shown = files.map((file) => path.relative(process.cwd(), file) || file);
    throw usageError(`the configs name different known_findings files (${shown.join(', ')}): name one with --known-findings, or the same in each config`);
  }
  return files[0];
}

/** The servers of one loaded config. `several`: one of several configs, so its relative paths are made absolute. */
function configuredServers(loaded: LoadedConfig, several: boolean): ServerTarget[] {
  const baseDir = path.dirname(loaded.path);
  const configured = loaded.file.servers ?? (loaded.file.server ? [loaded.file.server] : []);
  const topLevels = loaded.file.rules ?? {};
  return configured.map((server, index) => {
    const settings = withCompat(withDepth(serverSettings(server), loaded.file.depth), loaded.file.compat);
    if (several) {
      // drift.baseline is relative to its own config; an absolute path means the same whichever config is first.
      if (settings.drift?.baseline !== undefined) settings.drift = { ...settings.drift, baseline: path.resolve(baseDir, settings.drift.baseline) };
      if (usesGoldens(settings)) {
        throw usageError(
          `${path.relative(process.cwd(), loaded.path)}: golden files are written inside their config's folder; run this config alone (-c ${path.relative(process.cwd(), loaded.path)})`,
        );
      }
    }
    const oauth = server.transport === 'http' ? configuredOAuth(server, loaded, index) : undefined;
    return {
      ...(oauth && { oauth }),
      name: server.name ?? defaultName(server),
      target: sessionTarget(server, baseDir),
      timeouts: { ...DEFAULT_TIMEOUTS, ...loaded.file.timeouts, ...server.timeouts },
      expect: { protocolVersion: server.expect?.protocol_version },
      levels: { ...topLevels, ...server.rules },
      inherited: server.inherited ?? loaded.file.inherited,
      protocolEra: server.protocol_era ?? loaded.file.protocol_era ?? DEFAULT_ERA,
      settings,
      configLine: loaded.serverLines[index],
      configPath: loaded.path,
    };
  });
}

/** A server's `oauth:`, as credentials; an Authorization header beside it is a config error. */
function configuredOAuth(server: Extract<ServerConfig, { transport: 'http' }>, loaded: LoadedConfig, index: number): OAuthCredentials | undefined {
  const { oauth } = server;
  if (oauth === undefined) return undefined;
  if (Object.keys(server.headers ?? {}).some((name) => name.toLowerCase() === 'authorization')) {
    const where = `${path.relative(process.cwd(), loaded.path) || loaded.path}:${loaded.serverLines[index] ?? 1}`;
    throw configError(`${where}: give the server either an Authorization header or oauth:, not both (mcpact sends the token it obtains as Authorization)`);
  }
  return {
    clientId: oauth.client_id,
    ...(oauth.client_secret !== undefined && { clientSecret: oauth.client_secret }),
    ...(oauth.scope !== undefined && { scope: oauth.scope }),
    ...(oauth.refresh_token !== undefined && { refreshToken: oauth.refresh_token }),
  };
}

/** True when the server compares with golden files (prompts or suites): they resolve against one config folder. */
function usesGoldens(settings: ServerSettings): boolean {
  const hasGolden = (value: unknown, depth = 0): boolean =>
    depth < 8 && typeof value === 'object' && value !== null && Object.entries(value).some(([key, item]) => key === 'golden' || hasGolden(item, depth + 1));
  return hasGolden(settings.prompts) || hasGolden(settings.suites);
}

/** A server's own `depth`, else the config's top-level one (else the rules' default). */
function withDepth(settings: ServerSettings, depth: Depth | undefined): ServerSettings {
  return settings.depth === undefined && depth !== undefined ? { ...settings, depth } : settings;
}

/** A server's own `compat`, else the config's top-level one (else every known host). */
function withCompat(settings: ServerSettings, compat: CompatConfig | undefined): ServerSettings {
  return settings.compat === undefined && compat !== undefined ? { ...settings, compat } : settings;
}

/** `--connect-timeout`, `--call-timeout`, `--run-timeout`: over the config's timeouts of every server. */
function commandLineTimeouts(options: TargetOptions): Partial<Timeouts> {
  const timeouts: Partial<Timeouts> = {};
  if (options.connectTimeout !== undefined) timeouts.connect_ms = options.connectTimeout;
  if (options.callTimeout !== undefined) timeouts.call_ms = options.callTimeout;
  if (options.runTimeout !== undefined) timeouts.run_ms = options.runTimeout;
  return timeouts;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `--env-file FILE` (dotenv syntax, read by Node's own parser), then `-e KEY=VALUE` (which wins): variables for the
 * stdio servers on top of their minimal default and the config's `env:`. Every value is a secret.
 */
async function commandLineEnv(options: TargetOptions): Promise<{ env: Record<string, string>; names: string[]; secrets: string[] }> {
  const env: Record<string, string> = {};
  if (options.envFile !== undefined) {
    let text: string;
    try {
      text = await readFile(options.envFile, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw usageError(`--env-file: cannot read ${options.envFile}: ${code === 'ENOENT' ? 'no such file' : String(code ?? error)}`);
    }
    for (const [name, value] of Object.entries(parseEnv(text))) if (value !== undefined) env[name] = value;
  }
  for (const entry of options.env ?? []) {
    const equals = entry.indexOf('=');
    const name = equals === -1 ? entry : entry.slice(0, equals);
    if (equals === -1 || !ENV_NAME.test(name)) {
      throw usageError(
        `-e/--env must look like KEY=VALUE (KEY: letters, digits, _), got "${equals === -1 ? entry : name}"; to pass a variable of your shell, write -e ${ENV_NAME.test(name) ? name : 'KEY'}="$${ENV_NAME.test(name) ? name : 'KEY'}"`,
      );
    }
    env[name] = entry.slice(equals + 1);
  }
  return { env, names: Object.keys(env), secrets: Object.values(env) };
}

function zeroConfigTargets(operands: string[], options: TargetOptions): ResolvedTargets {
  // Nothing names a zero-config server: once it answers, the report calls it by its serverInfo.name.
  const base = { timeouts: DEFAULT_TIMEOUTS, expect: {}, levels: {}, settings: {}, nameFromServer: true, protocolEra: DEFAULT_ERA };
  if (options.url !== undefined) {
    if (!/^https?:\/\//i.test(options.url)) throw usageError(`--url must be an http:// or https:// URL, got "${options.url}"`);
    const headers: Record<string, string> = {};
    const secrets: string[] = [];
    for (const header of options.header ?? []) {
      const colon = header.indexOf(':');
      if (colon <= 0) throw usageError(`--header must look like "Name: value", got "${header}"`);
      const name = header.slice(0, colon).trim();
      const value = header.slice(colon + 1).trim();
      headers[name] = value;
      secrets.push(...headerSecrets(name, value));
    }
    const name = new URL(options.url).host.replace(/[^A-Za-z0-9_.-]/g, '_');
    // Without --transport, the URL may be of either HTTP transport: Streamable HTTP is tried first (connect/session.ts).
    const target: SessionTarget =
      options.transport === 'sse'
        ? { kind: 'sse', url: options.url, headers }
        : { kind: 'http', url: options.url, headers, ...(options.transport === undefined && { sseFallback: true }) };
    const oauth = commandLineOAuth(options, headers);
    if (oauth !== undefined) secrets.push(...[oauth.clientSecret, oauth.refreshToken].filter((value): value is string => value !== undefined));
    return { servers: [{ ...base, name, target, source: namedFile([]), ...(oauth && { oauth }) }], secrets };
  }
  const [command, ...args] = operands as [string, ...string[]];
  const name = commandName(command, args);
  return { servers: [{ ...base, name, target: { kind: 'stdio', command, args, env: {} }, source: namedFile(operands) }], secrets: [] };
}

/**
 * The file a zero-config run names, so SARIF results always have a physical location: the first operand of the
 * command line that is a file inside the working directory (the server's script), else the working directory's
 * package.json. None when neither exists.
 */
function namedFile(operands: readonly string[]): { file: string; line: number } | undefined {
  const cwd = process.cwd();
  const inside = (file: string) => {
    const relative = path.relative(cwd, path.resolve(cwd, file));
    return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative) && statSync(relative, { throwIfNoEntry: false })?.isFile() === true
      ? relative
      : undefined;
  };
  const script = operands.map((operand) => (operand.startsWith('-') || operand.includes('=') ? undefined : inside(operand))).find(Boolean);
  const file = script ?? inside('package.json');
  return file === undefined ? undefined : { file: file.split(path.sep).join('/'), line: 1 };
}

function sessionTarget(server: ServerConfig, baseDir: string): SessionTarget {
  if (server.transport !== 'stdio') return { kind: server.transport, url: server.url, headers: server.headers ?? {} };
  return {
    kind: 'stdio',
    command: server.command,
    args: server.args ?? [],
    env: server.env ?? {},
    cwd: path.resolve(baseDir, server.cwd ?? '.'),
  };
}

function defaultName(server: ServerConfig): string {
  return server.transport !== 'stdio' ? new URL(server.url).host.replace(/[^A-Za-z0-9_.-]/g, '_') : commandName(server.command, server.args ?? []);
}

/**
 * The secrets a header typed on the command line carries: the whole value of a credential header, and also the
 * credentials alone of a `scheme credentials` value ("Bearer T" -> T), which a server may echo without the scheme.
 */
export function headerSecrets(name: string, value: string): string[] {
  if (!/^(authorization|cookie|proxy-authorization)$/i.test(name) && !looksSecret(name.replace(/-/g, '_'))) return [];
  const scheme = /^[A-Za-z][\w.+-]*\s+(\S.*)$/.exec(value);
  return scheme ? [value, scheme[1]!] : [value];
}
