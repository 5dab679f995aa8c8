/**
 * Letters of another script that look like Latin ones, inside a Latin word: "frоm" with a Cyrillic о, a tool named
 * "reаd_file" with a Cyrillic а. A person reads the Latin word; a keyword filter, and the security scan, would not
 * (UTS #39 calls this a mixed-script confusable). Only a word that mixes them with Latin letters counts: a word
 * written wholly in Cyrillic or Greek is that language, and Greek letters that look like no Latin one (µ in "µs",
 * Ω in "kΩ", π) are left alone, as units and formulas use them.
 */

/** Cyrillic and Greek letters drawn like a Latin letter, with the letter they pass for. */
const LATIN_OF: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  е: 'e',
  һ: 'h',
  і: 'i',
  ј: 'j',
  ӏ: 'l',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  с: 'c',
  у: 'y',
  х: 'x',
  ԁ: 'd',
  ԝ: 'w',
  А: 'A',
  В: 'B',
  Е: 'E',
  Н: 'H',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  О: 'O',
  Р: 'P',
  С: 'C',
  Ѕ: 'S',
  Т: 'T',
  Х: 'X',
  Ү: 'Y',
  // Greek
  ο: 'o',
  ν: 'v',
  ι: 'i',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};

const LOOKALIKE = new RegExp(`[${Object.keys(LATIN_OF).join('')}]`, 'u');
/** A word: letters and marks (so "reаd_file" is the words "reаd" and "file"). */
const WORD = /[\p{L}\p{M}]{1,256}/gu;
/** A word split into runs of Latin letters and runs of anything else. */
const RUNS = /[A-Za-z]+|[^A-Za-z]+/g;

export interface Lookalike {
  /** The word as written. */
  word: string;
  /** The word as it reads: each lookalike that takes a Latin letter's place replaced by that letter. */
  reads: string;
  /** The lookalike characters that take a Latin letter's place. */
  chars: string[];
}

/**
 * The word as it reads when its lookalikes take Latin letters' places, or undefined when none does. A run of other
 * letters takes their place when it is made only of lookalikes and sits inside the Latin word: between Latin
 * letters ("frоm"), before them ("рrint"), or at the end ("reaԁ"). A run at the end is a case ending in a text
 * written in that script ("в GitHubе" in a Russian description), and so is one after capitals anywhere ("JSONе");
 * a run with any other letter of its script is a word of that language written onto a Latin one ("Dataсет"): none
 * of these passes for Latin.
 */
function asLatin(word: string, endings: boolean): { reads: string; chars: string[] } | undefined {
  if (!/[A-Za-z]/.test(word) || !LOOKALIKE.test(word)) return undefined;
  const runs = word.match(RUNS) ?? [];
  const chars: string[] = [];
  let reads = '';
  runs.forEach((run, index) => {
    const latin = /^[A-Za-z]/.test(run);
    const letters = Array.from(run);
    const before = runs[index - 1];
    const after = runs[index + 1];
    const placed =
      !latin &&
      letters.every((char) => LATIN_OF[char] !== undefined) &&
      (after !== undefined || (before !== undefined && /[a-z]$/.test(before) && !endings)) &&
      (before !== undefined || after !== undefined);
    if (placed) chars.push(...letters);
    reads += placed ? letters.map((char) => LATIN_OF[char]).join('') : run;
  });
  return chars.length > 0 ? { reads, chars } : undefined;
}

/** Every word of `text` in which lookalikes of another script take Latin letters' places, in text order. */
export function lookalikeWords(text: string): Lookalike[] {
  const found: Lookalike[] = [];
  const endings = writtenIn(text);
  WORD.lastIndex = 0;
  for (let match = WORD.exec(text); match; match = WORD.exec(text)) {
    const latin = asLatin(match[0], endings);
    if (latin) found.push({ word: match[0], ...latin });
  }
  return found;
}

/** `text` with each such word read as its Latin form ("frоm" as "from"); every other word as it is. */
export function foldLookalikes(text: string): string {
  if (!LOOKALIKE.test(text)) return text;
  const endings = writtenIn(text);
  return text.replace(WORD, (word) => asLatin(word, endings)?.reads ?? word);
}

/** A word of three letters or more wholly in Cyrillic or Greek: the text is written in that language, in part. */
const NATIVE_WORD = /(?<![\p{L}\p{M}])(?:[\u0400-\u04ff]{3,}|[\u0370-\u03ff]{3,})(?![\p{L}\p{M}])/u;
function writtenIn(text: string): boolean {
  return NATIVE_WORD.test(text);
}
