/**
 * The examples `--help` ends with (#32): for the program and each command, a few command lines that work as
 * written, each under a comment saying what it does. Data, so a test can check that every option an example uses
 * is one its command has (test/cli/help.test.ts).
 */
import type { Command } from 'commander';

export interface Example {
  what: string;
  line: string;
}

export const EXAMPLES = {
  mcpact: [
    { what: 'test a stdio server: its command goes after --', line: 'mcpact run -- npx -y @modelcontextprotocol/server-everything' },
    { what: 'test a Streamable HTTP server', line: 'mcpact run --url http://127.0.0.1:3000/mcp' },
    { what: 'write a starter mcpact.yaml from the live server, then run it', line: 'mcpact init -- node server.js && mcpact run' },
    { what: 'pin the contract, later compare the server with it', line: 'mcpact baseline -- node server.js && mcpact diff -- node server.js' },
  ],
  run: [
    { what: 'a stdio server, with variables for it (it gets no others of yours)', line: 'mcpact run -e API_KEY=$API_KEY -e LOG_LEVEL=debug -- node server.js' },
    { what: 'a Streamable HTTP server, with a header', line: 'mcpact run --url http://127.0.0.1:3000/mcp --header "Authorization: Bearer $TOKEN"' },
    { what: 'two rule families only, and fail on warnings too', line: 'mcpact run --only protocol,tools --fail-on warning -- node server.js' },
    {
      what: "the config's servers, with a JUnit and a SARIF file for CI",
      line: 'mcpact run -c mcpact.yaml -r console -r junit:report.xml -r sarif:mcpact.sarif',
    },
  ],
  baseline: [
    { what: "pin a server's contract in mcpact.lock.json (commit it)", line: 'mcpact baseline -- node server.js' },
    { what: 'pin every server of the config, each in its lockfile', line: 'mcpact baseline -c mcpact.yaml' },
  ],
  diff: [
    { what: 'compare the server with its lockfile: exit 1 on a breaking or risky change', line: 'mcpact diff -- node server.js' },
    { what: 'fail on breaking changes only (drift levels, not severities)', line: 'mcpact diff --fail-on breaking -- node server.js' },
    { what: 'compare two versions of a server, both live, no lockfile', line: "mcpact diff --against 'node v1/server.js' -- node v2/server.js" },
    { what: 'every change id and its level', line: 'mcpact diff --list-changes' },
  ],
  record: [
    { what: 'record a server as a cassette (the calls the safe-call policy allows)', line: 'mcpact record -o server.cassette.json -- node server.js' },
    {
      what: 'record a Streamable HTTP server; the token never lands in the cassette',
      line: 'mcpact record -o server.cassette.json --url http://127.0.0.1:3000/mcp --header "Authorization: Bearer $TOKEN"',
    },
  ],
  mock: [
    { what: 'serve the cassette over stdio (a client spawns this command)', line: 'mcpact mock server.cassette.json' },
    { what: 'serve it over Streamable HTTP on a free port; the URL is the first line of stdout', line: 'mcpact mock server.cassette.json --http 0' },
  ],
  'merge-reports': [
    { what: 'join the blobs of the shards of a CI matrix into one run', line: 'mcpact merge-reports mcpact-blobs -r console -r sarif:mcpact.sarif' },
  ],
  init: [
    { what: 'a starter for your server, asked for at a terminal (elsewhere, a placeholder server.command to edit)', line: 'mcpact init' },
    { what: 'pre-filled from the live server', line: 'mcpact init -- node server.js' },
    { what: "the servers of a client's config (secrets become ${VAR})", line: 'mcpact init --from ~/.cursor/mcp.json' },
  ],
  login: [
    { what: 'sign in to a server behind OAuth in your browser; later runs on that URL use the tokens', line: 'mcpact login --url https://mcp.example.com/mcp' },
    {
      what: 'as a client registered for mcpact, printing the URL to open instead of opening a browser',
      line: 'mcpact login --url https://mcp.example.com/mcp --oauth-client-id $CLIENT_ID --no-browser',
    },
  ],
  logout: [{ what: 'remove the tokens mcpact login kept for a server', line: 'mcpact logout --url https://mcp.example.com/mcp' }],
  rules: [{ what: 'every rule as JSON', line: 'mcpact rules --json' }],
} as const satisfies Record<string, readonly Example[]>;

/** The examples under the command's help, as commander prints text after it. */
export function withExamples(command: Command, examples: readonly Example[]): Command {
  return command.addHelpText('after', ['', 'Examples:', ...examples.flatMap((example) => [`  # ${example.what}`, `  $ ${example.line}`])].join('\n'));
}
