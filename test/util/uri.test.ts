import { describe, expect, it } from 'vitest';
import { absoluteUriProblem } from '../../src/util/uri.js';

describe('absoluteUriProblem', () => {
  it.each([
    'file:///project/src/main.rs',
    'https://example.com/a?b=c#d',
    'git://github.com/org/repo.git',
    'urn:isbn:0451450523',
    'mailto:someone@example.com',
    'custom+scheme.v1-2:thing',
    'test://static/resource/1',
    'file:///with%20space',
    'file:///caf%C3%A9',
    'file:///café',
    'x:',
  ])('accepts %s', (uri) => {
    expect(absoluteUriProblem(uri)).toBeUndefined();
  });

  it.each([
    ['/relative/path', 1, 'no scheme'],
    ['main.rs', 1, 'no scheme'],
    ['', 1, 'no scheme'],
    ['./a:b', 1, 'no scheme'],
    [':nothing', 1, 'scheme is empty'],
    ['1abc:x', 1, 'scheme contains "1"'],
    ['my_scheme:x', 3, 'scheme contains "_"'],
    ['my scheme:x', 3, 'scheme contains " "'],
    ['file:///my file.txt', 11, 'whitespace " "'],
    ['file:///a\tb', 10, 'control character "\\t"'],
    ['file:///a\u0085b', 10, 'control character'],
    ['file:///a\u00a0b', 10, 'whitespace'],
    ['file:///<a>', 9, 'contains "<"'],
    ['file:///{id}', 9, 'contains "{"'],
    ['https://example.com/a|b', 22, 'contains "|"'],
    ['file:///a\\b', 10, 'contains "\\\\"'],
    ['file:///a^b', 10, 'contains "^"'],
    ['file:///a`b', 10, 'contains "`"'],
    ['file:///a"b', 10, 'contains "\\""'],
    ['file:///100%', 12, '"%" not followed by two hex digits'],
    ['file:///%zz', 9, '"%" not followed by two hex digits'],
    ['file:///%4', 9, '"%" not followed by two hex digits'],
    ['file:///😀 x', 10, 'whitespace'],
  ])('refuses %j at column %i', (uri, column, message) => {
    const problem = absoluteUriProblem(uri);
    expect(problem?.column).toBe(column);
    expect(problem?.message).toContain(message);
  });
});
