/**
 * `mcpact record -o CASSETTE`: capture one server's contract and the answers to the calls the safe-call policy
 * allows, redacted, as a cassette `mcpact mock` serves (docs/record-mock.md). Written atomically once everything is
 * recorded: a server that fails to start, or an incomplete capture, is exit 2 with no file written.
 */
import path from 'node:path';
import { captureProblems } from '../drift/compare.js';
import { McpactError, errorMessage, usageError } from '../errors.js';
import { recordCassette } from '../mock/record.js';
import type { Cassette } from '../mock/cassette.js';
import { redactor } from '../report/redact.js';
import { forTerminal } from '../report/sanitize.js';
import { writeFileAtomically } from '../util/atomic-write.js';
import { secretsOf } from '../util/secrets.js';
import { knownRuleIds } from './baseline.js';
import { capture } from './pin-contract.js';
import { writeErr, writeOut } from './ci-safe.js';
import { parseOptions, recordOptionsSchema } from './option-schemas.js';
import { resolveTargets } from './targets.js';
import { mcpactVersion } from './version.js';

export async function recordCommand(operands: string[], raw: Record<string, unknown>): Promise<number> {
  const options = parseOptions(recordOptionsSchema, raw);
  const resolved = await resolveTargets(operands, options, await knownRuleIds(operands, options));
  if (resolved.servers.length !== 1) {
    throw usageError(
      `mcpact record records one server, and the config has ${resolved.servers.length}: choose one with --server (${resolved.servers.map((server) => server.name).join(', ')})`,
    );
  }
  const server = resolved.servers[0]!;
  const redact = redactor(resolved.secrets);
  const say = (line: string) => writeErr(`mcpact: ${forTerminal(redact(line))}\n`);
  const version = mcpactVersion();

  let recorded: { text: string; cassette: Cassette } | undefined;
  try {
    await capture(
      server,
      {
        clientVersion: version,
        secrets: secretsOf(resolved.secrets),
        redact,
        ...(options.verbose && { onStderrLine: (line: string) => say(`[${server.name} stderr] ${line}`) }),
      },
      async (surface, probe) => {
        // Half a contract is not a mock of the server: nothing is asked, nothing is written.
        const problems = captureProblems(surface);
        if (problems.length > 0) throw new McpactError('connection', `capture incomplete: ${problems.join('; ')}`);
        recorded = await recordCassette(surface, probe, { settings: server.settings, mcpactVersion: version, redact });
      },
    );
  } catch (error) {
    const failure = error instanceof McpactError ? error : new McpactError('internal', errorMessage(error));
    throw new McpactError(failure.kind, redact(`${server.name}: ${failure.message}; no cassette written`), failure.details.map(redact), { cause: error });
  }
  if (recorded === undefined) throw new McpactError('internal', `${server.name}: nothing recorded; no cassette written`);
  const { text, cassette } = recorded;
  await writeFileAtomically(options.output, text, 'cassette');
  if (!options.quiet) {
    for (const note of cassette.notes) say(`${server.name}: ${note}`);
    const counts = Object.entries(cassette.lists).map(([kind, list]) => `${list.items.length} ${kind}`);
    const shown = path.relative(process.cwd(), options.output) || options.output;
    writeOut(`wrote ${forTerminal(shown)} (${[...counts, `${cassette.answers.length} answers`].join(', ')}, ${Buffer.byteLength(text)} bytes)\n`);
  }
  return 0;
}
