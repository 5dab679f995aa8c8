/**
 * The answer classes (exercise/answers.ts) on real answers of the SDK twins (fixtures/sdks/README.md), copied from
 * the wire character for character: each runtime's words for a failure past validation (the twins' `--defect
 * runtime-error`: add_note reads the first tag of a call without tags) and each SDK's words for input it refused.
 * The options are those the rules pass: tools/invalid-input counts -32602 and an isError result as the right
 * layer (`correct`) and names the bad argument; the malformed-params and prompt rules expect -32602.
 */
import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../src/connect/rpc.js';
import { classifyAnswer, type ClassifyOptions } from '../../src/exercise/answers.js';
import type { AnswerClass } from '../../src/model/answer.js';

const error = (code: number, message: string, data?: unknown): Outcome => ({ kind: 'error', code, message, data, ms: 1 });
const result = (text: string, isError = true): Outcome => ({ kind: 'result', result: { content: [{ type: 'text', text }], isError }, ms: 1 });

/** tools/invalid-input's options for add_note called without `tags`, and for get_forecast with a bad `days`. */
const tags: ClassifyOptions = { correct: true, names: ['tags'] };
const tagsError: ClassifyOptions = { correct: false, names: ['tags'] };
const days: ClassifyOptions = { correct: true, names: ['days'], values: ['x'] };
/** A malformed request or a prompt case answered with another code than -32602. */
const wrongCode: ClassifyOptions = { correct: false, names: ['arguments', 'note_id'] };

const PYDANTIC_DAYS =
  "1 validation error for get_forecastArguments\ndays\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='x', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.14/v/int_parsing";

describe('real answers of the SDK twins', () => {
  it.each<[string, Outcome, ClassifyOptions, AnswerClass]>([
    // --- failures past validation (runtime-error) ---
    // python-mcp-1 (mcp 1.30.0 FastMCP): str(IndexError) in an isError result; the class name is not on the wire.
    ['mcp 1.30.0: list index out of range', result('Error executing tool add_note: list index out of range'), tags, 'not-validated'],
    // fastmcp 4.2.3: the same str(IndexError), in its own wrapper.
    ['fastmcp 4.2.3: list index out of range', result("Error calling tool 'add_note': list index out of range"), tags, 'not-validated'],
    // python-mcp-2 (mcp 2.3.0 MCPServer) withholds the exception's text (it stays in the server's log): nothing on the
    // wire tells a crash from a refusal, so the isError result gets the benefit of the doubt.
    ['mcp 2.3.0: the cause withheld', result('Error executing tool add_note'), tags, 'rejected-correctly'],
    // mcp-go v1.6.0 with WithRecovery: the recovered panic as -32603.
    [
      'mcp-go v1.6.0: a recovered panic',
      error(-32603, 'panic recovered in add_note tool handler: runtime error: index out of range [0] with length 0'),
      tagsError,
      'not-validated',
    ],
    // go-sdk v1.8.0 recovers nothing: the panic ends the process (its words go to stderr only).
    ['go-sdk v1.8.0: the process died', { kind: 'closed', ms: 1 }, tagsError, 'no-answer'],
    // rmcp 3.11.0: the panic unwinds the request's task only; no answer ever comes ("panicked at" on stderr only).
    ['rmcp 3.11.0: never answered', { kind: 'timeout', ms: 10_000 }, tagsError, 'no-answer'],
    // java-sdk (io.modelcontextprotocol.sdk:mcp 2.2.0): getMessage() of a helpful NullPointerException as -32603,
    // without the class name; it names the argument, which is no sign of a validation here.
    [
      'Java SDK 2.2.0: a helpful NullPointerException',
      error(-32603, 'Cannot invoke "java.util.List.get(int)" because "tags" is null'),
      tagsError,
      'not-validated',
    ],
    // java-sdk, prompts/wrong-type: the twin's own (String) cast of note_id sent as a number.
    [
      'Java SDK 2.2.0: a failed cast',
      error(
        -32603,
        "class java.lang.Integer cannot be cast to class java.lang.String (java.lang.Integer and java.lang.String are in module java.base of loader 'bootstrap')",
      ),
      wrongCode,
      'not-validated',
    ],
    // java-sdk-modern (the same jar's io.modelcontextprotocol.modern server): any exception that is not an
    // McpException goes out as -32603 "Internal error", its words in the server's log only. Nothing on the wire tells
    // the crash from a refusal, so it is read as mcp 2.3.0's withheld -32603 below is: a check with the wrong code.
    ['Java SDK 2.2.0 modern API: the cause withheld', error(-32603, 'Internal error'), tagsError, 'validated-wrong-code'],
    // rmcp 3.11.0: minLength, minimum and maxItems are published in the inputSchema, never checked: a success.
    ['rmcp 3.11.0: a bound not checked', result('{"city":"","days":[{"day":1,"high":20,"low":12.0}],"units":"celsius"}', false), days, 'not-validated'],

    // --- input the SDK refused (get_forecast with days: "x", or without city) ---
    ['mcp 1.30.0 / 2.3.0: pydantic', result(`Error executing tool get_forecast: ${PYDANTIC_DAYS}`), days, 'rejected-correctly'],
    [
      'fastmcp 4.2.3: pydantic, no prefix',
      result(
        "1 validation error for call[get_forecast]\ndays\n  Input should be a valid integer, unable to parse string as an integer [type=int_parsing, input_value='x', input_type=str]\n    For further information visit https://errors.pydantic.dev/2.14/v/int_parsing",
      ),
      days,
      'rejected-correctly',
    ],
    [
      'go-sdk v1.8.0: jsonschema-go',
      result('validating "arguments": validating root: validating /properties/days: type: x has type "string", want "integer"'),
      days,
      'rejected-correctly',
    ],
    [
      'go-sdk v1.8.0: a missing property',
      result('validating "arguments": validating root: required: missing properties: ["city"]'),
      days,
      'rejected-correctly',
    ],
    ['mcp-go v1.6.0: santhosh-tekuri/jsonschema', result('input schema validation failed: /days: got string, want integer'), days, 'rejected-correctly'],
    [
      'Java SDK 2.2.0: networknt json-schema-validator',
      result('Tool (get_forecast) input validation failed: Validation failed: JSON schema validation errors: [/days: string found, integer expected]'),
      days,
      'rejected-correctly',
    ],
    [
      'Java SDK 2.2.0 modern API: networknt json-schema-validator',
      result('Invalid arguments: Validation failed: JSON schema validation errors: [/days: string found, integer expected]'),
      days,
      'rejected-correctly',
    ],
    ['rmcp 3.11.0: serde', result('failed to deserialize parameters: invalid type: string "x", expected u32'), days, 'rejected-correctly'],
    ['rmcp 3.11.0: serde, a missing field', result('failed to deserialize parameters: missing field `city`'), days, 'rejected-correctly'],

    // --- malformed requests and prompt cases answered with another code ---
    // mcp 1.30.0, 2.3.0 and fastmcp: the ClientRequest model refuses tools/call whose arguments is a string.
    ['the Python SDKs: the request model', error(-32602, 'Invalid request parameters', ''), { correct: true }, 'rejected-correctly'],
    // mcp 1.30.0 (and 2.3.0 up to 2025-11-25): FastMCP's own check, code 0.
    ["mcp 1.30.0: FastMCP's required-argument check", error(0, "Missing required arguments: {'note_id'}"), wrongCode, 'validated-wrong-code'],
    // mcp 2.3.0 in 2026-07-28: the same check, its words withheld.
    ['mcp 2.3.0 (2026-07-28): withheld', error(-32603, 'Internal server error'), wrongCode, 'validated-wrong-code'],
    [
      'mcp-go v1.6.0: params that do not decode',
      error(
        -32600,
        'unparsable prompts/get request: json: cannot unmarshal string into Go struct field GetPromptParams.params.arguments of type map[string]string',
      ),
      wrongCode,
      'validated-wrong-code',
    ],
    [
      'Java SDK 2.2.0: Jackson refuses the params',
      error(
        -32603,
        'tools.jackson.databind.exc.MismatchedInputException: Cannot deserialize value of type `java.util.LinkedHashMap<java.lang.String,java.lang.Object>` from String value (token `JsonToken.VALUE_STRING`)\n at [No location information] (through reference chain: io.modelcontextprotocol.spec.McpSchema$CallToolRequest["arguments"])',
      ),
      wrongCode,
      'validated-wrong-code',
    ],
    // java-sdk-modern: params that do not decode into the request's record, -32602 as the spec asks.
    ['Java SDK 2.2.0 modern API: Malformed CallToolRequest', error(-32602, 'Malformed CallToolRequest'), { correct: true }, 'rejected-correctly'],
    ['rmcp 3.11.0: the method as the whole message', error(-32601, 'tools/call'), wrongCode, 'validated-wrong-code'],
  ])('%s', (_what, outcome, options, expected) => {
    expect(classifyAnswer(outcome, options).class).toBe(expected);
  });
});
