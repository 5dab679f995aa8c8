/**
 * `mcpact init`: writes a commented starter mcpact.yaml. With `-- <command>` or `--url` it first connects and
 * fills in what it found: the server's name and its prompts (listed as comments until prompt options exist).
 * Given no server, it asks for one at a terminal; otherwise (or with no answer) the starter's server command is a
 * placeholder that every command refuses until it is edited (config/placeholder.ts).
 */
import { existsSync } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import type { Session, SessionTarget } from '../connect/session.js';
import type { OAuthCredentials } from '../connect/oauth/sign-in.js';
import { DEFAULT_TIMEOUTS } from '../config/schema.js';
import { usageError } from '../errors.js';
import { openCapturedSession } from '../surface/open.js';
import { items } from '../surface/items.js';
import { resolveTargets } from './targets.js';
import { mcpactVersion } from './version.js';
import { forTerminal } from '../report/sanitize.js';
import { initOptionsSchema, parseOptions, type InitOptions } from './option-schemas.js';
import { writeOut } from './ci-safe.js';
import { writeOutput } from './output.js';
import { serverFromAnswer, SERVER_QUESTION, terminalAsk, type Ask } from './init-ask.js';
import { PLACEHOLDER_COMMAND } from '../config/placeholder.js';

const LOCAL_SCHEMA = 'node_modules/mcpact/schemas/config.v1.schema.json';

/**
 * The editor hint: the installed package's schema when mcpact is a dependency of the project the file is written
 * into (a relative path, read offline), else the schema of this very version on unpkg (npx users have no
 * node_modules/mcpact to point at).
 */
function schemaLine(output: string): string {
  const dir = path.dirname(path.resolve(output));
  const local = path.join(dir, LOCAL_SCHEMA);
  const target = existsSync(local) ? `./${LOCAL_SCHEMA}` : `https://unpkg.com/mcpact@${mcpactVersion()}/schemas/config.v1.schema.json`;
  return `# yaml-language-server: $schema=${target}`;
}

export async function initCommand(operands: string[], raw: Record<string, unknown>, ask: Ask | undefined = terminalAsk()): Promise<number> {
  const options = parseOptions(initOptionsSchema, raw);
  if (!options.force && (await exists(options.output))) {
    throw usageError(`${options.output} already exists; use --force to overwrite it`);
  }
  if (operands.length === 0 && options.url === undefined && options.from === undefined && ask) {
    const answer = serverFromAnswer(await ask(SERVER_QUESTION));
    if (answer && 'url' in answer) options.url = answer.url;
    else if (answer) operands = answer.command;
  }
  const live = operands.length > 0 || options.url !== undefined;
  if (options.from !== undefined) {
    if (live) throw usageError('give either --from <client config> or a server (-- <command> / --url), not both');
    const { importClientConfig } = await import('./init-from.js');
    const imported = await importClientConfig(options.from, schemaLine(options.output));
    await writeOutput(options.output, imported.text);
    const set = imported.variables.length > 0 ? `; set ${imported.variables.join(', ')} (no secret was copied: they are \${VAR} references)` : '';
    writeOut(
      `wrote ${options.output} with ${imported.servers} server${imported.servers === 1 ? '' : 's'} from ${options.from}${set}; next: npx mcpact run -c ${options.output}\n`,
    );
    for (const why of imported.skipped) writeOut(`  not imported: ${why}\n`);
    return 0;
  }
  const text = live ? await fromServer(operands, options) : starter(schemaLine(options.output));
  await writeOutput(options.output, text);
  writeOut(
    live
      ? `wrote ${options.output} (pre-filled from the server); next: npx mcpact run -c ${options.output}\n`
      : `wrote ${options.output} with a placeholder server; set server.command (and args) to your server's, then: npx mcpact run -c ${options.output}\n`,
  );
  return 0;
}

function starter(schema: string): string {
  return [
    schema,
    '# mcpact configuration. Docs: https://github.com/mcpact/mcpact#configuration',
    '',
    '# The server under test. For several servers use `servers:` with a list of named entries.',
    '# mcpact refuses to run until `command` names your server.',
    'server:',
    '  name: my-server',
    '  transport: stdio            # or: http, or sse for a legacy HTTP+SSE server (then `url:` and optional `headers:` instead of command and args)',
    `  command: "${PLACEHOLDER_COMMAND}"   # e.g. node`,
    '  args: []                    # e.g. ["dist/server.js"]',
    '  # env:                      # only these variables (plus HOME, PATH, ...) reach the server',
    '  #   API_KEY: ${MY_API_KEY}  # ${VAR} is read from the environment and redacted in every report',
    '  # expect:',
    '  #   protocol_version: "2025-11-25"',
    '',
    '# timeouts: { connect_ms: 10000, call_ms: 10000, run_ms: 120000 }',
    '# fail_on: error               # or warning / info',
    '# rules:                       # re-level any rule (see `mcpact rules`): off | info | warning | error',
    '#   protocol/invalid-cursor: off',
    '',
  ].join('\n');
}

async function fromServer(operands: string[], options: InitOptions): Promise<string> {
  const { url, transport, header, oauthClientId, oauthClientSecret, oauthScope, oauthRefreshToken } = options;
  const resolved = await resolveTargets(operands, { url, transport, header, oauthClientId, oauthClientSecret, oauthScope, oauthRefreshToken }, []);
  const server = resolved.servers[0]!;
  const { session, surface } = await openCapturedSession(server.target, {
    connectMs: DEFAULT_TIMEOUTS.connect_ms,
    callMs: DEFAULT_TIMEOUTS.call_ms,
    clientVersion: mcpactVersion(),
    era: server.protocolEra,
  });
  try {
    const reported = typeof surface.serverInfo?.name === 'string' ? surface.serverInfo.name : server.name;
    const name = reported.replace(/[^A-Za-z0-9_.-]/g, '-').slice(0, 64) || server.name;
    const entry: Record<string, unknown> = { name, ...targetConfig(server.target, session.target, server.oauth, server.signIn !== undefined) };
    if (surface.protocolVersion) entry.expect = { protocol_version: surface.protocolVersion };
    const prompts = items(surface, 'prompts').map((item) => promptComment(item.record, item.label));
    return [
      schemaLine(options.output),
      `# mcpact configuration, pre-filled from ${oneLine(reported)} by mcpact init.`,
      '',
      stringify({ server: entry }).trimEnd(),
      '',
      ...(prompts.length > 0 ? ['# Prompts found on the server (arguments marked * are required):', ...prompts, ''] : []),
      '# timeouts: { connect_ms: 10000, call_ms: 10000, run_ms: 120000 }',
      '# rules:                       # re-level any rule (see `mcpact rules`): off | info | warning | error',
      '#   protocol/invalid-cursor: off',
      '',
    ].join('\n');
  } finally {
    await session.close();
  }
}

/** The server entry: over HTTP, the transport the session spoke (a plain --url may have fallen back to HTTP+SSE). */
function targetConfig(target: SessionTarget, spoken: Session['target'], oauth: OAuthCredentials | undefined, signedIn: boolean): Record<string, unknown> {
  if (target.kind === 'http' || target.kind === 'sse') {
    const transport = spoken === 'sse' ? 'sse' : target.kind;
    // Signed in (--oauth-*, or the tokens of mcpact login): the Authorization header holds the token mcpact obtained,
    // which a config never keeps.
    const headers = signedIn ? Object.fromEntries(Object.entries(target.headers).filter(([name]) => name.toLowerCase() !== 'authorization')) : target.headers;
    return {
      transport,
      url: target.url,
      ...(Object.keys(headers).length > 0 ? { headers: redactHeaders(headers) } : {}),
      ...(oauth && { oauth: oauthConfig(oauth) }),
    };
  }
  if (target.kind === 'stdio') return { transport: 'stdio', command: target.command, args: target.args };
  return {};
}

/** --oauth-* as `oauth:`: the secrets (and the client id with them) as variables, never their values. */
function oauthConfig(oauth: OAuthCredentials): Record<string, string> {
  return {
    client_id: '${OAUTH_CLIENT_ID}',
    ...(oauth.clientSecret !== undefined && { client_secret: '${OAUTH_CLIENT_SECRET}' }),
    ...(oauth.scope !== undefined && { scope: oauth.scope }),
    ...(oauth.refreshToken !== undefined && { refresh_token: '${OAUTH_REFRESH_TOKEN}' }),
  };
}

/** Header values typed on the command line are secrets more often than not: point at variables instead. */
function redactHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.keys(headers).map((name) => [name, `\${${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}}`]));
}

function promptComment(record: Record<string, unknown> | undefined, label: string): string {
  const args = Array.isArray(record?.arguments) ? record.arguments : [];
  const names = args.map((argument) => {
    const entry = argument as Record<string, unknown>;
    return `${oneLine(String(entry.name))}${entry.required === true ? '*' : ''}`;
  });
  return `#   ${oneLine(label)}(${names.join(', ')})`;
}

/** Server text written into a YAML comment: one line, visible escapes, bounded. */
function oneLine(text: string): string {
  return forTerminal(text).slice(0, 120);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
