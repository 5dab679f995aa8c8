/**
 * A command line given as one string (`mcpact diff --against "npx -y pkg@1.2.0"`) split into argv the way a POSIX
 * shell splits words, for the quoting people actually write: single quotes (all literal), double quotes (a
 * backslash escapes only `"`, `\`, `$` and a backtick there), and a backslash outside quotes. Nothing is expanded
 * (no variables, `~`, globs or command substitution) and no shell runs it, so the shell's operators (`|`, `&&`, `;`,
 * redirections) are refused rather than passed on as words a server would never expect.
 */

export type ShellWords = { ok: true; words: string[] } | { ok: false; reason: string };

/** Characters a shell reads as operators when unquoted (a newline ends a command): they mean something no split can do. */
const OPERATORS = new Set(['|', '&', ';', '<', '>', '(', ')', '`', '\n']);
/** What a backslash escapes inside double quotes, as in POSIX; before anything else it stays a backslash. */
const ESCAPED_IN_DOUBLE = new Set(['"', '\\', '$', '`']);
const BLANK = /[ \t]/;

export function shellWords(text: string): ShellWords {
  const words: string[] = [];
  let word = '';
  // A word exists once anything of it was read, quotes included: `''` is one empty word, as in a shell.
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (BLANK.test(char)) {
      if (started) words.push(word);
      word = '';
      started = false;
      continue;
    }
    const before: boolean = started;
    started = true;
    if (char === "'") {
      const end = text.indexOf("'", i + 1);
      if (end === -1) return { ok: false, reason: `a single quote at character ${i + 1} is never closed` };
      word += text.slice(i + 1, end);
      i = end;
    } else if (char === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === '\\' && i + 1 < text.length && (ESCAPED_IN_DOUBLE.has(text[i + 1]!) || text[i + 1] === '\n')) {
          i++;
          // A backslash before a newline joins the lines.
          if (text[i] !== '\n') word += text[i];
        } else word += text[i];
      }
      if (i >= text.length) return { ok: false, reason: `a double quote at character ${start + 1} is never closed` };
    } else if (char === '\\') {
      if (i + 1 >= text.length) return { ok: false, reason: 'it ends with a backslash that escapes nothing' };
      i++;
      // A backslash before a newline joins the lines: on its own, it starts no word.
      if (text[i] !== '\n') word += text[i];
      else started = before;
    } else if (OPERATORS.has(char)) {
      const shown = char === '\n' ? 'a newline' : `"${char}"`;
      return {
        ok: false,
        reason: `${shown} at character ${i + 1} is a shell operator, and no shell runs this command (quote it, or wrap the command in sh -c '...')`,
      };
    } else word += char;
  }
  if (started) words.push(word);
  return words.length === 0 ? { ok: false, reason: 'it is empty' } : { ok: true, words };
}
