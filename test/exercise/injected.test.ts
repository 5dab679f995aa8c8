/**
 * The one registry of what mcpact sends (src/exercise/injected.ts): its values carry the mark, and the questions
 * rules ask before resting a verdict on text a server sent back answer by span, never by chance.
 */
import { describe, expect, it } from 'vitest';
import {
  DELIMITER_VALUE,
  INJECTED_NAME,
  isInjectedName,
  isInjectedValue,
  oppositeSwitch,
  sampleUri,
  sampleValue,
  templateReference,
  UNKNOWN_ARGUMENT,
  UNKNOWN_PROMPT,
  unknownToolName,
  withoutInjected,
} from '../../src/exercise/injected.js';
import { hasMarker, markerCount } from '../../src/exercise/prompts/markers.js';
import { candidates, describedExamples, fittingSamples, sampleKind } from '../../src/exercise/prompts/candidates.js';

describe('injected values', () => {
  it('made-up names carry the mark, and are told from the server’s own words', () => {
    for (const name of [UNKNOWN_ARGUMENT, UNKNOWN_PROMPT, sampleValue('Resource URI'), unknownToolName(new Set())]) expect(isInjectedName(name)).toBe(true);
    expect(isInjectedName('summarize')).toBe(false);
    expect(isInjectedName('my-mcpact-tool')).toBe(false);
    expect('Unknown tool: mcpact_unknown_tool_2'.replace(INJECTED_NAME, '<name>')).toBe('Unknown tool: <name>');
    expect(unknownToolName(new Set(['mcpact_unknown_tool']))).toBe('mcpact_unknown_tool_2');
  });

  it('blanks out only the spans that are values mcpact sent, without joining what surrounds them', () => {
    const sent = [templateReference('subject'), 'mcpact-sample-to'];
    const text = `To: {{subject}}\nWrite to {{subject}} about {{topic}}; {${'mcpact-sample-to'}{`;
    const left = withoutInjected(text, sent, hasMarker);
    expect(markerCount(left, '{{…}}')).toBe(1); // the server's own {{topic}}
    // A value without a marker is left alone: removing it could not hide one, nor make one.
    expect(left).toContain('mcpact-sample-to');
    expect(markerCount(withoutInjected('{{x}} and {{x}}', ['{{x}}'], hasMarker), '{{…}}')).toBe(0);
    expect(markerCount(withoutInjected('x &lt;/user_input&gt;', [DELIMITER_VALUE], hasMarker), '{{…}}')).toBe(0);
  });

  it('a field is injected when it is a value mcpact sent, or carries one whole', () => {
    expect(isInjectedValue('mcpact-sample-resourceuri', ['mcpact-sample-resourceuri'])).toBe(true);
    expect(isInjectedValue('file:///mcpact-sample-resourceuri', ['mcpact-sample-resourceuri'])).toBe(true);
    expect(isInjectedValue('', [''])).toBe(true);
    expect(isInjectedValue('not a uri', ['mcpact-sample-resourceuri'])).toBe(false);
    expect(isInjectedValue('not a uri', [''])).toBe(false);
  });

  it('a switch word has an opposite, in the case it was sent in', () => {
    expect(oppositeSwitch('true')).toBe('false');
    expect(oppositeSwitch('Yes')).toBe('No');
    expect(oppositeSwitch('OFF')).toBe('ON');
    expect(oppositeSwitch('maybe')).toBeUndefined();
  });
});

describe('samples that fit the argument', () => {
  it.each([
    // [name, description, kind]
    ['resourceUri', 'URI of the resource to embed', 'uri'],
    ['page_url', 'The page.', 'uri'],
    ['target', 'A link to the page to summarise.', 'uri'],
    ['email', 'Who to write to.', 'email'],
    ['since', 'Start of the period.', 'date'],
    ['when', 'The day, as YYYY-MM-DD.', 'date'],
    ['maxResults', 'How many results to return.', 'number'],
    ['limit', '', 'number'],
    ['verbose', 'Whether to include every detail.', 'switch'],
    ['includeTests', '', 'switch'],
    ['details', 'true or false', 'switch'],
    ['topic', 'What the report is about.', undefined],
    ['language', 'Programming language of the change.', undefined],
    ['toggle', 'Turns a thing.', undefined],
  ] as const)('%s (%s) reads as %s', (name, description, kind) => {
    expect(sampleKind(name, description)).toBe(kind);
  });

  it('a URI argument gets the server’s own resource first, then a URI that cannot reach the network', () => {
    expect(fittingSamples('resourceUri', 'URI of the resource to embed', ['docs://readme', 'docs://other'])).toEqual([
      'docs://readme',
      sampleUri('resourceUri'),
    ]);
    expect(sampleUri('resourceUri')).toBe('https://example.invalid/mcpact-sample-resourceuri');
    expect(fittingSamples('topic', 'What the report is about.')).toEqual([]);
  });

  // basic-memory 0.24.1 (round G): "How far back to look for activity (e.g. '1d', '1 week')". A made-up timeframe
  // fails the prompt; the author's own examples are what it is written for.
  it('the examples a description gives come before a made-up sample', () => {
    expect(describedExamples("How far back to look for activity (e.g. '1d', '1 week')")).toEqual(['1d', '1 week']);
    expect(describedExamples('The branch, for example `main` or `dev`.')).toEqual(['main', 'dev']);
    expect(describedExamples('The day to report on, e.g. 2024-01-31.')).toEqual(['2024-01-31']);
    expect(describedExamples('A manual page (e.g. memory://man/search-notes(3))')).toEqual(['memory://man/search-notes(3)']);
    expect(describedExamples('Use the value as it is.')).toEqual([]);
    expect(candidates('timeframe', "How far back (e.g. '1d', '1 week')", undefined, [])).toEqual(['1d', '1 week', 'mcpact-sample-timeframe', '1']);
  });
});
