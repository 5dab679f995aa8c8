/**
 * What compiling a server's pattern would cost, known before compiling it. RE2 expands counted repetition into
 * copies (`(?:ab|cd|ef){1000}` is 8,000 instructions), and it limits each count to 1,000 and nested counts to a
 * product of 1,000, but not the whole program: twenty-one such groups in 400 bytes are 168,000 instructions,
 * about 25 MB kept and half a second of compiling that nothing can interrupt. So the program size is estimated from
 * the source, in one pass and without recursion (nesting cannot overflow the stack), as RE2's parser estimates it:
 * a literal character, a class, `.`, an anchor or an escape is one instruction; a capturing group adds two, an
 * alternation one per `|`; `x*` adds two, `x+` and `x?` one; `x{n}` is n copies of x, `x{n,m}` m copies and m - n choices, `x{n,}` n
 * copies and a loop. It never counts less than RE2 compiles (it does not factor common prefixes out of
 * alternatives as RE2 does), and it never fails: a source that is no valid pattern gets an estimate too, and the
 * compiler decides what it is.
 */

/** Instructions a program has besides its pattern's own: the match, the whole-match group, the search loop. */
const PROGRAM_OVERHEAD = 8;

interface Group {
  /** The finished alternatives' sizes, summed. */
  alternatives: number;
  /** How many alternatives were finished (one per `|`). */
  bars: number;
  /** The size of the alternative being read. */
  current: number;
  /** What the group adds around its body: two instructions for a group that captures (or looks around), none for `(?:`. */
  own: number;
}

/**
 * An upper bound of the instructions RE2 compiles `pattern` into, plus its length (parsing and the classes' ranges
 * cost in proportion to the source even where they compile to one instruction).
 */
export function patternCost(pattern: string): number {
  const stack: Group[] = [];
  let group: Group = { alternatives: 0, bars: 0, current: 0, own: 0 };
  /** The size of the last atom of the current alternative, which a quantifier repeats (0: nothing to repeat). */
  let last = 0;
  let index = 0;
  const add = (size: number) => {
    group.current += size;
    last = size;
  };
  while (index < pattern.length) {
    const char = pattern[index]!;
    if (char === '\\') {
      index = escapeEnd(pattern, index);
      add(1);
    } else if (char === '[') {
      index = classEnd(pattern, index);
      add(1);
    } else if (char === '(') {
      stack.push(group);
      const body = groupBodyStart(pattern, index);
      group = { alternatives: 0, bars: 0, current: 0, own: pattern.startsWith('(?:', index) ? 0 : 2 };
      last = 0;
      index = body;
    } else if (char === ')') {
      const size = closed(group);
      group = stack.pop() ?? { alternatives: 0, bars: 0, current: 0, own: 0 };
      add(size);
      index++;
    } else if (char === '|') {
      group.alternatives += Math.max(1, group.current);
      group.bars++;
      group.current = 0;
      last = 0;
      index++;
    } else {
      const quantifier = quantifierAt(pattern, index);
      if (quantifier === undefined) {
        add(1);
        index++;
        continue;
      }
      const repeated = repeatedSize(last, quantifier.min, quantifier.max);
      group.current += repeated - last;
      last = repeated;
      index = quantifier.end;
      // A lazy quantifier (`*?`, `{2,5}?`) costs what the greedy one does.
      if (pattern[index] === '?') index++;
    }
  }
  // Groups left open (a broken source) still count.
  let size = closed(group);
  for (let outer = stack.pop(); outer !== undefined; outer = stack.pop()) {
    outer.current += size;
    size = closed(outer);
  }
  return size + PROGRAM_OVERHEAD + pattern.length;
}

function closed(group: Group): number {
  return group.alternatives + Math.max(1, group.current) + group.bars + group.own;
}

/** `max` undefined: no upper bound (`*`, `+`, `{n,}`). */
function repeatedSize(size: number, min: number, max: number | undefined): number {
  const sub = Math.max(1, size);
  if (max === undefined) return min <= 1 ? sub + 2 : min * sub + 2;
  return Math.max(1, max * sub + (max - min));
}

/** `{n}`, `{n,}` or `{n,m}`, read where the scan is (sticky). */
const COUNTED = /\{(\d+)(,(\d*))?\}/y;

/** The quantifier that starts at `index`, if one does; `{` not followed by a count is a literal character. */
function quantifierAt(pattern: string, index: number): { min: number; max: number | undefined; end: number } | undefined {
  const char = pattern[index];
  if (char === '*') return { min: 0, max: undefined, end: index + 1 };
  if (char === '+') return { min: 1, max: undefined, end: index + 1 };
  if (char === '?') return { min: 0, max: 1, end: index + 1 };
  if (char !== '{') return undefined;
  COUNTED.lastIndex = index;
  const counted = COUNTED.exec(pattern);
  if (!counted) return undefined;
  const min = Number(counted[1]);
  const max = counted[2] === undefined ? min : counted[3] === '' ? undefined : Number(counted[3]);
  return { min, max, end: index + counted[0].length };
}

/** Where a group's body starts: after `(`, `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!` or `(?<name>`. */
function groupBodyStart(pattern: string, index: number): number {
  if (pattern[index + 1] !== '?') return index + 1;
  const next = pattern[index + 2];
  if (next === ':' || next === '=' || next === '!') return index + 3;
  if (next !== '<') return index + 2;
  if (pattern[index + 3] === '=' || pattern[index + 3] === '!') return index + 4;
  return after(pattern, '>', index + 3) ?? index + 3;
}

/** Where the escape at `index` ends: `\u{...}`, `\p{...}`, `\k<...>` and `\uXXXX` take more than one character. */
function escapeEnd(pattern: string, index: number): number {
  const next = pattern[index + 1];
  if ((next === 'u' || next === 'p' || next === 'P') && pattern[index + 2] === '{') return after(pattern, '}', index + 3) ?? index + 2;
  if (next === 'k' && pattern[index + 2] === '<') return after(pattern, '>', index + 3) ?? index + 2;
  return Math.min(pattern.length, index + 2);
}

/** Characters searched for the end of a name or a property (`\p{Script=Latin}`); what is longer counts as literals. */
const NAME_MAX = 64;

/**
 * The index after the first `char` from `from` within NAME_MAX characters: looking further for a `}` that never
 * comes, at every `\u{` of a long source, would make the scan quadratic.
 */
function after(pattern: string, char: string, from: number): number | undefined {
  const close = pattern.slice(from, from + NAME_MAX).indexOf(char);
  return close === -1 ? undefined : from + close + 1;
}

/** Where the class at `index` ends (after its `]`); escapes inside it are skipped, and `[]` is an empty class. */
function classEnd(pattern: string, index: number): number {
  let at = index + 1;
  if (pattern[at] === '^') at++;
  while (at < pattern.length) {
    if (pattern[at] === '\\') at += 2;
    else if (pattern[at] === ']') return at + 1;
    else at++;
  }
  return pattern.length;
}
