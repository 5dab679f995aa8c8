/**
 * The question bare `mcpact init` asks at a terminal: which server to test. The answer stands for what would follow
 * `mcpact init --` (or `--url`); an empty answer, or none (Ctrl-D), leaves the starter's placeholder to edit.
 */
import { createInterface } from 'node:readline';
import { usageError } from '../errors.js';

export type Ask = (question: string) => Promise<string>;

export const SERVER_QUESTION = 'Command that starts your server, or its http(s) URL (Enter: write a placeholder to edit): ';

/** A question on the terminal, or none when stdin is not one (CI, a pipe): nobody would answer. */
export function terminalAsk(): Ask | undefined {
  if (process.stdin.isTTY !== true) return undefined;
  return (question) =>
    new Promise((resolve, reject) => {
      // The question goes to stderr: stdout keeps the one line saying what was written.
      const readline = createInterface({ input: process.stdin, output: process.stderr });
      let answered = false;
      readline.question(question, (answer) => {
        answered = true;
        readline.close();
        resolve(answer);
      });
      readline.on('close', () => {
        if (!answered) resolve('');
      });
      // Ctrl-C cancels init (exit 2, as a signal stops any command: cli/signals.ts) rather than writing the placeholder.
      readline.on('SIGINT', () => {
        answered = true;
        readline.close();
        reject(usageError('SIGINT: stopped at the question; nothing written'));
      });
    });
}

/** The answer as a server: a URL, or a command split into words at spaces ('...' and "..." keep spaces in one word). */
export function serverFromAnswer(answer: string): { url: string } | { command: string[] } | undefined {
  const trimmed = answer.trim();
  if (trimmed === '') return undefined;
  if (/^https?:\/\//i.test(trimmed)) return { url: trimmed };
  const words: string[] = [];
  let word: string | undefined;
  let quote: string | undefined;
  for (const char of trimmed) {
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === '"' || char === "'") {
      quote = char;
      word ??= '';
    } else word = (word ?? '') + char;
  }
  if (quote !== undefined) throw usageError(`the server command has an unclosed ${quote}: ${trimmed}`);
  if (word !== undefined) words.push(word);
  return { command: words };
}
