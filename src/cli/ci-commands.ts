/**
 * What each CI system acts on in the log of a step, as patterns on one line of text. `cli/ci-safe.ts` matches them on
 * the line as folded (compatibility forms folded by NFKC, invisible characters and controls dropped) and escapes the
 * character each names, so that no line mcpact writes is one of these, whatever a server put in it.
 *
 * - GitHub Actions (actions/runner `ActionCommand.TryParseV2`): the line after `TrimStart()`, which removes every
 *   character .NET's `Char.IsWhiteSpace` accepts (Unicode White_Space: NBSP, the U+2000 spaces, U+3000, U+0085,
 *   the line and paragraph separators...), starting with `::` (`::add-mask::`, `::error file=…::`,
 *   `::stop-commands::`). `TryParse`, tried next, finds the older `##[command]` anywhere in the line. Both compare
 *   with `StartsWith`/`IndexOf` of a string, which by culture skip ignorable characters (zero-width, controls).
 * - Azure Pipelines (the agent's `Command.TryParse`): `##vso[` anywhere in a line; its log viewer also formats
 *   `##[group]`, `##[error]`, ... anywhere. It reads stderr as well as stdout.
 * - TeamCity (service messages): `##teamcity[` anywhere in a line; `setParameter` can set `env.NODE_OPTIONS` for
 *   the steps that follow, `publishArtifacts` uploads a path.
 * - GitLab CI: `section_start:<time>:<name>` and `section_end:` fold the log, but only when followed by `\r` and
 *   `ESC[0K`; ANSI colours are rendered. The terminal sanitizer never lets a server's ESC or CR through, so these
 *   are inert already; the marker is escaped anyway, so that a raw ESC elsewhere could never complete one.
 * - Jenkins: nothing in the text acts. A console note is `ESC[8mha:` and a serialized object signed with the
 *   controller's own key (one that does not verify is not applied), and `[Pipeline]` lines are Jenkins' display of
 *   its own steps, never parsed back. Nothing to escape beyond the ESC the sanitizers already escape.
 * - Buildkite (the agent's header regexes, mirrored by its log viewer): a line starting with `---`, `+++` or `~~~`
 *   and a white-space character opens a collapsible group, `^^^ +++` expands the previous one. Not a way to run
 *   anything, but a server line could fold away mcpact's own output under a heading of its choosing, so they are
 *   escaped too (mcpact itself never starts a line so).
 */

/**
 * A pattern (global and multiline: it runs on one folded line, and on a whole text as written) whose first group
 * ends where the character to escape starts.
 */
export interface CiCommand {
  system: string;
  what: string;
  /** Line-start patterns are left out of workflow output, whose lines are GitHub commands on purpose. */
  at: 'line-start' | 'anywhere';
  pattern: RegExp;
}

/** What `Char.IsWhiteSpace` accepts (Unicode White_Space) but the line breaks, which end a line before it. */
const WHITE_SPACE = '[\\t\\v\\f \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
/** Go's `\s`, which the Buildkite agent's regexes use, within a line (its reader drops the CR and LF that end one). */
const GO_SPACE = '[\\t\\f ]';

export const CI_COMMANDS: readonly CiCommand[] = [
  { system: 'GitHub Actions', what: 'workflow command', at: 'line-start', pattern: new RegExp(`^(${WHITE_SPACE}*)::`, 'gmu') },
  { system: 'GitHub Actions, Azure Pipelines', what: '##[command] / ##vso[command]', at: 'anywhere', pattern: /()##(?:vso)?\[/gimu },
  { system: 'TeamCity', what: 'service message', at: 'anywhere', pattern: /()##teamcity\[/gimu },
  { system: 'GitLab CI', what: 'section marker', at: 'anywhere', pattern: /(section_(?:start|end)):/gimu },
  { system: 'Buildkite', what: 'group header', at: 'line-start', pattern: new RegExp(`^()(?:---|\\+\\+\\+|~~~)${GO_SPACE}`, 'gmu') },
  { system: 'Buildkite', what: 'group expansion', at: 'line-start', pattern: new RegExp(`^()\\^\\^\\^${GO_SPACE}+\\+\\+\\+${GO_SPACE}*$`, 'gmu') },
];
