/**
 * The `jsonpath` anchor of suite cases: each assertion selects values from the result with jsonpath-plus (loaded
 * on first use only, so runs without such a case never pay for it) and checks them with exactly one of equals,
 * matches, exists or count. Filter expressions run in jsonpath-plus's safe evaluator, never as JavaScript.
 */
import type { JsonPathAssertion } from '../../config/suites.js';
import { jsonEqual } from '../../util/json-equal.js';
import { quote } from '../../util/text.js';
import type { Failure } from './failure.js';

type JsonPathFunction = (typeof import('jsonpath-plus'))['JSONPath'];

let library: Promise<JsonPathFunction> | undefined;

function jsonPathLibrary(): Promise<JsonPathFunction> {
  library ??= import('jsonpath-plus').then((module) => module.JSONPath);
  return library;
}

/** What jsonpath-plus accepts as a document: any JSON value. */
function asDocument(value: unknown): null | boolean | number | string | object {
  return value === undefined ? null : typeof value === 'bigint' || typeof value === 'function' || typeof value === 'symbol' ? String(value) : value;
}

export async function checkJsonPaths(assertions: readonly JsonPathAssertion[], document: unknown, showValues: boolean): Promise<Failure[]> {
  const JSONPath = await jsonPathLibrary();
  const failures: Failure[] = [];
  for (const assertion of assertions) {
    const anchor = `jsonpath: ${assertion.path}`;
    const path = quote(assertion.path, 80);
    let selected: unknown[];
    try {
      const found: unknown = JSONPath({ path: assertion.path, json: asDocument(document), wrap: true, eval: 'safe' });
      selected = Array.isArray(found) ? found : [];
    } catch (error) {
      failures.push({ anchor, message: `${path} could not be evaluated: ${quote(error instanceof Error ? error.message : String(error), 80)}` });
      continue;
    }
    const shown = showValues ? { selected, ...('equals' in assertion && { expected: assertion.equals }) } : { selectedCount: selected.length };
    const fail = (message: string) => failures.push({ anchor, message, data: shown });
    if (assertion.exists !== undefined) {
      if (assertion.exists && selected.length === 0) fail(`${path} selects nothing`);
      if (!assertion.exists && selected.length > 0) fail(`${path} selects ${selected.length} value${selected.length === 1 ? '' : 's'}, expected none`);
    } else if (assertion.count !== undefined) {
      if (selected.length !== assertion.count) fail(`${path} selects ${selected.length} value${selected.length === 1 ? '' : 's'}, expected ${assertion.count}`);
    } else if (selected.length === 0) {
      fail(`${path} selects nothing`);
    } else if (assertion.matches !== undefined) {
      const pattern = new RegExp(assertion.matches);
      const index = selected.findIndex((value) => !pattern.test(textOf(value)));
      if (index !== -1) fail(`${path} value${selected.length > 1 ? ` #${index + 1}` : ''} does not match /${assertion.matches.slice(0, 80)}/`);
    } else if ('equals' in assertion) {
      const index = selected.findIndex((value) => !jsonEqual(value, assertion.equals));
      if (index !== -1) fail(`${path} value${selected.length > 1 ? ` #${index + 1}` : ''} does not equal the expected value`);
    }
  }
  return failures;
}

/** Strings as they are; anything else as its JSON text (a value too deep to serialize matches nothing). */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}
