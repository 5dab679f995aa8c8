/**
 * Candidate values for prompt arguments, best first: config examples, completion values, values enumerated in
 * the argument's description ("low, medium, or high", "one of: a | b"), the examples it gives ("e.g. '1d'"), a sample that fits what the argument's
 * name and description say it is (SAMPLE_KINDS: a URI for a URI, a number for a count), the neutral sample that is
 * unique to the argument (so that a value missing from the rendered text can be noticed), and finally "1". Every
 * sample value comes from exercise/injected.ts, which knows them all.
 */
import { SAMPLE_DATE, SAMPLE_EMAIL, SAMPLE_NUMBER, SAMPLE_SWITCH, sampleUri, sampleValue } from '../injected.js';

/** Longest value read from a description enumeration; longer "values" are prose, not options. */
const MAX_ENUM_VALUE = 40;

export function enumeratedValues(description: string): string[] {
  const found: string[] = [];
  const add = (values: string[]) => {
    for (const raw of values) {
      const value = raw
        .trim()
        .replace(/^["'`“”‘’]+|["'`“”‘’]+$/g, '')
        .trim();
      if (value && value.length <= MAX_ENUM_VALUE && !/\s{2,}/.test(value) && !found.includes(value)) found.push(value);
    }
  };
  // "one of: a | b | c", "one of a, b or c", "must be one of [a, b]"
  const oneOf = /\bone of\s*:?\s*\[?([^.;\])\n]+)/i.exec(description);
  if (oneOf) add(oneOf[1]!.split(/\s*(?:,|\||\bor\b)\s*/i));
  // "low, medium, or high" / "json or yaml"
  for (const match of description.matchAll(/((?:[`'"]?[\w.-]+[`'"]?\s*,\s*)*[`'"]?[\w.-]+[`'"]?,?\s+or\s+[`'"]?[\w.-]+[`'"]?)/g)) {
    const words = match[1]!.split(/\s*(?:,|\bor\b)\s*/i);
    if (words.filter(Boolean).length >= 2) add(words);
  }
  // "a|b|c"
  for (const match of description.matchAll(/\b[\w.-]+(?:\|[\w.-]+)+\b/g)) add(match[0].split('|'));
  return found.filter((value) => !/^(or|and|the|a|an|one|of|be|must|should|either)$/i.test(value));
}

/** Where a description gives examples: "(e.g. '1d', '1 week')", "for example `main`", "such as: draft". */
const EXAMPLES_AT = /\b(?:e\.\s?g\.|eg\.|for example|for instance|such as|examples?:)\s*,?\s*:?\s*/gi;
/** A quoted example: '1d', "1 week", `main`, “x”. */
const QUOTED = /['"`“‘]([^'"`”’\n]{1,40})['"`”’]/g;

/**
 * The examples a description gives for the argument: the quoted values after "e.g.", "for example" or "such as" up
 * to the end of that clause, or the one word that follows when none is quoted ("e.g. 2024-01-31"). The author's
 * own examples are values the prompt is written for (a `timeframe` of "1d"), where a made-up sample may fail it.
 */
export function describedExamples(description: string): string[] {
  const found: string[] = [];
  for (const match of description.matchAll(EXAMPLES_AT)) {
    const rest = description.slice(match.index + match[0].length, match.index + match[0].length + 200);
    const clause = rest.split(/\)|\.\s|\n|;/)[0] ?? '';
    const quoted = [...clause.matchAll(QUOTED)].map((entry) => entry[1]!.trim());
    const values = quoted.length > 0 ? quoted : [firstWord(rest)];
    for (const value of values) if (value.length > 0 && value.length <= MAX_ENUM_VALUE && !found.includes(value)) found.push(value);
  }
  return found;
}

/** The word a text starts with, without the punctuation that ends its sentence or closes a parenthesis around it. */
function firstWord(text: string): string {
  let word = (text.trim().split(/[\s,]+/)[0] ?? '').replace(/[.,;:!?]+$/, '');
  const unbalanced = (value: string) => value.split(')').length > value.split('(').length;
  while (word.endsWith(')') && unbalanced(word)) word = word.slice(0, -1).replace(/[.,;:!?]+$/, '');
  return word;
}

/** What an argument is, read from its name and description, for the sample that fits it. */
export type SampleKind = 'uri' | 'email' | 'date' | 'number' | 'switch';

/**
 * The kinds, first match wins, each with the words of a name (split at case changes, `_` and `-`) and of a
 * description that say it. A name is the author's own word for the argument, so it decides where it says anything;
 * the description is read only for names that say nothing (`target`, `value`).
 */
const SAMPLE_KINDS: readonly { kind: SampleKind; name: RegExp; description: RegExp }[] = [
  { kind: 'uri', name: /\b(?:uri|url|link|href)s?\b/, description: /\b(?:URI|URL|link|href)\b/i },
  { kind: 'email', name: /\be-?mail\b/, description: /\be-?mail address\b/i },
  { kind: 'date', name: /\b(?:date|since|until|deadline)\b/, description: /\b(?:ISO[ -]?8601|YYYY-MM-DD)\b|\bdate\b/i },
  {
    kind: 'number',
    name: /\b(?:count|limit|size|number|num|max|min|amount|quantity|page|top|depth|offset|days|hours|minutes|seconds|retries)\b/,
    description: /\b(?:number of|how many|maximum|minimum|count of|an integer|a number)\b/i,
  },
  {
    kind: 'switch',
    name: /^(?:is|has|include|enable|disable|use|show|allow|with|should|dry|verbose|debug|force|recursive)\b/,
    description: /\btrue\s*(?:\/|or|\|)\s*false\b|\bwhether\b|\b(?:a )?boolean\b|\bflag\b/i,
  },
];

/** The kind of an argument, from its name first, then its description; undefined when neither says. */
export function sampleKind(argument: string, description: string): SampleKind | undefined {
  const words = argument
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .toLowerCase()
    .trim();
  return (SAMPLE_KINDS.find((entry) => entry.name.test(words)) ?? SAMPLE_KINDS.find((entry) => entry.description.test(description)))?.kind;
}

/**
 * Samples that fit the argument, best first. A URI argument takes one of the server's own listed resource URIs first
 * (`listedUris`: what the server itself would be given), then a URI that cannot reach the network.
 */
export function fittingSamples(argument: string, description: string, listedUris: readonly string[] = []): string[] {
  switch (sampleKind(argument, description)) {
    case 'uri':
      return [...listedUris.slice(0, 1), sampleUri(argument)];
    case 'email':
      return [SAMPLE_EMAIL];
    case 'date':
      return [SAMPLE_DATE];
    case 'number':
      return [SAMPLE_NUMBER];
    case 'switch':
      return [SAMPLE_SWITCH];
    case undefined:
      return [];
  }
}

export function candidates(
  argument: string,
  description: string,
  example: string | undefined,
  completions: readonly string[],
  listedUris: readonly string[] = [],
): string[] {
  // "1" last: ids, counts and page numbers reject a word but take a small number.
  const list = [
    ...(example !== undefined ? [example] : []),
    ...completions.slice(0, 3),
    ...enumeratedValues(description),
    ...describedExamples(description),
    ...fittingSamples(argument, description, listedUris),
    sampleValue(argument),
    '1',
  ];
  return [...new Set(list)];
}
