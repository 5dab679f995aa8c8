import { describe, expect, it } from 'vitest';
import { bearsOnMarkers, markerCount } from '../../src/exercise/prompts/markers.js';

describe('prompt markers', () => {
  it('counts a placeholder by its shape, a pair of braces once', () => {
    expect(markerCount('Write about {{topic}} for {{ user.name | upper }}.', '{{…}}')).toBe(2);
    expect(markerCount('{{#each items}}- {{this}}{{/each}}', '{{…}}')).toBe(3);
    expect(markerCount('Hello ${name}!', '${…}')).toBe(1);
    // A JSX style object and a set literal are braces, not placeholders.
    expect(markerCount("style={{ color: 'red' }} and {{1, 2}}", '{{…}}')).toBe(0);
  });

  it('leaves code spans and fenced blocks out, and counts what follows them', () => {
    expect(markerCount('Use `{{name}}` here; ```\necho ${HOME}\n``` then {{left}}', '{{…}}')).toBe(1);
    expect(markerCount('```\necho ${HOME}\n```', '${…}')).toBe(0);
    // An inline span ends at its line: a lone backtick does not swallow the next line's placeholder.
    expect(markerCount('a ` b\n{{left}} `', '{{…}}')).toBe(1);
    // An unclosed fence is no code: its placeholder counts.
    expect(markerCount('~~~\n{{left}}', '{{…}}')).toBe(1);
  });

  it('stays linear on thousands of unclosed openers', () => {
    const hostile = `${'`a\n~~'.repeat(40_000)}{{left}}`;
    expect(markerCount(hostile, '{{…}}')).toBe(1);
  });

  it('blanks a sent value that could open or close code around the server text', () => {
    expect(bearsOnMarkers('```')).toBe(true);
    expect(bearsOnMarkers('{{to}}')).toBe(true);
    expect(bearsOnMarkers('mcpact-sample-topic')).toBe(false);
  });
});
