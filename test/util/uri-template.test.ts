import { describe, expect, it } from 'vitest';
import { parseUriTemplate } from '../../src/util/uri-template.js';

describe('parseUriTemplate', () => {
  // Templates from RFC 6570 sections 1.2, 2.4 and 3.2.
  it.each([
    'http://example.com/~{username}/',
    'http://example.com/dictionary/{term:1}/{term}',
    'http://example.com/search{?q,lang}',
    'http://www.example.com/foo{?query,number}',
    '{var}',
    '{+var}',
    '{+path}/here',
    'here?ref={+path}',
    'X{#var}',
    '{#hello}',
    'map?{x,y}',
    '{x,hello,y}',
    '{+x,hello,y}',
    '{+path,x}/here',
    '{#x,hello,y}',
    '{#path,x}/here',
    'X{.var}',
    'X{.x,y}',
    '{/var}',
    '{/var,x}/here',
    '{;x,y}',
    '{;x,y,empty}',
    '{?x,y}',
    '{?x,y,empty}',
    '?fixed=yes{&x}',
    '{&x,y,empty}',
    '{var:3}',
    '{var:30}',
    '{list}',
    '{list*}',
    '{keys*}',
    '{+path:6}/here',
    '{#keys*}',
    'X{.list*}',
    '{/list*,path:4}',
    '{;keys*}',
    '{?var:3}',
    '{&keys*}',
    'O{empty}X',
    '{undef}',
    '{half}',
    '{who}',
    '{base}index',
    '{dub}',
    'find{?year*}',
    '{count*}',
    '{/count*}',
    '{;hello:5}',
    '{var:9999}',
    '{a.b.c}',
    '{%41_b}',
    '{_}',
    '{0}',
    '',
    'file:///{path}',
    'users://{user_id}/profile',
    'http://example.com/a%20b/{x}',
    'http://example.com/café/{x}',
  ])('accepts %s', (template) => {
    expect(parseUriTemplate(template)).toMatchObject({ ok: true });
  });

  it('returns literals and expressions with operators and modifiers', () => {
    expect(parseUriTemplate('http://example.com/dictionary/{term:1}/{term}')).toEqual({
      ok: true,
      parts: [
        'http://example.com/dictionary/',
        { operator: '', variables: [{ name: 'term', prefix: 1, explode: false }] },
        '/',
        { operator: '', variables: [{ name: 'term', explode: false }] },
      ],
    });
    expect(parseUriTemplate('{/list*,path:4}{?a.b,%41}')).toEqual({
      ok: true,
      parts: [
        {
          operator: '/',
          variables: [
            { name: 'list', explode: true },
            { name: 'path', prefix: 4, explode: false },
          ],
        },
        {
          operator: '?',
          variables: [
            { name: 'a.b', explode: false },
            { name: '%41', explode: false },
          ],
        },
      ],
    });
  });

  it.each([
    ['file:///{path', 9, '"{" is never closed'],
    ['{', 1, '"{" is never closed'],
    ['a{b,', 2, '"{" is never closed'],
    ['file:///path}', 13, '"}" closes no expression'],
    ['{a{b}}', 3, 'expressions cannot nest'],
    ['{{a}}', 2, 'expressions cannot nest'],
    ['x{}', 3, 'empty expression'],
    ['{+}', 3, 'expected a variable name'],
    ['{a,}', 4, 'expected a variable name'],
    ['{,a}', 2, 'operator ","'],
    ['{=a}', 2, 'operator "=" is reserved'],
    ['{!a}', 2, 'operator "!" is reserved'],
    ['{@a}', 2, 'operator "@" is reserved'],
    ['{|a}', 2, 'operator "|" is reserved'],
    ['{user-id}', 6, 'unexpected "-"'],
    ['{a b}', 3, 'unexpected " "'],
    ['{.a.}', 4, '"." in a variable name must be followed'],
    ['{a..b}', 3, '"." in a variable name must be followed'],
    ['{.a}{..b}', 7, 'unexpected "."'],
    ['{var:0}', 6, 'from 1 to 9999'],
    ['{var:}', 6, 'from 1 to 9999'],
    ['{var:01}', 6, 'got 01'],
    ['{var:10000}', 6, 'got 10000'],
    ['{var:3*}', 7, 'unexpected "*"'],
    ['{var*:3}', 6, 'unexpected ":"'],
    ['{%4}', 2, 'percent-encoded'],
    ['a%zzb', 2, 'percent-encoded'],
    ['100%', 4, 'percent-encoded'],
    ['file:///my file/{x}', 11, '" " is not allowed'],
    ['a"b', 2, '"\\"" is not allowed'],
    ["a'b", 2, `"'" is not allowed`],
    ['a<b', 2, '"<" is not allowed'],
    ['a>b', 2, '">" is not allowed'],
    ['a\\b', 2, '"\\\\" is not allowed'],
    ['a^b', 2, '"^" is not allowed'],
    ['a`b', 2, '"`" is not allowed'],
    ['a|b', 2, '"|" is not allowed'],
    ['a\nb', 2, '"\\n" is not allowed'],
    ['a\u0085b', 2, 'is not allowed'],
    ['😀{a b}', 4, 'unexpected " "'],
  ])('refuses %j at column %i', (template, column, message) => {
    const parsed = parseUriTemplate(template);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.column).toBe(column);
    expect(parsed.message).toContain(message);
  });
});
