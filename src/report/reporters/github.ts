/**
 * GitHub Actions workflow commands: one annotation (`::error file=…,line=…,title=…::message`) for every finding at
 * or above fail-on, pointing at the config line that defines the server (or the file a zero-config run names),
 * and one for each server that could not be fully tested. GitHub shows them on the run's summary and, with a
 * file, on the file in the pull request. A known finding (docs/ci.md#known-findings) is a notice, not a failure;
 * each stale entry of the known-findings file an error on that file.
 *
 * Workflow commands are lines the runner acts on, so nothing a server sent may end a line or start a command:
 * every value goes through the toolkit's escaping (`%`, CR and LF in the message; also `:` and `,` in
 * properties), after the file sanitizer has made control characters visible. Line and paragraph separators,
 * which some log viewers break lines on, are shown as code points.
 */
import { atLeast, type Severity } from '../../model/severity.js';
import type { Finding, RunReport, ServerReport } from '../../model/report.js';
import { entryLabel, STALE_HINT } from '../known-findings.js';
import { visibleText } from '../sanitize.js';
import { answerLine } from '../answer.js';
import { occurrences, occurrencesLine } from '../occurrences.js';
import { truncate } from '../../util/text.js';
import { citation } from '../../model/spec.js';
import type { Render } from './types.js';

const COMMAND: Record<Severity, 'error' | 'warning' | 'notice'> = { error: 'error', warning: 'warning', info: 'notice' };
const MESSAGE_LIMIT = 1_000;
const NAME_LIMIT = 100;

/** Server text made visible, then separators that a viewer could break a line on shown as code points. */
function visible(text: string): string {
  return visibleText(text).replace(/[\u2028\u2029]/g, (char) => `<U+${char.charCodeAt(0).toString(16).toUpperCase()}>`);
}

/** The toolkit's escapeData: the message of a command. */
export function escapeData(text: string): string {
  return visible(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** The toolkit's escapeProperty: a value of `file=`, `title=`, ... */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function command(kind: 'error' | 'warning' | 'notice', properties: Record<string, string | number | undefined>, message: string): string {
  const props = Object.entries(properties)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(',');
  return `::${kind}${props === '' ? '' : ` ${props}`}::${escapeData(message)}`;
}

function where(server: ServerReport, finding: Finding): string {
  const { kind, name, pointer } = finding.location;
  const item = [kind, name !== undefined ? `"${truncate(name, NAME_LIMIT)}"` : undefined, pointer && truncate(pointer, NAME_LIMIT)].filter(Boolean).join(' ');
  return `at ${item} of server "${truncate(server.name, NAME_LIMIT)}"`;
}

function annotation(server: ServerReport, finding: Finding): string {
  const lines = [truncate(finding.message, MESSAGE_LIMIT), where(server, finding)];
  const said = answerLine(finding.answer, (text) => text);
  if (said) lines.push(said);
  const found = occurrences(finding);
  if (found) lines.push(occurrencesLine(found, (name) => `"${truncate(name, NAME_LIMIT)}"`));
  if (finding.spec?.basis === 'policy') lines.push(`${citation(finding.spec)}${finding.spec.policy ? `: ${finding.spec.policy}` : ''}`);
  if (finding.known) lines.push(`${finding.severity}, known: listed in the known-findings file, so not a failure`);
  return command(
    finding.known ? 'notice' : COMMAND[finding.severity],
    {
      file: server.source?.file,
      line: server.source?.line,
      title: `mcpact ${finding.ruleId} (${truncate(server.name, NAME_LIMIT)})${finding.known ? ' (known)' : ''}`,
    },
    lines.join('\n'),
  );
}

export const renderGithub: Render = (report) => {
  const lines: string[] = [];
  for (const server of report.servers) {
    for (const finding of server.findings) if (atLeast(finding.severity, report.failOn)) lines.push(annotation(server, finding));
    if (server.error !== undefined) {
      lines.push(
        command(
          'error',
          { file: server.source?.file, line: server.source?.line, title: `mcpact: ${truncate(server.name, NAME_LIMIT)} not fully tested` },
          truncate(server.error, MESSAGE_LIMIT),
        ),
      );
    }
  }
  for (const line of staleAnnotations(report)) lines.push(line);
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
};

/** Each stale entry of the known-findings file, as an error on that file: it fails the run. */
function staleAnnotations(report: RunReport): string[] {
  const section = report.knownFindings;
  if (section === undefined) return [];
  return section.stale.map((entry) =>
    command(
      'error',
      { file: section.file, title: `mcpact: stale known finding (${truncate(entry.server, NAME_LIMIT)})` },
      [truncate(entryLabel(entry), MESSAGE_LIMIT), truncate(entry.cause, MESSAGE_LIMIT), STALE_HINT].join('\n'),
    ),
  );
}
