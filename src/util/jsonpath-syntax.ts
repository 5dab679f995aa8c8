/**
 * A syntax check for the JSONPath expressions of suite cases, run when the config is loaded so a typo is a config
 * error with its position rather than a failed case. jsonpath-plus itself is lenient (it reads `$.a[` as `$.a`)
 * and is loaded only when a suite runs, so this checks the structure only: the leading `$`, balanced brackets
 * and parentheses, closed quotes, no empty `[]` and no trailing `.`. Filter expressions are parsed when they run.
 */
export function jsonPathProblem(path: string): string | undefined {
  if (!path.startsWith('$')) return 'a JSONPath starts with "$" (the result), e.g. $.content[0].text';
  const open: { char: string; column: number }[] = [];
  let quote: { char: string; column: number } | undefined;
  for (let index = 1; index < path.length; index++) {
    const char = path[index]!;
    const column = index + 1;
    if (quote) {
      if (char === '\\') index++;
      else if (char === quote.char) quote = undefined;
      continue;
    }
    if (char === "'" || char === '"') {
      if (open.length === 0) return `a quote at column ${column} outside brackets (write $['a b'] for names with spaces or dots)`;
      quote = { char, column };
    } else if (char === '[' || char === '(') {
      if (char === '[' && path[index + 1] === ']') return `empty brackets "[]" at column ${column}`;
      open.push({ char, column });
    } else if (char === ']' || char === ')') {
      const expected = char === ']' ? '[' : '(';
      const last = open.pop();
      if (last?.char !== expected)
        return `"${char}" at column ${column} closes nothing${last ? ` (the "${last.char}" at column ${last.column} is still open)` : ''}`;
    }
  }
  if (quote) return `the quote at column ${quote.column} is never closed`;
  const last = open.pop();
  if (last) return `the "${last.char}" at column ${last.column} is never closed`;
  if (path.endsWith('.')) return 'ends with "." (a name or * must follow)';
  return undefined;
}
