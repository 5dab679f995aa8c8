/**
 * The option groups commands share, declared once for commander, and the choices they offer, derived from the
 * model's tables and the registry's list of rule ids. main.ts loads this file for every command, so it stays light:
 * no zod, no rules (option values are validated by cli/option-schemas.ts when a command runs).
 */
import { Command, Option } from 'commander';
import { LEVELS } from '../model/changes.js';
import { REPORTER_NAMES } from '../model/reporters.js';
import { SEVERITIES } from '../model/severity.js';
import { ERA_CHOICES } from '../model/spec.js';
import { URL_TRANSPORTS } from '../model/transport.js';
import { RULE_IDS } from '../rules/ids.js';

export const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Lowest first in the model, most severe first on the command line. */
const SEVERITY_CHOICES = [...SEVERITIES].reverse();

/** The zero-config server (`-- <command>`, `--url`) or a config file, and one server of it. */
export function targetOptions(command: Command, verb: string): Command {
  return command
    .argument('[command...]', 'zero-config stdio server: everything after -- is the command to spawn')
    .option('-c, --config <path>', 'config file, folder of configs or quoted glob of configs (default: mcpact.yaml when it exists)')
    .option('--server <name>', `${verb} only this server from the config`)
    .option('--url <url>', 'zero-config HTTP server: Streamable HTTP, else the legacy HTTP+SSE transport (2024-11-05) it falls back to')
    .addOption(transportOption())
    .option('--header <header>', 'HTTP header "Name: value" for --url (repeatable)', collect)
    .option('--oauth-client-id <id>', 'sign in to --url with OAuth as this client (docs/auth.md); with --oauth-client-secret or --oauth-refresh-token')
    .option('--oauth-client-secret <secret>', 'client secret for --oauth-client-id: the client_credentials grant (redacted everywhere; prefer "$VAR")')
    .option('--oauth-scope <scopes>', "scopes to ask for, space-separated (default: the server's 401, else its scopes_supported)")
    .option('--oauth-refresh-token <token>', 'refresh token for --oauth-client-id: the refresh grant (redacted everywhere)')
    .option('-e, --env <KEY=VALUE>', 'environment variable for the stdio server(s) (repeatable); the value is redacted in every report', collect)
    .option('--env-file <file>', 'environment variables for the stdio server(s) from a dotenv file; values are redacted in every report')
    .option('--connect-timeout <ms>', 'deadline for starting/connecting and initialize, in ms (overrides timeouts.connect_ms)')
    .option('--call-timeout <ms>', 'deadline for each request, in ms (overrides timeouts.call_ms)')
    .option('--run-timeout <ms>', 'deadline for the whole run against one server, in ms (overrides timeouts.run_ms)')
    .addOption(
      new Option('--protocol-era <era>', 'MCP era to speak: auto (server/discover, else initialize), legacy or modern (overrides protocol_era)').choices(
        ERA_CHOICES,
      ),
    );
}

/** `--transport http|sse` with `--url`: no fallback, that transport only. */
export function transportOption(): Option {
  return new Option('--transport <transport>', 'with --url: speak only this transport (default: Streamable HTTP, falling back to HTTP+SSE)').choices(
    URL_TRANSPORTS,
  );
}

export function reporterOption(command: Command): Command {
  return command.option('-r, --reporter <name[:path]>', `reporter, optionally writing to a file (repeatable): ${REPORTER_NAMES.join(', ')}`, collect);
}

/** run and merge-reports: a finding severity. diff's --fail-on takes drift levels, and each says so. */
export function severityFailOnOption(command: Command): Command {
  return command.addOption(
    new Option('--fail-on <severity>', 'lowest finding severity that fails the run (mcpact diff --fail-on takes drift levels instead)').choices(
      SEVERITY_CHOICES,
    ),
  );
}

export function driftFailOnOption(command: Command): Command {
  return command.option(
    '--fail-on <levels>',
    `drift levels (${LEVELS.join(', ')}) and/or change ids that fail, comma-separated (default drift.fail_on, else breaking,risky); not severities, unlike mcpact run --fail-on`,
  );
}

/** The rule families, in registry order, from the generated list of the registry's rule ids (`<family>/<name>`). */
export const REGISTRY_FAMILIES: readonly string[] = [...new Set(RULE_IDS.map((id) => id.slice(0, id.indexOf('/'))))];

export function familyOptions(command: Command): Command {
  const families = REGISTRY_FAMILIES.join(', ');
  return command
    .option('--only <families>', `run only these rule families, comma-separated: ${families}`)
    .option('--skip <families>', `skip these rule families, comma-separated: ${families}`);
}

export function lockfileOption(command: Command, what: string): Command {
  return command.option(
    '--lockfile <file>',
    `lockfile to ${what} (default: the server's drift.baseline, else mcpact.lock.json next to the config; zero-config: mcpact.<server>.lock.json)`,
  );
}
