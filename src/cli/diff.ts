/**
 * `mcpact diff`: the drift family of the run pipeline on its own. Each selected server's lockfile is read and
 * validated first (any problem is exit 2 before connecting); then the live contract is captured and compared by
 * the drift rules, and reported through the usual reporters. Exit 1 when a change is at or above fail-on; exit 2
 * when a lockfile or a capture failed. With --against / --against-url, another live server takes the lockfile's
 * place (diff-against.ts), through the same run and reports (diff-run.ts).
 */
import { interruptSignal } from './signals.js';
import { CHANGE_IDS, CHANGES } from '../model/changes.js';
import { secretsOf } from '../util/secrets.js';
import { diffBaselines } from './baselines.js';
import { knownRuleIds } from './baseline.js';
import { diffOptionsSchema, parseOptions } from './option-schemas.js';
import { resolveTargets } from './targets.js';
import { writeOut } from './ci-safe.js';
import { baselineHint } from './baseline-hint.js';
import { compareAndReport, withFailOn } from './diff-run.js';

export async function diffCommand(operands: string[], raw: Record<string, unknown>): Promise<number> {
  const options = parseOptions(diffOptionsSchema, raw);
  if (options.listChanges) {
    writeOut(listChanges());
    return 0;
  }
  if (options.against !== undefined || options.againstUrl !== undefined) {
    const { diffAgainst } = await import('./diff-against.js');
    return diffAgainst(operands, options);
  }
  const resolved = await resolveTargets(operands, options, await knownRuleIds(operands, options));
  // Every lockfile is read before any server is started: a bad one is exit 2 with nothing half done.
  const baselines = await diffBaselines(resolved.servers, resolved.configPath, options.lockfile, resolved.secrets);
  const secrets = secretsOf(resolved.secrets);
  const plans = resolved.servers.map((server, index) => ({ ...withFailOn(server, options.failOn), baseline: baselines[index] }));
  return compareAndReport(options, {
    plans,
    secrets,
    failOn: resolved.failOn ?? 'error',
    interrupt: interruptSignal(),
    hint: (changed, selected) => baselineHint(operands, options, changed, selected),
  });
}

function listChanges(): string {
  const width = Math.max(...CHANGE_IDS.map((id) => id.length));
  const rows = CHANGE_IDS.map((id) => `${id.padEnd(width)}  ${CHANGES[id].level.padEnd(10)}  ${CHANGES[id].description}`);
  return `${rows.join('\n')}\n\n${CHANGE_IDS.length} change ids, reported as drift/<id>. Re-level them with drift.levels; choose what fails with drift.fail_on.\n`;
}
