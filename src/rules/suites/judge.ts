/**
 * One suite case: the request it sends (tools/call, prompts/get or resources/read, exactly as the user wrote it)
 * and the anchors of its `expect` that the answer fails, in a fixed order: error_code or result, is_error,
 * output_matches_schema, jsonpath, messages, golden. Every failure names its anchor; values (what the server
 * sent, what the config expected) appear in data only with --show-values.
 */
import type { Outcome } from '../../connect/rpc.js';
import type { SuiteCase, SuiteKind } from '../../config/suites.js';
import { checkGolden, goldenText } from '../../engine/golden.js';
import type { RunRuntime } from '../../engine/runtime.js';
import { render } from '../../exercise/prompts/render.js';
import { asLegacyResult } from '../../exercise/modern-result.js';
import { asRecord, type JsonRecord } from '../../util/json.js';
import { compileSchema } from '../../util/schema-validator.js';
import { expandUriTemplate } from '../../util/uri-expand.js';
import { parseUriTemplate } from '../../util/uri-template.js';
import { truncate } from '../../util/text.js';
import { describeOutcome } from '../outcome.js';
import { checkJsonPaths } from './jsonpath.js';
import type { Failure } from './failure.js';

export interface CaseRequest {
  method: 'tools/call' | 'prompts/get' | 'resources/read';
  params: JsonRecord;
}

export function caseRequest(kind: SuiteKind, target: string, entry: SuiteCase): CaseRequest {
  switch (kind) {
    case 'tool':
      return { method: 'tools/call', params: { name: target, arguments: entry.args ?? {} } };
    case 'prompt':
      return { method: 'prompts/get', params: entry.args === undefined ? { name: target } : { name: target, arguments: entry.args } };
    case 'resource':
      return { method: 'resources/read', params: { uri: resourceUri(target, entry.args) } };
  }
}

/** The URI to read: the configured one, with its template variables filled from args (validated with the config). */
export function resourceUri(resource: string, args: Record<string, unknown> | undefined): string {
  const parsed = parseUriTemplate(resource);
  if (!parsed.ok) return resource;
  const values = Object.fromEntries(Object.entries(args ?? {}).map(([key, value]) => [key, String(value)]));
  return expandUriTemplate(parsed.parts, values);
}

export interface JudgeInput {
  kind: SuiteKind;
  entry: SuiteCase;
  outcome: Outcome;
  /** The tool's declared outputSchema (tool cases). */
  outputSchema?: unknown;
  runtime: RunRuntime;
}

export async function judgeCase({ kind, entry, outcome, outputSchema, runtime }: JudgeInput): Promise<Failure[]> {
  const expect = entry.expect ?? {};
  const showValues = runtime.showValues;
  if (expect.error_code !== undefined) {
    if (outcome.kind !== 'error' || outcome.code !== expect.error_code) {
      return [{ anchor: 'error_code', message: `expected JSON-RPC error ${expect.error_code}, got ${got(outcome)}`, data: outcomeData(outcome, showValues) }];
    }
    const error = { code: outcome.code, message: outcome.message, ...(outcome.data !== undefined && { data: outcome.data }) };
    return expect.jsonpath ? checkJsonPaths(expect.jsonpath, error, showValues) : [];
  }
  if (outcome.kind !== 'result') return [{ anchor: 'result', message: `expected a result, got ${got(outcome)}`, data: outcomeData(outcome, showValues) }];

  const result = outcome.result;
  const failures: Failure[] = [];
  if (expect.is_error !== undefined) {
    const isError = asRecord(result)?.isError === true;
    if (isError !== expect.is_error) {
      failures.push({
        anchor: 'is_error',
        message: expect.is_error ? 'expected an isError result, got a result without isError: true' : 'expected a result without isError, got isError: true',
      });
    }
  }
  if (expect.output_matches_schema === true) {
    const problem = outputSchemaProblem(outputSchema, result, showValues);
    if (problem) failures.push(problem);
  }
  if (expect.jsonpath) failures.push(...(await checkJsonPaths(expect.jsonpath, result, showValues)));
  if (expect.messages && kind === 'prompt') failures.push(...messageFailures(expect.messages, result));
  if (expect.golden !== undefined) {
    const failure = goldenFailure(runtime, expect.golden, goldenValue(kind, result), expect.normalize);
    if (failure) failures.push(failure);
  }
  return failures;
}

/** What came back, in words; an error code is server text of any size. */
function got(outcome: Outcome): string {
  return truncate(describeOutcome(outcome), 100);
}

/** The outcome's kind and error code for data consumers (the error message is server text: only with --show-values). */
function outcomeData(outcome: Outcome, showValues: boolean): Record<string, unknown> {
  if (outcome.kind !== 'error') return { outcome: outcome.kind };
  return { outcome: outcome.kind, code: outcome.code, ...(showValues && { errorMessage: outcome.message }) };
}

function outputSchemaProblem(outputSchema: unknown, result: unknown, showValues: boolean): Failure | undefined {
  const anchor = 'output_matches_schema';
  if (outputSchema === undefined) return { anchor, message: 'the tool declares no outputSchema' };
  const compiled = compileSchema(outputSchema);
  if (!compiled) return { anchor, message: "the tool's outputSchema does not compile (see schema/tool-output-schema)" };
  const record = asRecord(result);
  if (!record || !('structuredContent' in record)) return { anchor, message: 'the result has no structuredContent' };
  if (compiled.validate(record.structuredContent)) return undefined;
  const errors = compiled.errors().slice(0, 10);
  return {
    anchor,
    message: `structuredContent does not match the outputSchema: ${errors[0]?.slice(0, 120) ?? 'rejected'}`,
    data: { errors, ...(showValues && { structuredContent: record.structuredContent }) },
  };
}

function messageFailures(messages: NonNullable<NonNullable<SuiteCase['expect']>['messages']>, result: unknown): Failure[] {
  const rendered = render(result);
  const failures: Failure[] = [];
  if (messages.roles && messages.roles.join(',') !== rendered.roles.join(',')) {
    failures.push({
      anchor: 'messages.roles',
      message: `message roles are [${rendered.roles.join(', ').slice(0, 80)}], expected [${messages.roles.join(', ')}]`,
    });
  }
  for (const pattern of messages.match ?? []) {
    if (!new RegExp(pattern).test(rendered.text))
      failures.push({ anchor: `messages.match: ${pattern}`, message: `rendered text does not match /${pattern.slice(0, 80)}/` });
  }
  for (const pattern of messages.not_match ?? []) {
    if (new RegExp(pattern).test(rendered.text))
      failures.push({ anchor: `messages.not_match: ${pattern}`, message: `rendered text matches /${pattern.slice(0, 80)}/, which it must not` });
  }
  return failures;
}

/**
 * What a golden file holds: a tool's whole result, a prompt's messages, a resource's contents. A tool's result is
 * taken as the legacy era sends it, without the `resultType: "complete"` and `_meta` serverInfo that 2026-07-28 adds
 * to every result (exercise/modern-result.ts): one golden file serves both halves of a dual-era server, survives
 * the move from one era to the other, and a new server version changes no golden file.
 */
function goldenValue(kind: SuiteKind, result: unknown): unknown {
  if (kind === 'prompt') return render(result).messages;
  if (kind === 'resource') return asRecord(result)?.contents ?? result;
  return asLegacyResult(result);
}

function goldenFailure(runtime: RunRuntime, file: string, value: unknown, normalize: { pattern: string; replace: string }[] | undefined): Failure | undefined {
  const anchor = `golden: ${file}`;
  let text: string;
  try {
    text = goldenText(value, normalize);
  } catch {
    return { anchor, message: 'the result is nested too deeply to compare with a golden file' };
  }
  const verdict = checkGolden(runtime, file, text);
  if (verdict.kind === 'missing') {
    return { anchor, message: `golden file ${file} does not exist; run mcpact run --update-golden to create it from the current result` };
  }
  if (verdict.kind !== 'different') return undefined;
  return {
    anchor,
    message: `the result differs from golden file ${file} (first difference on line ${verdict.line})`,
    data: runtime.showValues ? { expectedLine: verdict.expectedLine, actualLine: verdict.actualLine } : {},
  };
}
