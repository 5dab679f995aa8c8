/**
 * Progress on stderr when stdout is not the console reporter (only file reporters, or JSON on stdout): on a
 * terminal one live line, rewritten as each family finishes and cleared at the end; elsewhere (CI logs) one plain
 * line per server and family. It hears the engine's streaming hooks, like the console reporter.
 */
import type { ReportHooks } from '../report/hooks.js';
import type { Finding, RuleResult } from '../model/report.js';
import { forTerminal } from '../report/sanitize.js';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function familyLine(family: string, results: RuleResult[], findings: Finding[]): string {
  const ran = results.filter((result) => result.status !== 'skip').length;
  if (ran === 0) return `${family} skipped`;
  return `${family} ${plural(ran, 'rule')}, ${plural(findings.length, 'finding')}`;
}

export function progressHooks(write: (text: string) => void, tty: boolean): ReportHooks & { finish(): void } {
  let live = false;
  const show = (text: string) => {
    if (tty) {
      // Cut to one terminal line, so the carriage return rewrites all of it.
      write(`\r\x1b[2K${text.slice(0, (process.stderr.columns || 80) - 1)}`);
      live = true;
    } else write(`${text}\n`);
  };
  const clear = () => {
    if (live) write('\r\x1b[2K');
    live = false;
  };
  return {
    onServerStart(server, transport) {
      show(`mcpact: ${forTerminal(server)} (${transport}): connected, running the rules`);
    },
    onFamilyDone(server, family, results, findings) {
      show(`mcpact: ${forTerminal(server)}: ${familyLine(family, results, findings)}`);
    },
    onServerDone(report) {
      const state = report.complete ? 'done' : 'not fully tested';
      if (tty) clear();
      write(`mcpact: ${forTerminal(report.name)}: ${state}, ${plural(report.findings.length, 'finding')}\n`);
    },
    finish: clear,
  };
}
