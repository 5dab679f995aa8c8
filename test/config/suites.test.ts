/** `suites:` and `latency:` in mcpact.yaml: what loads, and every mistake as a config error with its position. */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { McpactError } from '../../src/errors.js';
import { jsonPathProblem } from '../../src/util/jsonpath-syntax.js';
import { expandUriTemplate } from '../../src/util/uri-expand.js';
import { parseUriTemplate } from '../../src/util/uri-template.js';
import { percentile } from '../../src/util/percentile.js';

const HEAD = 'server:\n  transport: stdio\n  command: a\n';
const load = (body: string) => parseConfig(HEAD + body, `${process.cwd()}/mcpact.yaml`, { env: {}, ruleIds: [] });
const failure = (body: string): string => {
  try {
    load(body);
  } catch (error) {
    if (error instanceof McpactError) return [error.message, ...error.details].join('\n');
    throw error;
  }
  throw new Error('expected a config error');
};

describe('suites config', () => {
  it('loads suites for tools, prompts and resources', () => {
    const config = load(
      [
        '  suites:',
        '    - tool: echo',
        '      cases:',
        '        - name: echoes',
        '          args: { message: hi, nested: { n: 1 } }',
        '          expect:',
        '            is_error: false',
        '            jsonpath: [{ path: "$.content[0].text", equals: "Echo: hi" }, { path: "$.x", equals: null }]',
        '            golden: golden/echo.json',
        '            normalize: [{ pattern: "\\\\d+", replace: "<N>" }]',
        '    - prompt: greet',
        '      cases: [{ name: greets, args: { who: Ada }, expect: { messages: { roles: [user], match: [Ada] } } }]',
        '    - resource: "notes://{id}"',
        '      cases: [{ name: first, args: { id: 1 }, expect: { error_code: -32002, jsonpath: [{ path: "$.message", matches: "not found" }] } }]',
        '',
      ].join('\n'),
    );
    expect(config.file.server?.suites).toHaveLength(3);
    expect(config.file.server?.suites?.[0]?.cases[0]?.expect?.jsonpath?.[1]).toEqual({ path: '$.x', equals: null });
  });

  it.each([
    [
      'two targets',
      '  suites: [{ tool: a, prompt: b, cases: [{ name: x }] }]\n',
      'mcpact.yaml:4:12: server.suites[0]: give exactly one of tool, prompt, resource (got tool, prompt)',
    ],
    ['no target', '  suites: [{ cases: [{ name: x }] }]\n', 'server.suites[0]: give exactly one of tool, prompt, resource'],
    ['no cases', '  suites: [{ tool: a, cases: [] }]\n', 'server.suites[0].cases'],
    ['duplicate case', '  suites: [{ tool: a, cases: [{ name: x }, { name: x }] }]\n', 'server.suites[0].cases[1].name: duplicate case name "x" in this suite'],
    [
      'bad regex',
      '  suites: [{ tool: a, cases: [{ name: x, expect: { jsonpath: [{ path: "$.a", matches: "(" }] } }] }]\n',
      'server.suites[0].cases[0].expect.jsonpath[0].matches: not a valid regular expression',
    ],
    [
      'bad jsonpath',
      '  suites: [{ tool: a, cases: [{ name: x, expect: { jsonpath: [{ path: "$.a[0", exists: true }] } }] }]\n',
      'server.suites[0].cases[0].expect.jsonpath[0].path: not a valid JSONPath: the "[" at column 4 is never closed',
    ],
    [
      'jsonpath without $',
      '  suites: [{ tool: a, cases: [{ name: x, expect: { jsonpath: [{ path: "content", exists: true }] } }] }]\n',
      'not a valid JSONPath: a JSONPath starts with "$"',
    ],
    [
      'two checks',
      '  suites: [{ tool: a, cases: [{ name: x, expect: { jsonpath: [{ path: "$.a", exists: true, count: 1 }] } }] }]\n',
      'server.suites[0].cases[0].expect.jsonpath[0]: give exactly one of equals, matches, exists, count (got exists, count)',
    ],
    [
      'no check',
      '  suites: [{ tool: a, cases: [{ name: x, expect: { jsonpath: [{ path: "$.a" }] } }] }]\n',
      'give exactly one of equals, matches, exists, count',
    ],
    [
      'error_code with golden',
      '  suites: [{ tool: a, cases: [{ name: x, expect: { error_code: -32602, golden: g.json } }] }]\n',
      'server.suites[0].cases[0].expect.golden: golden needs a result, but error_code expects an error',
    ],
    [
      'normalize without golden',
      '  suites: [{ tool: a, cases: [{ name: x, expect: { normalize: [{ pattern: a, replace: b }] } }] }]\n',
      'expect.normalize: normalize applies to the golden comparison: add golden',
    ],
    [
      'is_error on a prompt',
      '  suites: [{ prompt: a, cases: [{ name: x, expect: { is_error: true } }] }]\n',
      'server.suites[0].cases[0].expect.is_error: is_error applies to tool cases only',
    ],
    [
      'messages on a tool',
      '  suites: [{ tool: a, cases: [{ name: x, expect: { messages: { roles: [user] } } }] }]\n',
      'expect.messages: messages applies to prompt cases only',
    ],
    [
      'number prompt argument',
      '  suites: [{ prompt: a, cases: [{ name: x, args: { n: 1 } }] }]\n',
      'mcpact.yaml:4:55: server.suites[0].cases[0].args.n: prompt arguments are strings (quote the value)',
    ],
    [
      'resource arg not in template',
      '  suites: [{ resource: "notes://{id}", cases: [{ name: x, args: { key: 1 } }] }]\n',
      'args.key: the URI template has no variable "key" (it has id)',
    ],
    ['resource args without template', '  suites: [{ resource: "notes://1", cases: [{ name: x, args: { id: 1 } }] }]\n', 'the resource has none'],
    [
      'unknown expect key',
      '  suites: [{ tool: a, cases: [{ name: x, expect: { is_eror: true } }] }]\n',
      'unknown key "is_eror" at server.suites[0].cases[0].expect (did you mean "is_error"?)',
    ],
  ])('%s', (_name, body, message) => {
    expect(failure(body)).toContain(message);
  });
});

describe('latency config', () => {
  it('loads budgets, tools, per-tool budgets and arguments', () => {
    const config = load(
      '  latency: { samples: 5, warmup: 0, p95_ms: 200, tools: [echo], per_tool: { echo: { p50_ms: 10 } }, args: { echo: { message: hi } } }\n',
    );
    expect(config.file.server?.latency).toMatchObject({ samples: 5, tools: ['echo'], per_tool: { echo: { p50_ms: 10 } } });
  });

  it.each([
    [
      'per_tool outside tools',
      '  latency: { tools: [a], per_tool: { b: { p95_ms: 1 } } }\n',
      'server.latency.per_tool.b: "b" is not in latency.tools, so it is never timed',
    ],
    ['args outside tools', '  latency: { tools: [a], args: { b: {} } }\n', 'server.latency.args.b: "b" is not in latency.tools'],
    ['duplicate tool', '  latency: { tools: [a, a] }\n', 'server.latency.tools[1]: "a" is listed twice'],
    ['zero samples', '  latency: { samples: 0 }\n', 'server.latency.samples'],
    ['negative budget', '  latency: { p95_ms: -1 }\n', 'server.latency.p95_ms'],
    ['unknown key', '  latency: { p99_ms: 1 }\n', 'unknown key "p99_ms" at server.latency (did you mean "p95_ms"?)'],
  ])('%s', (_name, body, message) => {
    expect(failure(body)).toContain(message);
  });
});

describe('helpers', () => {
  it('checks JSONPath structure', () => {
    for (const valid of ['$', '$.a.b', '$..type', "$['a b']", '$.content[?(@.type == "text]")].text', '$.a[*]', '$.a[-1:]'])
      expect(jsonPathProblem(valid), valid).toBeUndefined();
    expect(jsonPathProblem('$.a]')).toBe('"]" at column 4 closes nothing');
    expect(jsonPathProblem('$.a[]')).toBe('empty brackets "[]" at column 4');
    expect(jsonPathProblem("$['a")).toBe('the quote at column 3 is never closed');
    expect(jsonPathProblem('$.a.')).toBe('ends with "." (a name or * must follow)');
  });

  it('expands URI templates with string values (RFC 6570 section 3.2)', () => {
    const expand = (template: string, values: Record<string, string>) => {
      const parsed = parseUriTemplate(template);
      if (!parsed.ok) throw new Error(parsed.message);
      return expandUriTemplate(parsed.parts, values);
    };
    const values = { var: 'value', hello: 'Hello World!', path: '/foo/bar', empty: '', x: '1024', y: '768' };
    expect(expand('demo://text/{id}', { id: '1' })).toBe('demo://text/1');
    expect(expand('{var}', values)).toBe('value');
    expect(expand('{hello}', values)).toBe('Hello%20World%21');
    expect(expand('{+path}/here', values)).toBe('/foo/bar/here');
    expect(expand('{#path}', values)).toBe('#/foo/bar');
    expect(expand('X{.var}', values)).toBe('X.value');
    expect(expand('{/var,x}', values)).toBe('/value/1024');
    expect(expand('{;x,y,empty}', values)).toBe(';x=1024;y=768;empty');
    expect(expand('{?x,y,empty}', values)).toBe('?x=1024&y=768&empty=');
    expect(expand('?fixed=yes{&x}', values)).toBe('?fixed=yes&x=1024');
    expect(expand('{var:3}', values)).toBe('val');
    expect(expand('{undef}x{?undef}', values)).toBe('x');
  });

  it('computes nearest-rank percentiles', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([10, 20], 50)).toBe(10);
    expect(percentile([5, 1, 4, 2, 3], 50)).toBe(3);
    expect(
      percentile(
        Array.from({ length: 20 }, (_, index) => index + 1),
        95,
      ),
    ).toBe(19);
    expect(
      percentile(
        Array.from({ length: 100 }, (_, index) => index + 1),
        95,
      ),
    ).toBe(95);
  });
});
