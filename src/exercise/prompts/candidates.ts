/**
 * Candidate values for prompt arguments, best first: config examples, completion values, values enumerated in
 * the argument's description ("low, medium, or high", "one of: a | b"), and a neutral sample that is unique to
 * the argument, so that a value missing from the rendered text can be noticed, and finally "1".
 */

/** Longest value read from a description enumeration; longer "values" are prose, not options. */
const MAX_ENUM_VALUE = 40;

export function sampleValue(argument: string): string {
  return `mcpact-sample-${argument.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`;
}

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

export function candidates(argument: string, description: string, example: string | undefined, completions: readonly string[]): string[] {
  // "1" last: ids, counts and page numbers reject a word but take a small number.
  const list = [...(example !== undefined ? [example] : []), ...completions.slice(0, 3), ...enumeratedValues(description), sampleValue(argument), '1'];
  return [...new Set(list)];
}
