import { describe, expect, it } from 'vitest';
import { invalidInput } from '../../../src/rules/tools/invalid-input.js';
import { compileSchema } from '../../../src/util/schema-validator.js';
import { runRuleOnFake, ruleTester } from '../../support/rule-tester.js';
import { validInput } from '../../../src/rules/tools/valid-input.js';
import { READ_ONLY, rpcError, searchTool, text, toolError, toolsServer, type FakeTool } from './tools-fake.js';

const UNREACHABLE = 'fetch failed: getaddrinfo ENOTFOUND search.invalid';

/** Not read-only, so only the variants that leave every required property unusable may be sent. */
const deleteTool: FakeTool = {
  definition: {
    name: 'delete_file',
    description: 'Delete a file.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' }, force: { type: 'boolean' } }, required: ['path'] },
    annotations: { readOnlyHint: false, destructiveHint: true },
  },
};

/** Like deleteTool, with a number for its key: no validator turns the string sent for it into one. */
const deleteRecord: FakeTool = {
  definition: {
    name: 'delete_record',
    description: 'Delete a record.',
    inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    annotations: { readOnlyHint: false, destructiveHint: true },
  },
};

const optionalOnly: FakeTool = {
  definition: { name: 'touch', description: 'Touch a file.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
};

ruleTester(invalidInput, {
  valid: [
    { name: 'isError results', server: toolsServer([searchTool, deleteTool]) },
    { name: '-32602 is accepted too', server: toolsServer([searchTool], { invalid: () => rpcError(-32602, 'Invalid arguments') }) },
    { name: 'older revision: either layer', server: toolsServer([searchTool], { invalid: () => rpcError(-32602), protocolVersion: '2025-06-18' }) },
    {
      name: 'validated with the wrong code is not this rule (tools/invalid-input-code)',
      server: toolsServer([searchTool], { invalid: () => rpcError(-32603, 'Invalid arguments: query: expected string') }),
    },
  ],
  invalid: [
    {
      name: 'a server that does not validate accepts everything',
      server: toolsServer([{ definition: { ...searchTool.definition, name: 'lax' } }], { invalid: () => text('ran anyway') }),
      // Nine bad values, one answer: one cause, one finding that stands for all nine. The undeclared property is
      // another cause: a validator that drops unknown keys answers it so too, so it rests on mcpact's policy.
      findings: [
        {
          location: { kind: 'tool', name: 'lax' },
          message: 'with an undeclared property (additionalProperties: false) was accepted',
          basis: 'policy',
          severity: 'warning',
        },
        { location: { kind: 'tool', name: 'lax' }, message: 'was not validated: it was answered like a valid call (a success)', count: 8, severity: 'error' },
        // 12345 for the string "query" is "12345" to a coercing validator: that it went on shows no missing check.
        {
          location: { kind: 'tool', name: 'lax' },
          message: 'property "query" of the wrong type went on as valid input',
          basis: 'policy',
          lenient: true,
          severity: 'info',
        },
      ],
    },
    {
      name: 'a validator that drops an undeclared property: the policy, a warning',
      server: toolsServer([searchTool], {
        invalid: (_tool, args) => (Object.hasOwn(args as object, 'mcpact_unexpected_property') ? text('3 documents') : toolError('query: expected string')),
      }),
      findings: [
        {
          message: 'was accepted: it was answered like a valid call (a success), so the key was most likely dropped',
          basis: 'policy',
          lenient: false,
          severity: 'warning',
        },
      ],
    },
    {
      name: 'internal error instead of validation',
      server: toolsServer([searchTool], {
        invalid: (_tool, args) =>
          typeof (args as Record<string, unknown>).query !== 'string' ? rpcError(-32603, 'TypeError') : { result: { content: [], isError: true } },
      }),
      // Both invalid inputs got the same -32603 "TypeError": one cause; the second keeps its own message.
      findings: [
        {
          message: 'property "query" of the wrong type was not validated: JSON-RPC error -32603 shows a JavaScript runtime error',
          data: { code: -32603, params: { name: 'search', arguments: { query: 12345 } } },
          count: 2,
        },
      ],
    },
    {
      name: 'one unvalidated tool whose bad values fail in different words: one cause, one finding',
      server: toolsServer([searchTool], {
        invalid: (_tool, args) => {
          const query = (args as Record<string, unknown>).query;
          if (query === undefined) return rpcError(-32603, "Cannot read properties of undefined (reading 'replace')");
          return typeof query === 'string' ? { result: { content: [], isError: true } } : rpcError(-32603, 'userQuery.replace is not a function');
        },
      }),
      findings: [{ message: 'was not validated: JSON-RPC error -32603 shows a JavaScript runtime error', count: 2 }],
    },
    // @itseasy21/mcp-knowledge-graph 1.0.7 (round G): a server that checks no input at all crashes on one tool and runs
    // another on wrong types. One missing check, one finding that lists both, each place with its own message.
    {
      name: 'a crash on one tool and a success on another: one cause, one finding',
      server: toolsServer(
        [
          { ...searchTool, definition: { ...searchTool.definition, name: 'crashes' } },
          { ...searchTool, definition: { ...searchTool.definition, name: 'runs' } },
        ],
        {
          invalid: (tool, args) => {
            const query = (args as Record<string, unknown>).query;
            if (tool === 'crashes')
              return query === undefined ? rpcError(-32603, "Cannot read properties of undefined (reading 'trim')") : toolError('bad input');
            return text('3 documents');
          },
        },
      ),
      findings: [
        { message: '"crashes" with required property "query" missing was not validated: JSON-RPC error -32603 shows a JavaScript runtime error', count: 9 },
        { location: { kind: 'tool', name: 'runs' }, message: 'with an undeclared property (additionalProperties: false) was accepted', basis: 'policy' },
        { location: { kind: 'tool', name: 'runs' }, message: 'property "query" of the wrong type went on as valid input', severity: 'info' },
      ],
    },
    {
      name: 'a failure deeper down in an isError result is not a validation',
      server: toolsServer([searchTool], { invalid: () => text('Error: Command failed: grep --max-count=12345', { isError: true }) }),
      findings: [
        { message: 'its isError result shows a command the tool ran failed on it', count: 9 },
        // The number sent for the string "query" went on to the command as a coercing validator would pass it.
        { message: 'property "query" of the wrong type went on as valid input', severity: 'info' },
      ],
    },
    {
      name: 'a backend reached by input that got past the check the same tool made of other input',
      server: toolsServer([searchTool], {
        invalid: (_tool, args) => ((args as Record<string, unknown>).query === undefined ? toolError('query is required') : toolError(UNREACHABLE)),
      }),
      findings: [
        {
          message: 'its isError result shows a DNS failure reaching its backend, although the same tool rejected other invalid input without it',
          // The seven that carry a bad value no validator converts; an undeclared property may have been dropped, so it
          // stays undecided, and the number sent for the string "query" is input to a coercing validator.
          count: 7,
        },
        { message: 'property "query" of the wrong type went on as valid input', severity: 'info' },
      ],
    },
    {
      name: 'a backend reached by invalid input, where valid input was served without it',
      server: toolsServer([searchTool], { invalid: () => toolError(UNREACHABLE) }),
      alongside: [validInput],
      findings: [
        { message: 'although the same tool served valid input without it', count: 7 },
        { message: 'property "query" of the wrong type went on as valid input', severity: 'info' },
      ],
    },
    {
      // The query left out, a limit and a sort of the wrong type, a sort outside its enum: a server that validated
      // before calling its backend would have refused them without it. Valid input fails there too. The number for
      // the string query, the bounds and the undeclared key stay undecided: a lenient validator passes them on.
      name: 'every invalid input sent out to the backend, none refused: not validated',
      server: toolsServer([{ ...searchTool, run: () => toolError(UNREACHABLE) }], { invalid: () => rpcError(-32603, UNREACHABLE) }),
      alongside: [validInput],
      findings: [
        {
          message: 'was not validated: JSON-RPC error -32603 shows a DNS failure reaching its backend, as every invalid input to the tool did, none refused',
          count: 4,
          severity: 'error',
        },
      ],
    },
    {
      name: 'a backend failure that names the value sent: the input was passed on',
      server: toolsServer([deleteRecord], {
        invalid: (_tool, args) =>
          toolError(`request to https://records.invalid/${String((args as Record<string, unknown>).id)} failed, reason: getaddrinfo ENOTFOUND records.invalid`),
      }),
      findings: [
        {
          message: 'shows a DNS failure that names the value mcpact sent ("mcpact-not-a-number")',
          data: { params: { name: 'delete_record', arguments: { id: 'mcpact-not-a-number' } } },
          severity: 'error',
        },
      ],
    },
    {
      // The number 12345 sent for the string "path" is the path "12345" to a validator that converts it: the request
      // it made with it is the request a valid call makes.
      name: 'a number sent for a string that reached the backend as text: lenient, information',
      server: toolsServer([deleteTool], {
        invalid: (_tool, args) =>
          toolError(`request to https://files.invalid/${String((args as Record<string, unknown>).path)} failed, reason: getaddrinfo ENOTFOUND files.invalid`),
      }),
      findings: [
        {
          message: 'with every required property of the wrong type went on as valid input',
          data: { params: { name: 'delete_file', arguments: { path: 12345 } } },
          basis: 'policy',
          lenient: true,
          severity: 'info',
        },
      ],
    },
    {
      // kubectl given the container "12345": a command that fails on a string the schema allows shows no missing check.
      name: 'a command that failed on a number sent for a string: lenient, information',
      server: toolsServer([deleteTool], { invalid: () => toolError('Error: Command failed: rm -- 12345: exited with code 1') }),
      // The path left out is no input to anyone: that the command ran without it is the missing check.
      findings: [
        { message: 'with every required property missing was not validated: its isError result shows a command the tool ran failed on it', severity: 'error' },
        { message: 'with every required property of the wrong type went on as valid input', basis: 'policy', lenient: true, severity: 'info' },
      ],
    },
  ],
  inconclusive: [
    {
      // One input no validator lets through (the path left out) beside one a coercing validator passes (12345 for
      // the string): a server that calls its backend before it validates, whatever the input, answers so too.
      name: 'an unreachable backend with one firmly invalid input is no verdict',
      server: toolsServer([deleteTool], { invalid: () => rpcError(-32603, 'fetch failed') }),
      reason: 'the server\'s backend was unreachable (a failed fetch; it said "fetch failed")',
    },
    {
      // Dummy credentials refused for every input: a server may check them (at its backend) before it validates.
      name: 'a backend that refuses the credentials whatever the input: no verdict',
      server: toolsServer([{ ...searchTool, run: () => toolError('401 Unauthorized') }], { invalid: () => toolError('401 Unauthorized') }),
      alongside: [validInput],
      reason: 'no verdict for 10 invalid-input probe(s) to "search"',
    },
  ],
  skipped: [
    { name: 'no required property and not read-only', server: toolsServer([optionalOnly]), skipped: 'safe-call policy' },
    { name: 'denied', server: toolsServer([searchTool]), settings: { calls: { deny: ['search'] } }, skipped: 'safe-call policy' },
  ],
});

describe('tools/invalid-input probes', () => {
  it('sends a tool that may not run only variants without a usable required property, and notes the others', async () => {
    const seen: unknown[] = [];
    const server = toolsServer([deleteTool, optionalOnly]);
    const handle = server.handle!;
    server.handle = (method, params, message) => {
      if (method === 'tools/call' && params?.name === 'delete_file') seen.push(params.arguments);
      return handle(method, params, message);
    };
    const report = await runRuleOnFake(invalidInput, server);
    expect(report.rules[0]?.status).toBe('pass');
    expect(seen).toEqual([{}, { path: 12345 }]);
    expect(report.rules[0]?.reason).toContain('"touch" (declares no required property');
  });

  it('probes a read-only tool with one change per variant, the same arguments on every run', async () => {
    const calls = async () => {
      const seen: unknown[] = [];
      const server = toolsServer([searchTool]);
      const handle = server.handle!;
      server.handle = (method, params, message) => {
        if (method === 'tools/call' && params?.name === 'search') seen.push(params.arguments);
        return handle(method, params, message);
      };
      await runRuleOnFake(invalidInput, server);
      // The valid calls of the plan go first (engine/warm-up.ts): only the invalid ones are this rule's probes.
      const schema = compileSchema(searchTool.definition.inputSchema);
      return seen.filter((args) => schema?.validate(args) !== true);
    };
    const first = await calls();
    expect(first).toHaveLength(10);
    expect(first).toContainEqual(expect.objectContaining({ sort: 'mcpact-not-in-enum' }));
    expect(first).toContainEqual(expect.objectContaining({ limit: 11 }));
    expect(first).toContainEqual(expect.objectContaining({ mcpact_unexpected_property: 'mcpact' }));
    expect(await calls()).toEqual(first);
  });

  it('opts a tool in with calls.allow', async () => {
    const report = await runRuleOnFake(invalidInput, toolsServer([optionalOnly], { invalid: () => text('ran') }), {}, { calls: { allow: ['touch'] } });
    expect(report.findings.map((finding) => finding.data?.variant)).toEqual([{ kind: 'wrong-type', keyword: 'type', property: 'path' }]);
    expect(report.rules[0]?.status).toBe('fail');
    expect(READ_ONLY.readOnlyHint).toBe(true);
  });
});
