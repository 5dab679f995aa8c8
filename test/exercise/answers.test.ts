import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/connect/rpc.js';
import { answerOf, classifyAnswer, REFUSAL_MAX, refusalInWords, SAID_MAX, unreachableEvidence, wordsOf } from '../../src/exercise/answers.js';

const error = (code: unknown, message: unknown, data?: unknown): Outcome => ({ kind: 'error', code, message, data, ms: 1 });
const result = (text: string, isError = false): Outcome => ({
  kind: 'result',
  result: { content: [{ type: 'text', text }], ...(isError && { isError }) },
  ms: 1,
});
const wrong = { correct: false, names: ['project_id'] };

describe('classifyAnswer', () => {
  it.each([
    // [what, outcome, options, class]
    ['-32602 asked for', error(-32602, 'fetch failed'), { correct: true }, 'rejected-correctly'],
    ['an isError result asked for', result('Invalid arguments: id must be a string', true), { correct: true }, 'rejected-correctly'],
    [
      '-32603 naming the argument',
      error(-32603, 'Invalid arguments: project_id: Invalid input: expected string, received number'),
      wrong,
      'validated-wrong-code',
    ],
    ['-32600 with validation words', error(-32600, 'Either patchData or patchFile must be provided'), wrong, 'validated-wrong-code'],
    ['-32603 with no words to go by', error(-32603, 'Internal error'), wrong, 'validated-wrong-code'],
    ['a success', result('{"id":"1"}'), wrong, 'not-validated'],
    ['a TypeError', error(-32603, 'request.params.arguments?.category?.trim is not a function'), wrong, 'not-validated'],
    ['a TypeError in an isError result', result('TypeError: Cannot read properties of undefined', true), { correct: true }, 'not-validated'],
    ['a failed command', error(-32603, 'Tool execution failed: Command failed: kubectl explain --api-version=12345'), wrong, 'not-validated'],
    ["a backend's HTTP 400", result('Request failed with status code 400', true), { correct: true }, 'not-validated'],
    ['an unset value in the answer', error(-32603, 'Tool execution failed: Error: Port-forward with id undefined not found'), wrong, 'not-validated'],
    ['an object turned into text', result('Created note [object Object]'), wrong, 'not-validated'],
    ["zod's own words are a validation", error(-32603, 'Invalid input: expected string, received undefined'), wrong, 'validated-wrong-code'],
    ['fetch failed', error(-32603, 'fetch failed'), wrong, 'backend-unreachable'],
    ['DNS in an isError result', result('getaddrinfo ENOTFOUND api.example.com', true), { correct: true }, 'backend-unreachable'],
    ['a refused connection in a success', result('{"error":"connect ECONNREFUSED 127.0.0.1:443"}'), wrong, 'backend-unreachable'],
    ['TLS', error(-32603, 'unable to get local issuer certificate'), wrong, 'backend-unreachable'],
    // Each runtime's words for a backend it cannot reach (the Go one as github-mcp-server v0.15.0 answered offline).
    [
      'Go: DNS',
      error(
        -32603,
        'failed to get issue: Get "https://api.github.com/repos/17/g/issues/1": dial tcp: lookup api.github.com on 10.255.255.53:53: dial udp 10.255.255.53:53: connect: network is unreachable',
      ),
      wrong,
      'backend-unreachable',
    ],
    [
      'Go: no such host',
      result('Get "https://api.example.com/v1": dial tcp: lookup api.example.com: no such host', true),
      { correct: true },
      'backend-unreachable',
    ],
    ['Go: i/o timeout', error(-32603, 'Post "https://api.example.com": dial tcp 10.0.0.1:443: i/o timeout'), wrong, 'backend-unreachable'],
    [
      'Python: name resolution',
      result(
        "HTTPSConnectionPool(host='api.example.com', port=443): Max retries exceeded with url: /v1 (Caused by NameResolutionError: Failed to resolve 'api.example.com' ([Errno -3] Temporary failure in name resolution))",
        true,
      ),
      { correct: true },
      'backend-unreachable',
    ],
    ['Python: refused', error(-32603, 'Failed to establish a new connection: [Errno 111] Connection refused'), wrong, 'backend-unreachable'],
    ['Java: unknown host', error(-32603, 'java.net.UnknownHostException: api.example.com'), wrong, 'backend-unreachable'],
    ['Java: connect', result('java.net.ConnectException: Connection timed out', true), { correct: true }, 'backend-unreachable'],
    [
      'Rust: dns',
      error(-32603, 'error sending request for url (https://api.example.com/): client error (Connect): dns error: failed to lookup address information'),
      wrong,
      'backend-unreachable',
    ],
    ['.NET: no such host', error(-32603, 'System.Net.Http.HttpRequestException: No such host is known. (api.example.com:443)'), wrong, 'backend-unreachable'],
    [
      'TLS settings of the backend',
      error(-32603, 'Failed to read resource: Error: HTTP protocol is not allowed when skipTLSVerify is not set or false'),
      wrong,
      'backend-unreachable',
    ],
    ['no cluster configured', result('Error: no current context is set in the kubeconfig', true), { correct: true }, 'backend-unreachable'],
    ['a timeout inside the server', error(-32603, 'Request timed out after 30000 ms'), wrong, 'backend-unreachable'],
    ['a command that is not installed', result('helm command failed: spawnSync helm ENOENT'), wrong, 'backend-unreachable'],
    ['missing credentials', error(-32603, 'Request failed with status code 401'), wrong, 'backend-unreachable'],
    // A dummy credential in the test environment: the backend is not set up, whatever the input was.
    ['a dummy token (JWT)', error(-32603, 'Access token is not in valid JWT format'), wrong, 'backend-unreachable'],
    [
      'a dummy token (OAuth)',
      result('{"error":"invalid_token","error_description":"The access token is invalid"}', true),
      { correct: true },
      'backend-unreachable',
    ],
    ['a dummy API key', result('Error: Invalid API key provided', true), wrong, 'backend-unreachable'],
    ['401 Unauthorized', error(-32603, '401 Unauthorized'), wrong, 'backend-unreachable'],
    ['authentication failed', error(-32603, 'Authentication failed for user'), wrong, 'backend-unreachable'],
    ['bad credentials', result('GitHub API error: Bad credentials', true), wrong, 'backend-unreachable'],
    // A required argument that happens to be a token is validation, not credentials.
    ['a required token argument', error(-32603, 'token is required'), wrong, 'validated-wrong-code'],
    ['a token argument missing', error(-32603, 'Missing token argument'), wrong, 'validated-wrong-code'],
    ['no answer', { kind: 'timeout', ms: 100 }, wrong, 'no-answer'],
    ['a closed connection', { kind: 'closed', ms: 1 }, wrong, 'no-answer'],
  ] as const)('%s', (_what, outcome, options, expected) => {
    expect(classifyAnswer(outcome, options).class).toBe(expected);
  });

  // Each runtime's own words for a failure past validation, as real servers answer them (real-looking, not copied).
  const goPath = { correct: false, names: ['path'], values: [12345] };
  it.each([
    // [runtime, what, outcome, options, class]
    ['Go', 'a number sent as a path reached os.Open', error(-32603, 'open 12345: no such file or directory'), goPath, 'not-validated'],
    ['Go', 'a nil pointer', error(-32603, 'panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV]'), wrong, 'not-validated'],
    ['Go', 'a failed type assertion', result('interface conversion: interface {} is float64, not string', true), { correct: true }, 'not-validated'],
    ['Go', 'a failed conversion', error(-32603, 'strconv.ParseInt: parsing "mcpact-not-a-number": invalid syntax'), wrong, 'not-validated'],
    [
      'Go',
      'its own missing file (the value sent is not in it)',
      error(-32603, 'open /etc/app/config.yaml: no such file or directory'),
      goPath,
      'validated-wrong-code',
    ],
    [
      'Python',
      'a KeyError on the missing argument',
      result(
        "Traceback (most recent call last):\n  File \"/app/server.py\", line 41, in call_tool\n    q = arguments['project_id']\nKeyError: 'project_id'",
        true,
      ),
      { correct: true, names: ['project_id'] },
      'not-validated',
    ],
    ['Python', 'a KeyError that names the argument it lacks', error(-32603, "Error executing tool get_issue: KeyError: 'project_id'"), wrong, 'not-validated'],
    ['Python', 'None where an object was expected', error(-32603, "AttributeError: 'NoneType' object has no attribute 'strip'"), wrong, 'not-validated'],
    ['Python', 'a failed int()', result("ValueError: invalid literal for int() with base 10: 'mcpact-not-a-number'", true), { correct: true }, 'not-validated'],
    [
      'Python',
      'a bare traceback of a failure',
      error(
        -32603,
        'Traceback (most recent call last):\n  File "/app/tools.py", line 12, in run\n    return client.fetch(ref)\nRuntimeError: fetch returned nothing',
      ),
      wrong,
      'not-validated',
    ],
    [
      'Python',
      'pydantic validation (wrong code)',
      error(
        -32603,
        '1 validation error for search_docsArguments\nquery\n  Input should be a valid string [type=string_type, input_value=12345, input_type=int]\n    For further information visit https://errors.pydantic.dev/2.11/v/string_type',
      ),
      { correct: false, names: ['query'], values: [12345] },
      'validated-wrong-code',
    ],
    [
      'Python',
      'pydantic validation raised in a traceback',
      result(
        'Traceback (most recent call last):\n  File "/app/server.py", line 30, in handle\n    args = Args(**arguments)\npydantic_core._pydantic_core.ValidationError: 1 validation error for Args\nlimit\n  Input should be a valid integer',
        true,
      ),
      { correct: true },
      'rejected-correctly',
    ],
    ['Python', 'jsonschema', error(-32603, "jsonschema.exceptions.ValidationError: 12345 is not of type 'string'"), wrong, 'validated-wrong-code'],
    [
      'Java',
      'a NullPointerException',
      error(
        -32603,
        'java.lang.NullPointerException: Cannot invoke "String.trim()" because "query" is null\n\tat com.acme.mcp.SearchTool.call(SearchTool.java:57)',
      ),
      wrong,
      'not-validated',
    ],
    [
      'Java',
      'a ClassCastException',
      error(-32603, 'class java.lang.Integer cannot be cast to class java.lang.String (java.lang.ClassCastException)'),
      wrong,
      'not-validated',
    ],
    [
      'Java',
      'a bare stack trace of a failure',
      error(-32603, 'Tool call failed: lookup returned no row\n\tat com.acme.mcp.Lookup.run(Lookup.java:12)\n\tat com.acme.mcp.Server.call(Server.java:80)'),
      wrong,
      'not-validated',
    ],
    [
      'Java',
      'a Bean Validation rejection with its frames',
      error(-32603, 'jakarta.validation.ConstraintViolationException: query: must not be blank\n\tat com.acme.mcp.Server.call(Server.java:80)'),
      wrong,
      'validated-wrong-code',
    ],
    [
      'Rust',
      'an unwrap on None',
      error(-32603, "thread 'tokio-runtime-worker' panicked at src/tools.rs:88:41:\ncalled `Option::unwrap()` on a `None` value"),
      wrong,
      'not-validated',
    ],
    [
      '.NET',
      'a NullReferenceException',
      error(
        -32603,
        'System.NullReferenceException: Object reference not set to an instance of an object.\n   at Acme.Mcp.Tools.Search(JsonElement args) in /src/Tools.cs:line 23',
      ),
      wrong,
      'not-validated',
    ],
    ['.NET', 'a failed parse', result('System.FormatException: Input string was not in a correct format.', true), { correct: true }, 'not-validated'],
    [
      'JavaScript',
      'a validation error thrown with its stack',
      error(-32603, 'Error: query must be a string\n    at validate (/app/dist/index.js:10:11)\n    at handle (/app/dist/index.js:40:3)'),
      wrong,
      'validated-wrong-code',
    ],
    [
      'JavaScript',
      'a schema error as the cause of a stack trace',
      result(
        'Error: Failed to decode tool call parameters for tool \'search\'\n    at /app/main.cjs:128086:97\n    at McpServer.tools/call {\n  [cause]: SchemaError: Expected string, got 12345\n    at ["query"]\n}',
        true,
      ),
      { correct: true, names: ['query'], values: [12345] },
      'rejected-correctly',
    ],
    ['JavaScript', 'a failure thrown with its stack', error(-32603, 'Error: lookup failed\n    at run (/app/dist/index.js:10:11)'), wrong, 'not-validated'],
    [
      'JavaScript',
      'a file named after the value sent',
      result("ENOENT: no such file or directory, open '/srv/notes/mcpact-not-a-value'", true),
      { correct: true, values: ['mcpact-not-a-value'] },
      'not-validated',
    ],
  ] as const)('%s: %s', (_runtime, _what, outcome, options, expected) => {
    expect(classifyAnswer(outcome, options).class).toBe(expected);
  });

  it('an unreachable backend that names the value sent got the input itself', () => {
    const sent = { correct: true, values: [12345] };
    expect(
      classifyAnswer(result('request to https://api.example.com/v1/blocks/12345 failed, reason: getaddrinfo ENOTFOUND api.example.com', true), sent),
    ).toMatchObject({
      class: 'not-validated',
      evidence: expect.stringContaining('names the value mcpact sent ("12345")'),
    });
    expect(classifyAnswer(result('getaddrinfo ENOTFOUND api.example.com', true), sent).class).toBe('backend-unreachable');
  });

  it('a short value sent is not looked for: it would appear by chance', () => {
    expect(classifyAnswer(error(-32603, 'open 12: no such file or directory'), { correct: false, values: [12] }).class).toBe('validated-wrong-code');
  });

  it('a bound such as 401 in a validation message is not taken for missing credentials', () => {
    expect(classifyAnswer(error(-32603, 'count must be <= 400, got 401'), wrong).class).toBe('validated-wrong-code');
  });

  it('says why: the argument it named', () => {
    expect(classifyAnswer(error(-32603, 'project_id is bad'), wrong).evidence).toBe('the answer names the argument "project_id"');
  });

  it('reads bounded words only, so a huge answer costs no more than a small one', () => {
    const huge = error(-32603, `${'x'.repeat(5_000_000)} fetch failed`);
    expect(classifyAnswer(huge, wrong).class).toBe('validated-wrong-code');
    expect(wordsOf(huge)?.length).toBe(2000);
  });
});

describe('answerOf', () => {
  it('shows the code and the words on one line, cut to a readable length', () => {
    const dump = JSON.stringify([{ expected: 'record', code: 'invalid_type', path: ['params', 'arguments'], message: 'x'.repeat(400) }], null, 2);
    const answer = answerOf(error(-32603, dump));
    expect(answer.code).toBe(-32603);
    expect(answer.said?.startsWith('[ { "expected": "record"')).toBe(true);
    expect(Array.from(answer.said ?? '').length).toBe(SAID_MAX);
    expect(answer.said).not.toContain('\n');
  });

  it('reads a rendered prompt', () => {
    expect(answerOf({ kind: 'result', result: { messages: [{ role: 'user', content: { type: 'text', text: 'Hi' } }] }, ms: 1 }).said).toBe('Hi');
  });

  it('keeps a non-numeric code short, and a string data with the message', () => {
    expect(answerOf(error('x'.repeat(100), 'm', 'details')).code).toBe('x'.repeat(20));
    expect(wordsOf(error(-32603, 'failed', 'getaddrinfo ENOTFOUND'))).toBe('failed\ngetaddrinfo ENOTFOUND');
    expect(unreachableEvidence(error(-32603, 'failed', 'getaddrinfo ENOTFOUND'))).toBe('a DNS failure');
  });
});

describe('refusalInWords', () => {
  it.each([
    ['Computed resource ref was malformed or unsupported.', 'it reads as a refusal ("malformed")'],
    ['Resource not found: docs://x', 'it reads as a refusal ("not found")'],
    ['Invalid page name', 'it reads as a refusal ("invalid")'],
    ['getaddrinfo ENOTFOUND api.example.com', 'a DNS failure'],
  ])('%s', (text, why) => {
    expect(refusalInWords(text)).toBe(why);
  });

  it('leaves data, ordinary text and long text alone', () => {
    expect(refusalInWords('{"error": "unsupported"}')).toBeUndefined();
    expect(refusalInWords('# Intro\nWelcome to the guide.')).toBeUndefined();
    expect(refusalInWords(`not found ${'x'.repeat(REFUSAL_MAX)}`)).toBeUndefined();
  });
});
