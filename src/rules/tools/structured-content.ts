import { defineRule } from '../../engine/rule.js';
import { items } from '../../surface/items.js';
import { shown } from '../../util/digest.js';
import { asRecord } from '../../util/json.js';
import { quote } from '../../util/text.js';
import { compileSchema, type Compiled } from '../../util/schema-validator.js';
import { levelLabel, since } from '../../model/spec.js';
import { callData, outcomesOf, toolLocation, toolPlan } from '../../exercise/tools.js';
import { openValuePaths } from '../../exercise/open-values.js';
import { answerOf, isErrorResult, wordsOf } from '../../exercise/answers.js';
import type { Outcome } from '../../connect/rpc.js';
import { isComplete } from '../../exercise/modern-result.js';

/**
 * The words SDKs answer with when a tool's own result breaks its outputSchema, at the start of the isError text:
 * TypeScript SDK 1.x ("MCP error -32602: Output validation error: Invalid structured content for tool <name>: ...",
 * or "... has an output schema but no structured content was provided"), 2.x (the same without the prefix), the
 * Python SDK's low-level server ("Output validation error: <jsonschema message>"), and its FastMCP 1.x API, which
 * validates the return value against the function's return type with pydantic ("Error executing tool <name>:
 * 1 validation error for Forecast"; fixtures/sdks/python-mcp-1). FastMCP names the model of a tool's input
 * `<name>Arguments`, so that model's errors are input validation and never match. The Java SDK 2.x validates
 * structured output with its JSON Schema validator ("Tool (<name>) output validation failed: ...", or "Response
 * missing structured content which is expected when calling tool with non-empty outputSchema";
 * fixtures/sdks/java-sdk); its input check says "input validation failed" and never matches.
 */
const OUTPUT_REFUSED =
  /^(?:(?:MCP error -?\d+: )?Output validation error\b|Error executing tool [^:\n]{1,200}: \d+ validation errors? for (?!\S*Arguments\n)\S+\n|Tool \([^)\n]{1,200}\) output validation failed: |Response missing structured content which is expected when calling tool with non-empty outputSchema)/;

/**
 * The Go SDK's typed tools (mcp.AddTool) validate the tool's result against its outputSchema and return the failure
 * as a plain Go error, which goes out as a JSON-RPC error (code 0): "validating tool output: ..." (go-sdk v1.8.0
 * mcp/server.go; fixtures/sdks/go-sdk).
 */
const OUTPUT_REFUSED_ERROR = /^validating tool output: /;

export const structuredContent = defineRule({
  id: 'tools/structured-content',
  family: 'tools',
  needs: ['tools'],
  description:
    "A tool with an outputSchema returns structuredContent that conforms to it (isError results are exempt, but not an SDK's refusal of the tool's own output).",
  defaultSeverity: 'error',
  spec: {
    checklist: 'T4',
    texts: since('2025-06-18', {
      keyword: 'MUST',
      binds: 'server',
      section: 'server/tools#output-schema',
      quote: 'If an output schema is provided: Servers MUST provide structured results that conform to this schema.',
    }),
  },
  docs:
    'When a tool declares an `outputSchema`, servers MUST provide structured results that conform to it, and ' +
    'clients validate them: a result without `structuredContent`, or with one the schema rejects, breaks every ' +
    'client that relies on the schema. mcpact checks each valid-input call it makes (see tools/valid-input and the ' +
    'safe-call policy) against the outputSchema, compiled with Ajv in its declared dialect. Results with ' +
    "`isError: true` are exempt, except the one an SDK answers when the tool's own result breaks the schema " +
    '("Output validation error: ..." from the TypeScript SDK 1.x and 2.x and the Python SDK, "Error executing tool ' +
    '<name>: 1 validation error for <its return type>" from the Python SDK\'s FastMCP 1.x, "Tool (<name>) output ' +
    'validation failed: ..." from the Java SDK), and the JSON-RPC error the Go SDK answers instead ("validating tool ' +
    'output: ..."): that is this defect, ' +
    "caught by the server's SDK before it reached mcpact, and reported here once per tool as the tool's own (not " +
    'inherited: the SDK did what the text asks of it). Unless the call carried values mcpact made up where the ' +
    'inputSchema constrains nothing (`{}`, a property with only a description, such as GeoJSON data): the tool ' +
    "may have built its result from mcpact's guess, and refusing it is what a tool error may do, so such a call " +
    "gets no verdict (the rule is inconclusive when no other call is judged). The finding lists Ajv's messages (or the SDK's words); the " +
    'structured content itself appears only ' +
    "with --show-values (otherwise its keys and a short hash), since a tool's output may hold private data.",
  async check({ surface, probe, settings, cache, runtime, spec, report, skip, note, inconclusive }) {
    if (surface.lists.tools.status === 'not-declared') return skip('the server does not declare the tools capability');
    const schemas = new Map<string, Compiled>();
    const inputSchemas = new Map<string, unknown>();
    for (const item of items(surface, 'tools')) {
      const name = item.record?.name;
      if (typeof name !== 'string' || schemas.has(name) || item.record?.outputSchema === undefined) continue;
      inputSchemas.set(name, item.record.inputSchema);
      const compiled = compileSchema(item.record.outputSchema);
      if (compiled) schemas.set(name, compiled); // a broken outputSchema is schema/tool-output-schema's finding
    }
    const calls = toolPlan({ surface, settings, cache }).valid.filter((call) => call.tool !== undefined && schemas.has(call.tool));
    if (calls.length === 0)
      return skip(schemas.size === 0 ? 'no tool declares a usable outputSchema' : 'no tool with an outputSchema may be called under the safe-call policy');
    const { revision, level } = spec!;
    const reported = new Set<string | undefined>();
    const guessed: string[] = [];
    for (const { call, outcome } of await outcomesOf({ surface, probe, cache }, calls)) {
      if ((outcome.kind !== 'result' && outcome.kind !== 'error') || reported.has(call.tool)) continue;
      const base = { ...callData(call), negotiated: surface.protocolVersion ?? null, level };
      const refusal = outputRefusal(outcome);
      // Values mcpact made up where the inputSchema constrains nothing ("data": z.unknown(), described as GeoJSON):
      // an output check that refuses what the tool built from them refuses mcpact's guess, as a tool error may.
      const open = refusal === undefined ? [] : openValuePaths(inputSchemas.get(call.tool!), asRecord(call.params)?.arguments);
      if (open.length > 0) {
        guessed.push(`${quote(call.tool, 60)} (${open.slice(0, 3).join(', ')})`);
        continue;
      }
      if (refusal !== undefined) {
        // The tool's own output broke its schema on valid input; the SDK's output check turned it into an isError
        // result (or an error). The defect is the tool's, the SDK only said so: not inherited, and reported here once.
        reported.add(call.tool);
        const instead = outcome.kind === 'error' ? `JSON-RPC error ${String(outcome.code).slice(0, 20)}` : 'an isError result';
        report({
          message: `${quote(call.tool, 60)} returned, on valid input, a result its outputSchema rejects: the server's own output check refused it and answered ${instead} instead (revision ${revision}, ${levelLabel(level)})`,
          location: toolLocation(call.tool, '/outputSchema'),
          answer: answerOf(outcome),
          data: { ...base, ...(outcome.kind === 'error' ? { code: outcome.code } : { isError: true }), said: refusal },
        });
        continue;
      }
      // A call that still asked for input when mcpact stopped retrying (2026-07-28) returned no tool result yet.
      if (outcome.kind !== 'result' || isErrorResult(outcome.result) || !isComplete(outcome.result)) continue;
      const result = asRecord(outcome.result);
      const content = result?.structuredContent;
      const schema = call.tool === undefined ? undefined : schemas.get(call.tool);
      if (!schema) continue;
      // One finding per tool: its second example would only repeat the first.
      if (content !== undefined && schema.validate(content)) continue;
      reported.add(call.tool);
      if (content === undefined) {
        report({
          message: `${quote(call.tool, 60)} declares an outputSchema but its result has no structuredContent (revision ${revision}, ${levelLabel(level)})`,
          location: toolLocation(call.tool, '/outputSchema'),
          data: base,
        });
      } else {
        const errors = schema.errors().slice(0, 5);
        report({
          message: `${quote(call.tool, 60)} returned structuredContent that its outputSchema rejects: ${quote(errors[0] ?? 'invalid', 100)} (revision ${revision}, ${levelLabel(level)})`,
          location: toolLocation(call.tool, '/outputSchema'),
          data: { ...base, errors, structuredContent: shown(content, runtime.showValues) },
        });
      }
    }
    if (guessed.length > 0) {
      const why = `the output check refused a result built from values mcpact made up where the inputSchema constrains nothing, so no verdict on ${guessed.slice(0, 3).join('; ')}`;
      if (reported.size === 0) inconclusive(why);
      else note(why);
    }
  },
});

/** The server's words when its own output check refused the tool's result, else undefined. */
function outputRefusal(outcome: Outcome): string | undefined {
  const said = wordsOf(outcome);
  if (said === undefined) return undefined;
  if (outcome.kind === 'error') return OUTPUT_REFUSED_ERROR.test(said) ? said : undefined;
  return outcome.kind === 'result' && isErrorResult(outcome.result) && OUTPUT_REFUSED.test(said) ? said : undefined;
}
