/**
 * Everything mcpact writes to stdout and stderr ends up in a CI log, and CI runners act on some lines of their logs
 * (`ci-commands.ts` says which, for each system). A server's text must never become such a command, so every write
 * to the standard streams, and every report file, goes through here, escaped for what the text is: the same value
 * in JSON, XML and HTML, a visible escape in terminal text and Markdown. What is escaped is the one character that
 * starts a command, so text that is not a command stays as it was.
 *
 * A line is also matched as folded, as a runner might read it: each character by NFKC (a fullwidth colon U+FF1A is
 * a colon, an ideographic space a space), invisible characters and controls dropped (a comparison by culture skips
 * them), colour sequences dropped (the Buildkite agent strips them). Most lines fold to themselves, so only the
 * others are folded, and only their characters that are not printable ASCII: the cost stays that of a few scans.
 */
import { codePointLabel, invisiblePattern } from '../util/invisible.js';
import { CI_COMMANDS } from './ci-commands.js';

export type StreamFormat = 'text' | 'markdown' | 'json' | 'xml' | 'html' | 'workflow';

/**
 * Separators some log viewers break lines on, though no runner does (they split at CR and LF): escaped everywhere,
 * so that a line starts only where mcpact starts one.
 */
const SEPARATORS = /[\u0085\u2028\u2029]/g;
/** A character that is not printable ASCII: its line may fold to something else. */
const NOT_PLAIN = /[^\x20-\x7e\t\r\n]/g;
const LINE_END = /[\r\n]/g;
/** Characters a folded line leaves out: controls other than tab, and the invisible ones. */
// Controls count for nothing in a comparison by culture.
const DROPPED = new RegExp(`[\\u0000-\\u0008\\u000a-\\u001f\\u007f-\\u009f]|${invisiblePattern().source}`, 'u');
/** What may fold to something else: a colour sequence, or a character that is not printable ASCII. */
// eslint-disable-next-line no-control-regex -- the colour sequences a log viewer strips before matching
const FOLDABLE = /\u001b\[[0-9;]*[mK]|[^\x20-\x7e\t]/gu;

/** A character as the format writes it without it being itself: a visible escape, or a reference to the same value. */
export function escapeChar(char: string, format: StreamFormat): string {
  const code = char.codePointAt(0)!;
  switch (format) {
    case 'text':
    case 'workflow':
      return code < 0x80 ? `\\x${code.toString(16).padStart(2, '0')}` : codePointLabel(char);
    case 'markdown':
      return char === ':' ? '\\:' : `&#${code};`;
    case 'json':
      return char
        .split('')
        .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
        .join('');
    case 'xml':
    case 'html':
      return `&#${code};`;
  }
}

/** Where a piece of the folded line starts, and where what it came from starts in the line (`one`: a single character). */
interface Piece {
  at: number;
  from: number;
  one: boolean;
}

/** A line as a runner might read it, and for each index in it the index in the line of the character it came from. */
function fold(line: string): { text: string; origin: (index: number) => number } {
  let text = '';
  const pieces: Piece[] = [];
  let from = 0;
  const copy = (to: number) => {
    if (to <= from) return;
    pieces.push({ at: text.length, from, one: false });
    text += line.slice(from, to);
  };
  for (const match of line.matchAll(FOLDABLE)) {
    copy(match.index);
    const char = match[0];
    const folded = char.startsWith('\u001b') || DROPPED.test(char) ? '' : char.normalize('NFKC');
    if (folded !== '') pieces.push({ at: text.length, from: match.index, one: true });
    text += folded;
    from = match.index + char.length;
  }
  copy(line.length);
  const origin = (index: number) => {
    let low = 0;
    let high = pieces.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (pieces[middle]!.at <= index) low = middle;
      else high = middle - 1;
    }
    const piece = pieces[low]!;
    return piece.one ? piece.from : piece.from + (index - piece.at);
  };
  return { text, origin };
}

/** Where each command in `text` starts (the character to escape), as `origin` maps its indices. */
function commandStarts(text: string, format: StreamFormat, origin: (index: number) => number = (index) => index): number[] {
  const starts: number[] = [];
  for (const command of CI_COMMANDS) {
    // Workflow output is lines that start with `::` on purpose; the github reporter escapes every line break in them.
    if (command.at === 'line-start' && format === 'workflow') continue;
    for (const match of text.matchAll(command.pattern)) starts.push(origin(match.index + match[1]!.length));
  }
  return [...new Set(starts)].sort((a, b) => a - b);
}

function escapeAt(text: string, starts: number[], format: StreamFormat): string {
  let out = '';
  let from = 0;
  for (const start of starts) {
    const char = String.fromCodePoint(text.codePointAt(start)!);
    out += text.slice(from, start) + escapeChar(char, format);
    from = start + char.length;
  }
  return out + text.slice(from);
}

/** Each line that folds to something else, matched as folded and escaped; the others as they are. */
function escapeFoldedLines(text: string, format: StreamFormat): string {
  let out = '';
  let done = 0;
  NOT_PLAIN.lastIndex = 0;
  for (let found = NOT_PLAIN.exec(text); found; found = NOT_PLAIN.exec(text)) {
    // The line around it, found by walking only that line (a search for CR to either end would make this quadratic).
    let start = found.index;
    while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
    LINE_END.lastIndex = found.index;
    const end = LINE_END.exec(text)?.index ?? text.length;
    const line = text.slice(start, end);
    if (line.normalize('NFKC') !== line || DROPPED.test(line)) {
      const { text: read, origin } = fold(line);
      out += text.slice(done, start) + escapeAt(line, commandStarts(read, format, origin), format);
      done = end;
    }
    NOT_PLAIN.lastIndex = end;
  }
  return done === 0 ? text : out + text.slice(done);
}

export function ciSafe(text: string, format: StreamFormat): string {
  // Looked for one by one first: a search for a single character is much faster than a class over a long text.
  const hasSeparator = ['\u0085', '\u2028', '\u2029'].some((char) => text.includes(char));
  const separated = hasSeparator ? text.replace(SEPARATORS, (char) => escapeChar(char, format)) : text;
  // Lines that fold to something else are matched as folded first; then the whole text is matched as it is.
  const folded = escapeFoldedLines(separated, format);
  return escapeAt(folded, commandStarts(folded, format), format);
}

/** The stream format of each reporter's output. */
export const REPORTER_FORMATS = {
  console: 'text',
  json: 'json',
  junit: 'xml',
  sarif: 'json',
  markdown: 'markdown',
  github: 'workflow',
  html: 'html',
} as const satisfies Record<string, StreamFormat>;

/**
 * A reader that went away (`mcpact run | head -1`) closes the pipe: the write fails with EPIPE, asynchronously.
 * That stream is then done with, quietly; the run goes on and ends with the exit code it would have had.
 */
const gone = new WeakSet<NodeJS.WriteStream>();
const guarded = new WeakSet<NodeJS.WriteStream>();

function write(stream: NodeJS.WriteStream, text: string): void {
  if (gone.has(stream)) return;
  if (!guarded.has(stream)) {
    guarded.add(stream);
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      gone.add(stream);
    });
  }
  stream.write(text);
}

export function writeOut(text: string, format: StreamFormat = 'text'): void {
  write(process.stdout, ciSafe(text, format));
}

export function writeErr(text: string): void {
  write(process.stderr, ciSafe(text, 'text'));
}
