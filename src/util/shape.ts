/**
 * Shape checks for untrusted JSON objects: which fields are missing or of the wrong JSON type. Shape rules use
 * them so that every rule words these problems the same way.
 */
import { asRecord, jsonType, type JsonRecord } from './json.js';

export type JsonKind = 'string' | 'number' | 'boolean' | 'array' | 'object';

export interface Field {
  key: string;
  kind: JsonKind;
  required?: boolean;
}

export interface FieldProblem {
  key: string;
  message: string;
  /** The JSON type found, or undefined when the field is missing. */
  got: string | undefined;
}

const WITH_ARTICLE: Record<JsonKind, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  array: 'an array',
  object: 'an object',
};

/** One problem per listed field that is required but missing, or present with another JSON type (null included). */
export function fieldProblems(record: JsonRecord, fields: readonly Field[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const { key, kind, required } of fields) {
    if (!Object.hasOwn(record, key)) {
      if (required) problems.push({ key, message: `"${key}" is missing: it must be ${WITH_ARTICLE[kind]}`, got: undefined });
      continue;
    }
    const got = jsonType(record[key]);
    if (got !== kind) problems.push({ key, message: `"${key}" must be ${WITH_ARTICLE[kind]}, got ${got}`, got });
  }
  return problems;
}

/** The value when it is an array, typed for untrusted content. */
export function asArray(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/** `value[key]` when `value` is an object and that field is a string. */
export function stringField(value: unknown, key: string): string | undefined {
  const field = asRecord(value)?.[key];
  return typeof field === 'string' ? field : undefined;
}
