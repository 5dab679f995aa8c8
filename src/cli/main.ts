#!/usr/bin/env node
/**
 * The mcpact command line. Only commander is loaded up front; each command imports its own module when it runs,
 * so `mcpact --version` and `--help` start fast. Only this file turns errors into exit codes.
 */
import { CommanderError, Option, type Command } from 'commander';
import { DEPTHS } from '../model/depth.js';
import { RENAMED_CHANGE_IDS, renamedIdsSeen } from '../model/changes.js';
import { McpactError } from '../errors.js';
import { mcpactVersion } from './version.js';
import { collect, driftFailOnOption, familyOptions, lockfileOption, reporterOption, severityFailOnOption, targetOptions, transportOption } from './options.js';
import { EXAMPLES, withExamples } from './help-examples.js';
import { writeOut, writeErr } from './ci-safe.js';
import { forTerminal } from '../report/sanitize.js';
import { installSignalHandlers } from './signals.js';
import { McpactCommand } from './separator-hint.js';

export function buildProgram(): Command {
  const program = new McpactCommand('mcpact')
    .description('Contract tests for MCP servers: lint, probe and check the contract a server declares.')
    .version(mcpactVersion(), '-v, --version')
    .showHelpAfterError('(run with --help for usage)')
    // One prefix for every error mcpact prints: commander's own ("error: unknown option") too.
    .configureOutput({ writeErr: (text) => writeErr(text.replace(/^error: /, 'mcpact: ')), writeOut: (text) => writeOut(text) })
    .exitOverride();

  const run = program.command('run').description('Connect to each server, capture its contract and run the rules.');
  targetOptions(run, 'test');
  reporterOption(run);
  severityFailOnOption(run);
  familyOptions(run)
    .option('--trace <file>', 'write every JSON-RPC message, both ways, as JSON Lines (secrets redacted)')
    .option('--concurrency <n>', 'how many servers of the config run side by side (default: the number of CPU cores, at least 2)')
    .addOption(
      new Option('--depth <depth>', 'standard (default) or thorough: also version negotiation with every older revision (docs/performance.md)').choices(DEPTHS),
    )
    .option('-q, --quiet', 'console: only findings at or above --fail-on, and the summary')
    .option('--verbose', "console: every finding in full (info is counted otherwise), every rule's status, the server's stderr")
    .option('--show-values', 'reports may contain prompt argument values and rendered text (redacted by default)')
    .option('--update-golden', 'write the golden files of prompt expectations instead of comparing with them')
    .option('--known-findings <file>', 'findings listed in this file do not fail the run; a listed one that no longer occurs does (docs/ci.md#known-findings)')
    .option('--update-known-findings', "write the known-findings file from this run's findings at or above --fail-on (entries this run cannot judge are kept)")
    .option('--pr-comment', 'GitHub Actions: post the Markdown report on the pull request, updating the same comment on re-runs (needs GITHUB_TOKEN)')
    .option('--shard <K/N>', "run only shard K of N of the config's servers (a CI matrix job each); write --reporter blob:DIR for merge-reports")
    .option('--watch [paths...]', "re-run on every file change (default: the servers' folders) and print the findings that changed; Ctrl-C ends it")
    .action(async (command: string[], options: Record<string, unknown>) => {
      const { runCommand } = await import('./run.js');
      process.exitCode = await runCommand(command, options);
    });

  const baseline = program
    .command('baseline')
    .description("Capture each server's contract and pin it in its lockfile (never written from a failed or incomplete capture).");
  targetOptions(baseline, 'baseline');
  lockfileOption(baseline, 'write')
    .option('--overwrite-other-server', 'replace a lockfile that pins another server (by serverInfo.name): a renamed server, or a file reused on purpose')
    .option('-q, --quiet', 'print nothing on success')
    .option('--verbose', "also show the server's stderr")
    .action(async (command: string[], options: Record<string, unknown>) => {
      const { baselineCommand } = await import('./baseline.js');
      process.exitCode = await baselineCommand(command, options);
    });

  const diff = program.command('diff').description("Compare each server's live contract with its lockfile and report classified changes.");
  targetOptions(diff, 'diff');
  lockfileOption(diff, 'compare with')
    .option('--against <command>', 'compare with another live server instead of a lockfile: its command as one string, split like shell words (no expansion)')
    .option('--against-url <url>', 'compare with another live Streamable HTTP server instead of a lockfile');
  driftFailOnOption(reporterOption(diff))
    .option('-q, --quiet', 'console: only findings at or above the fail-on severity, and the summary')
    .option('--verbose', "console: every change id's status and the server's stderr")
    .option('--list-changes', 'list every change id with its default level, and exit')
    .action(async (command: string[], options: Record<string, unknown>) => {
      const { diffCommand } = await import('./diff.js');
      process.exitCode = await diffCommand(command, options);
    });

  const record = program
    .command('record')
    .description("Record one server's contract and the answers to the calls the safe-call policy allows, redacted, as a cassette for mcpact mock.");
  targetOptions(record, 'record')
    .requiredOption('-o, --output <file>', 'the cassette to write (JSON, at most 16 MiB; written whole or not at all)')
    .option('-q, --quiet', 'print nothing on success')
    .option('--verbose', "also show the server's stderr")
    .action(async (command: string[], options: Record<string, unknown>) => {
      const { recordCommand } = await import('./record.js');
      process.exitCode = await recordCommand(command, options);
    });

  program
    .command('mock')
    .description('Serve a cassette of mcpact record as an MCP server: over stdio until stdin ends, or over Streamable HTTP on 127.0.0.1.')
    .argument('<cassette>', 'the cassette mcpact record wrote')
    .option('--http <port>', 'serve Streamable HTTP on 127.0.0.1:<port> (0: a free port), and print the URL as the first line of stdout')
    .action(async (cassette: string, options: Record<string, unknown>) => {
      const { mockCommand } = await import('./mock.js');
      process.exitCode = await mockCommand(cassette, options);
    });

  const merge = program
    .command('merge-reports')
    .description("Join the blobs of a sharded run (--reporter blob:DIR) into every report of one run, with the checks across servers; exit code as one run's.")
    .argument('<dirs...>', 'folders (or files) holding the blobs: mcpact-blob-K-of-N.json, a few folder levels deep');
  reporterOption(merge);
  severityFailOnOption(merge)
    .option(
      '--known-findings <file>',
      'findings listed in this file do not fail the merged run; a listed one that no longer occurs does (docs/ci.md#known-findings)',
    )
    .option('-q, --quiet', 'console: only findings at or above --fail-on, and the summary')
    .option('--verbose', "console: every finding in full (info is counted otherwise) and every rule's status")
    .action(async (dirs: string[], options: Record<string, unknown>) => {
      const { mergeReportsCommand } = await import('./merge-reports.js');
      process.exitCode = await mergeReportsCommand(dirs, options);
    });

  program
    .command('init')
    .description(
      'Write a starter mcpact.yaml for your server: with -- <command> or --url, pre-filled from the live server (without them, asked for at a terminal, else a placeholder to edit); with --from, the servers of a client config.',
    )
    .argument('[command...]', 'stdio server to inspect: everything after --')
    .option('--url <url>', 'HTTP server to inspect: Streamable HTTP, else the legacy HTTP+SSE transport (2024-11-05) it falls back to')
    .addOption(transportOption())
    .option('--header <header>', 'HTTP header "Name: value" for --url (repeatable)', collect)
    .option('--oauth-client-id <id>', 'sign in to --url with OAuth as this client (docs/auth.md); the config gets oauth: with ${VAR}s')
    .option('--oauth-client-secret <secret>', 'client secret for --oauth-client-id (client_credentials grant)')
    .option('--oauth-scope <scopes>', 'scopes to ask for, space-separated')
    .option('--oauth-refresh-token <token>', 'refresh token for --oauth-client-id (refresh grant)')
    .option('--from <file>', 'import the servers of a client config (mcpServers JSON of desktop clients and IDEs, VS Code mcp.json); secrets become ${VAR}')
    .option('-o, --output <file>', 'where to write the config', 'mcpact.yaml')
    .option('-f, --force', 'overwrite an existing file')
    .action(async (command: string[], options: Record<string, unknown>) => {
      const { initCommand } = await import('./init.js');
      process.exitCode = await initCommand(command, options);
    });

  program
    .command('login')
    .description(
      'Sign in to an HTTP server behind OAuth in your browser (authorization code flow with PKCE) and keep the tokens for later runs on that URL (docs/auth.md#login).',
    )
    .requiredOption('--url <url>', 'the MCP server to sign in to')
    .option(
      '--oauth-client-id <id>',
      'a client registered for mcpact with the authorization server, or the https URL of its Client ID Metadata Document (default: dynamic client registration, where offered)',
    )
    .option('--oauth-client-secret <secret>', 'its secret, if it has one (kept with the tokens; redacted everywhere)')
    .option('--oauth-scope <scopes>', "scopes to ask for, space-separated (default: the server's 401, else its scopes_supported)")
    .option('--no-browser', 'only print the URL to open; do not try to open the system browser')
    .option('--login-timeout <ms>', 'how long to wait for the browser to come back, in ms (default 300000)')
    .option('--connect-timeout <ms>', 'deadline for each request to the server and the authorization server, in ms (default 10000)')
    .action(async (options: Record<string, unknown>) => {
      const { loginCommand } = await import('./login.js');
      process.exitCode = await loginCommand(options);
    });

  program
    .command('logout')
    .description('Remove the tokens mcpact login kept for a server.')
    .requiredOption('--url <url>', 'the MCP server to sign out of')
    .action(async (options: Record<string, unknown>) => {
      const { logoutCommand } = await import('./login.js');
      process.exitCode = await logoutCommand(options);
    });

  program
    .command('rules')
    .description('List every rule: id, family, default severity, spec reference and description.')
    .option('--json', 'as JSON')
    .action(async (options: { json?: boolean }) => {
      const { rulesCommand } = await import('./rules.js');
      writeOut(rulesCommand(options));
    });

  withExamples(program, EXAMPLES.mcpact);
  for (const command of program.commands) {
    const name = command.name();
    if (hasExamples(name)) withExamples(command, EXAMPLES[name]);
  }
  return program;
}

const hasExamples = (name: string): name is keyof typeof EXAMPLES => Object.hasOwn(EXAMPLES, name);

export async function main(argv: string[]): Promise<number> {
  installSignalHandlers();
  try {
    await buildProgram().parseAsync(argv);
    warnRenamedIds();
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help asked for (--help, `mcpact help`) and version are successes. Help shown because no command was given
      // (bare `mcpact`: commander's 'commander.help' with exit code 1) is a usage error, like every other parse error.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return 0;
      return error.code === 'commander.help' && error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof McpactError) {
      // The message and the details may quote the server (its error message, the last lines of its stderr):
      // shown through the terminal sanitizer.
      writeErr(`mcpact: ${forTerminal(error.message)}\n${error.details.map((line) => `  ${forTerminal(line)}\n`).join('')}`);
      return 2;
    }
    writeErr(`mcpact: ${forTerminal(internalMessage(error))}\n`);
    return 2;
  }
}

/** docs/stability.md: a replaced public name keeps working, with a warning that names its replacement. */
function warnRenamedIds(): void {
  for (const old of renamedIdsSeen) {
    writeErr(`mcpact: warning: change id "${old}" is now "${RENAMED_CHANGE_IDS[old]}" (drift/${RENAMED_CHANGE_IDS[old]}); the old name still works for now\n`);
  }
}

/**
 * A failure mcpact did not foresee, in one line: a limit of the JavaScript engine (a RangeError: the call stack, a
 * string or an array too long) named as such, anything else as an internal error. The stack only with
 * MCPACT_DEBUG=1: it says nothing to a user, and it may quote server text.
 */
function internalMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const stack = process.env.MCPACT_DEBUG === '1' && error instanceof Error && error.stack ? `\n${error.stack}` : '';
  if (error instanceof RangeError) return `internal limit reached: ${message} (a server sent more than mcpact can hold; please report it)${stack}`;
  return `internal error: ${message} (please report it; MCPACT_DEBUG=1 shows where)${stack}`;
}

/** How long mcpact may still run after its reports: what holds it (a socket, a pipe a stray process keeps) is not waited for. */
const EXIT_GRACE_MS = 2_000;

void main(process.argv).then((code) => {
  process.exitCode = code;
  setTimeout(() => process.exit(code), EXIT_GRACE_MS).unref();
});
